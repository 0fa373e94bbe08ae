// Tests of the operator store: the polled view, the drafts, and saving limits and settings.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { OPERATOR_SETTINGS_JSON, operatorAccountJson } from "../../shared/test/accountFixtures";
import { deferred, jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import type { RouteHandler } from "../../shared/test/routeResponder";
import { TEST_NOW_MS } from "../../shared/test/testClock";
import { calls, testRoot } from "../../shared/test/testRoot";

function setup(routes: Record<string, RouteHandler> = {}) {
  const harness = testRoot({
    "GET /api/operator/accounts": () => jsonResponse(200, [operatorAccountJson(2), operatorAccountJson(1)]),
    "GET /api/operator/settings": () => jsonResponse(200, OPERATOR_SETTINGS_JSON),
    ...routes,
  });
  return { ...harness, operator: harness.root.operator };
}

async function loaded(routes: Record<string, RouteHandler> = {}) {
  const harness = setup(routes);
  await harness.operator.loadAccounts();
  await harness.operator.loadSettings();
  const first = harness.operator.byId.get(1);
  if (first === undefined) {
    throw new Error("operator account 1 not loaded");
  }
  return { ...harness, first };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("OperatorStore loading", () => {
  it("keeps the view by account id in id order and notes when it was loaded", async () => {
    const { operator, first, requests } = await loaded();

    expect(calls(requests)).toEqual([
      ["GET", "/api/operator/accounts", undefined],
      ["GET", "/api/operator/settings", undefined],
    ]);
    expect(operator.sortedAccounts.map((a) => a.accountId)).toEqual([1, 2]);
    expect(first).toEqual(operatorAccountJson(1));
    expect(operator.loadedAt).toBe(TEST_NOW_MS);
    expect(operator.settings).toEqual(OPERATOR_SETTINGS_JSON);
  });

  it("merges a new answer into the same entries", async () => {
    const { operator, first, server } = await loaded();
    server.on("GET /api/operator/accounts", () =>
      jsonResponse(200, [operatorAccountJson(1, { writesLastMinute: 9, lastSuccessfulPoll: null })]),
    );

    await operator.loadAccounts();

    expect(operator.byId.get(1)).toBe(first);
    expect(first).toMatchObject({ writesLastMinute: 9, lastSuccessfulPoll: null });
    expect(operator.byId.has(2)).toBe(false);
  });

  it("rejects a malformed entry naming the field", async () => {
    const { operator, server } = setup();
    server.on("GET /api/operator/accounts", () =>
      jsonResponse(200, [{ ...operatorAccountJson(4), throttledCalls: "many" }]),
    );

    await expect(operator.loadAccounts()).rejects.toThrow("throttledCalls of operator account 4 is not a whole number");
  });

  it("only logs settings that cannot be loaded", async () => {
    const { operator } = setup({ "GET /api/operator/settings": () => jsonResponse(200, { readLimitPerMinute: 110 }) });

    await operator.loadSettings();

    expect(operator.settings).toBeNull();
    expect(console.error).toHaveBeenCalledWith(
      "Loading the operator settings failed",
      expect.objectContaining({ message: "tierMultipliers is not an object" }),
    );
  });
});

describe("OperatorStore write limits", () => {
  it("shows the server's limit until something is typed, and the draft after", async () => {
    const { operator, first } = await loaded();
    expect(operator.writeLimitInput(first)).toBe("120");

    operator.setWriteLimitDraft(first, "60");
    await operator.loadAccounts();

    expect(operator.writeLimitInput(first)).toBe("60");
  });

  it("saves the typed limit, says 'Write limit saved', drops the draft and reloads", async () => {
    const answer = deferred<Response>();
    const { operator, first, requests, server } = await loaded({
      "POST /api/operator/account_write_limit": () => answer.promise,
    });
    operator.setWriteLimitDraft(first, " 60 ");

    const save = operator.saveWriteLimit(first);
    expect(operator.writeLimitSaving.has(1)).toBe(true);
    server.on("GET /api/operator/accounts", () =>
      jsonResponse(200, [operatorAccountJson(1, { writeLimitPerMinute: 60 })]),
    );
    answer.resolve(textResponse(200, "success"));

    await expect(save).resolves.toEqual({ ok: true, message: "Write limit saved" });
    expect(calls(requests).slice(2)).toEqual([
      ["POST", "/api/operator/account_write_limit", '{"accountUsername":"user1","writeLimitPerMinute":60}'],
      ["GET", "/api/operator/accounts", undefined],
    ]);
    expect(operator.writeLimitDrafts.has(1)).toBe(false);
    expect(operator.writeLimitInput(first)).toBe("60");
    expect(operator.writeLimitSaving.size).toBe(0);
  });

  it("keeps the draft and shows the server's reason when the limit is refused", async () => {
    const { operator, first } = await loaded({
      "POST /api/operator/account_write_limit": () =>
        jsonResponse(400, { error: "writeLimitPerMinute must be between 1 and 120", code: "bad_request" }),
    });
    operator.setWriteLimitDraft(first, "500");

    await expect(operator.saveWriteLimit(first)).resolves.toEqual({
      ok: false,
      message: "Write limit not saved. writeLimitPerMinute must be between 1 and 120",
    });
    expect(operator.writeLimitInput(first)).toBe("500");
  });

  it("refuses a limit that is not a whole number without asking the server", async () => {
    const { operator, first, requests } = await loaded();
    operator.setWriteLimitDraft(first, "1.5");

    await expect(operator.saveWriteLimit(first)).resolves.toEqual({
      ok: false,
      message: "Write limit not saved. Write limit per minute must be a whole number",
    });
    expect(requests).toHaveLength(2);
  });
});

describe("OperatorStore settings", () => {
  it("shows the loaded settings, then what is typed", async () => {
    const { operator } = await loaded();

    expect(
      ["readLimitPerMinute", "small_account", "medium_account", "big_account"].map((f) =>
        operator.settingsInput(f as "readLimitPerMinute"),
      ),
    ).toEqual(["110", "1", "2", "3"]);
    operator.setSettingsDraft("medium_account", "4");
    expect(operator.settingsInput("medium_account")).toBe("4");
  });

  it("saves all four values, says 'Operator settings saved' and keeps the server's answer", async () => {
    const saved = {
      readLimitPerMinute: 90,
      readLimitEditable: true,
      tierMultipliers: { small_account: 1, medium_account: 4, big_account: 3 },
      defaultFanOutMode: "SEND_TO_ALL",
    };
    const { operator, requests } = await loaded({ "POST /api/operator/settings": () => jsonResponse(200, saved) });
    operator.setSettingsDraft("readLimitPerMinute", "90");
    operator.setSettingsDraft("medium_account", "4");

    await expect(operator.saveSettings()).resolves.toEqual({ ok: true, message: "Operator settings saved" });

    expect(calls(requests).at(-1)).toEqual([
      "POST",
      "/api/operator/settings",
      '{"readLimitPerMinute":90,"tierMultipliers":{"small_account":1,"medium_account":4,"big_account":3}}',
    ]);
    expect(operator.settings).toEqual(saved);
    expect(operator.settingsDrafts.size).toBe(0);
    expect(operator.settingsSaving).toBe(false);
  });

  it("keeps the drafts and shows the server's reason when the settings are refused", async () => {
    const { operator } = await loaded({
      "POST /api/operator/settings": () =>
        jsonResponse(400, { error: "readLimitPerMinute must be between 1 and 120", code: "bad_request" }),
    });
    operator.setSettingsDraft("readLimitPerMinute", "0");

    await expect(operator.saveSettings()).resolves.toEqual({
      ok: false,
      message: "Operator settings not saved. readLimitPerMinute must be between 1 and 120",
    });
    expect(operator.settingsInput("readLimitPerMinute")).toBe("0");
    expect(operator.settings?.readLimitPerMinute).toBe(110);
  });

  it("names a field that is not a whole number without asking the server", async () => {
    const { operator, requests } = await loaded();
    operator.setSettingsDraft("big_account", "");

    await expect(operator.saveSettings()).resolves.toEqual({
      ok: false,
      message: "Operator settings not saved. Big multiplier must be a whole number",
    });
    expect(requests).toHaveLength(2);
  });

  it("saves the default fan-out mode alone and keeps what the server answered", async () => {
    const saved = { ...OPERATOR_SETTINGS_JSON, defaultFanOutMode: "ALL_OR_NONE" };
    const { operator, requests } = await loaded({ "POST /api/operator/settings": () => jsonResponse(200, saved) });

    await expect(operator.saveDefaultFanOutMode("ALL_OR_NONE")).resolves.toEqual({
      ok: true,
      message: "Operator settings saved",
    });

    expect(calls(requests).at(-1)).toEqual(["POST", "/api/operator/settings", '{"defaultFanOutMode":"ALL_OR_NONE"}']);
    expect(operator.settings?.defaultFanOutMode).toBe("ALL_OR_NONE");
    expect(operator.fanOutModeSaving).toBe(false);
  });
});
