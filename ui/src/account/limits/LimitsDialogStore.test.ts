// Tests of the limits dialog's store: the form, the checks before sending, and the exact PUT of what changed.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../shared/test/fakeTransport";
import type { RouteHandler } from "../../shared/test/routeResponder";
import { calls, testRoot } from "../../shared/test/testRoot";
import { limitsJson } from "../test/limitsFixtures";

const PUT = "PUT /api/trading_account/limits";

async function opened(routes: Record<string, RouteHandler> = {}) {
  const harness = testRoot({
    "GET /api/trading_account/limits": () =>
      jsonResponse(200, [limitsJson(4, { accountName: "Delta", accountUsername: "delta", guards: { maxOrdersPerDay: 9 } })]),
    ...routes,
  });
  await harness.root.limits.load();
  const row = harness.root.limits.byId.get(4);
  if (row === undefined) {
    throw new Error("not loaded");
  }
  const dialog = harness.root.limits.editDialog;
  dialog.open(row);
  harness.requests.length = 0;
  return { ...harness, dialog };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("LimitsDialogStore form", () => {
  it("opens filled as stored, with nothing to save", async () => {
    const { dialog } = await opened();

    expect(dialog.isOpen).toBe(true);
    expect(dialog.draft).toMatchObject({ method: "TIER", value: "", maxOrdersPerDay: "9", openClose: "ANY" });
    expect(dialog.canSave).toBe(false);
    expect(await dialog.save()).toEqual({ ok: false, message: "", quiet: true });
  });

  it("starts the value empty for another method and shows the stored one when going back", async () => {
    const { root, dialog } = await opened({
      "GET /api/trading_account/limits": () =>
        jsonResponse(200, [limitsJson(4, { sizing: { method: "RATIO", value: 0.5, belowOne: "REFUSE" } })]),
    });
    const row = root.limits.byId.get(4);
    if (row === undefined) {
      throw new Error("not loaded");
    }
    dialog.open(row);
    expect(dialog.draft?.value).toBe("0.5");

    dialog.setMethod("FIXED");
    expect(dialog.draft?.value).toBe("");
    expect(dialog.problemOf("value")).toBeUndefined();

    dialog.setMethod("RATIO");
    expect(dialog.draft?.value).toBe("0.5");
  });

  it("marks a field as soon as it is edited wrong, and every wrong field once Save is pressed", async () => {
    const { dialog, requests } = await opened();
    dialog.setGuardText("maxQuantityPerOrder", "0");
    dialog.setMethod("FIXED");

    expect(dialog.problemOf("maxQuantityPerOrder")).toBe(
      "Max Quantity Per Order must be a whole number between 1 and 1,000,000, or empty for none",
    );
    expect(dialog.problemOf("value")).toBeUndefined();
    expect(dialog.canSave).toBe(true);

    expect(await dialog.save()).toEqual({
      ok: false,
      message:
        "Sizing and limits not saved for Delta: Sizing Value must be a whole number of units between 1 and 1,000,000 for FIXED",
    });
    expect(dialog.problemOf("value")).toBe(
      "Sizing Value must be a whole number of units between 1 and 1,000,000 for FIXED",
    );
    expect(requests).toEqual([]);
    expect(dialog.isOpen).toBe(true);
    expect(dialog.refusals).toBe(1);
  });
});

describe("LimitsDialogStore save", () => {
  it("puts only what changed, shows the answer in the list and closes", async () => {
    const saved = limitsJson(4, {
      accountName: "Delta",
      accountUsername: "delta",
      sizing: { method: "FIXED", value: 5, belowOne: "REFUSE" },
      guards: { maxQuantityPerOrder: 3 },
    });
    const { root, dialog, requests } = await opened({ [PUT]: () => jsonResponse(200, saved) });
    dialog.setMethod("FIXED");
    dialog.setValue("5");
    dialog.setGuardText("maxQuantityPerOrder", "3");
    dialog.setGuardText("maxOrdersPerDay", "");

    expect(await dialog.save()).toEqual({ ok: true, message: "Sizing and limits saved for Delta" });

    expect(calls(requests)).toEqual([
      [
        "PUT",
        "/api/trading_account/limits",
        '{"accountUsername":"delta","sizing":{"method":"FIXED","value":5,"belowOne":"REFUSE"},"maxQuantityPerOrder":3,"maxOrdersPerDay":null}',
      ],
    ]);
    expect(requests[0]?.headers["content-type"]).toBe("application/json");
    expect(dialog.isOpen).toBe(false);
    expect(root.limits.byId.get(4)).toMatchObject({
      sizing: { method: "FIXED", value: 5, belowOne: "REFUSE" },
      guards: { maxQuantityPerOrder: 3, maxOrdersPerDay: null },
    });
  });

  it("marks the field a 400 names, keeps the dialog open, and clears the mark once the field is edited", async () => {
    const message = "Deny Symbols item 1 must be a symbol of 1 to 12 letters, digits, '.', '/', '-' or '$'";
    const { dialog, root } = await opened({ [PUT]: () => jsonResponse(400, { error: message, code: "bad_request" }) });
    dialog.setGuardText("denySymbols", "TSLA");

    expect(await dialog.save()).toEqual({ ok: false, message: `Sizing and limits not saved for Delta: ${message}` });

    expect(dialog.isOpen).toBe(true);
    expect(dialog.pending).toBe(false);
    expect(dialog.problemOf("denySymbols")).toBe(message);
    expect(dialog.refusals).toBe(1);
    expect(dialog.problemOf("allowSymbols")).toBeUndefined();
    expect(root.limits.byId.get(4)?.guards.denySymbols).toEqual([]);

    dialog.setGuardText("denySymbols", "TSLA, GME");
    expect(dialog.problemOf("denySymbols")).toBeUndefined();
  });

  it("says why when the account is gone, marking no field", async () => {
    const { dialog } = await opened({
      [PUT]: () => jsonResponse(404, { error: "No such trading account", code: "not_found" }),
    });
    dialog.setBelowOne("ONE");

    expect(await dialog.save()).toEqual({
      ok: false,
      message: "Sizing and limits not saved for Delta: No such trading account",
    });
    expect(dialog.serverProblem).toBeNull();
    expect(dialog.refusals).toBe(0);
    expect(dialog.isOpen).toBe(true);
  });

  it("sends once while a save is in flight and cannot be closed meanwhile", async () => {
    let release: (response: Response) => void = () => undefined;
    const { dialog, requests } = await opened({
      [PUT]: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    dialog.setOpenClose("CLOSE_ONLY");
    const first = dialog.save();

    expect(dialog.pending).toBe(true);
    expect(await dialog.save()).toEqual({ ok: false, message: "", quiet: true });
    dialog.close();
    expect(dialog.isOpen).toBe(true);

    release(jsonResponse(200, limitsJson(4, { accountName: "Delta", guards: { openClose: "CLOSE_ONLY" } })));
    expect(await first).toEqual({ ok: true, message: "Sizing and limits saved for Delta" });
    expect(calls(requests)).toEqual([
      ["PUT", "/api/trading_account/limits", '{"accountUsername":"delta","openClose":"CLOSE_ONLY"}'],
    ]);
  });
});
