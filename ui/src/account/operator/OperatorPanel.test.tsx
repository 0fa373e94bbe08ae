// Tests of the operator panel: per-account health and limits, and saving a limit and the settings.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { accountJson, OPERATOR_SETTINGS_JSON, operatorAccountJson } from "../../shared/test/accountFixtures";
import { jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import { renderAccountScreen } from "../test/renderAccountScreen";
import { showOutcome } from "../../shared/shell/toaster";

vi.mock("../../shared/shell/toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

function operatorTable(): HTMLElement {
  return screen.getByRole("table", { name: "Operator view of the accounts" });
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("OperatorPanel", () => {
  it("shows each account's status, limit, usage, throttling, last poll and token countdowns", async () => {
    renderAccountScreen([
      accountJson(3, { accountName: "Alpha", accountUsername: "alpha" }),
      accountJson(4, {
        accountName: "Beta",
        accountStatus: "reauthorization_needed",
        accountStatusText: "Reauthorization needed",
      }),
    ]);

    expect(screen.getByRole("heading", { name: "Operator" })).toBeInTheDocument();
    await within(operatorTable()).findByRole("cell", { name: "Alpha" });
    expect(
      within(operatorTable())
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual([
      "Account",
      "Status",
      "Write limit per minute",
      "Writes last minute",
      "Reads last minute",
      "Throttled calls",
      "Last successful poll",
      "Order stream",
      "Access token",
      "Refresh token",
    ]);
    const rows = within(operatorTable()).getAllByRole("row").slice(1);
    const texts = rows.map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((td) => td.textContent),
    );
    expect(texts[0]).toEqual(["Alpha", "Connected", "Save", "3", "17", "0", "12s ago", "connected", "29m 59s", "6d 23h"]);
    expect(texts[1]?.slice(0, 2)).toEqual(["Beta", "Reauthorization needed"]);
    expect(within(operatorTable()).getByRole("spinbutton", { name: "Write limit per minute of Alpha" })).toHaveValue(
      120,
    );
  });

  it("keeps each row on one line: a long name is cut and named in full on hover, the stream's state stays whole", async () => {
    const name = "Partner fund of the west coast desk 5";
    renderAccountScreen([accountJson(3, { accountName: name, accountUsername: "west5" })]);

    const cell = await within(operatorTable()).findByRole("cell", { name });
    expect(within(cell).getByText(name)).toHaveClass("cd-truncate");
    expect(within(cell).getByText(name)).toHaveAttribute("title", name);
    const row = cell.closest("tr");
    expect(row?.querySelector("td.cd-stream-cell")?.textContent).toBe("connected");
  });

  it("shows the background share of reads from the read budget's answer", async () => {
    const { fake } = renderAccountScreen([accountJson(3, { accountName: "Alpha" })]);

    expect(await screen.findByLabelText("Background reads")).toHaveTextContent(
      "Background reads: 23 of 44 this minute (50 % share)",
    );
    expect(fake.requests.filter((r) => r.url === "/api/operator/read_budget").map((r) => r.method)).toEqual(["GET"]);
  });

  it("says when another connection of the login took the stream over", async () => {
    renderAccountScreen([accountJson(3, { accountName: "Alpha" })], {
      "GET /api/operator/accounts": () =>
        jsonResponse(200, [
          operatorAccountJson(3, {
            accountName: "Alpha",
            streamState: "reconnecting",
            streamStateText: "another connection of this login took over the stream",
          }),
        ]),
    });

    const cell = await within(operatorTable()).findByText("another connection of this login took over the stream");
    expect(cell.closest("td")?.textContent).toBe("reconnecting another connection of this login took over the stream");
  });

  it("saves a typed write limit and toasts the result", async () => {
    const user = userEvent.setup({ delay: null });
    const { fake } = renderAccountScreen([accountJson(3, { accountName: "Alpha", accountUsername: "alpha" })], {
      "POST /api/operator/account_write_limit": () => textResponse(200, "success"),
    });
    const input = await within(operatorTable()).findByRole("spinbutton", { name: "Write limit per minute of Alpha" });

    await user.clear(input);
    await user.type(input, "60");
    const row = input.closest("tr");
    if (row === null) {
      throw new Error("no row");
    }
    await user.click(within(row).getByRole("button", { name: "Save" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: true, message: "Write limit saved" }),
    );
    expect(fake.requests.filter((r) => r.method === "POST").map((r) => [r.url, r.body])).toEqual([
      ["/api/operator/account_write_limit", '{"accountUsername":"alpha","writeLimitPerMinute":60}'],
    ]);
  });

  it("shows the settings and saves edited multipliers", async () => {
    const user = userEvent.setup({ delay: null });
    const saved = { readLimitPerMinute: 110, tierMultipliers: { small_account: 1, medium_account: 5, big_account: 3 } };
    const { fake } = renderAccountScreen([], { "POST /api/operator/settings": () => jsonResponse(200, saved) });
    const form = screen.getByRole("form", { name: "Operator settings" });
    const read = within(form).getByLabelText("Read limit per minute");
    await waitFor(() => expect(read).toHaveValue(OPERATOR_SETTINGS_JSON.readLimitPerMinute));
    expect(within(form).getByLabelText("Small multiplier")).toHaveValue(1);
    expect(within(form).getByLabelText("Big multiplier")).toHaveValue(3);
    const medium = within(form).getByLabelText("Medium multiplier");
    expect(medium).toHaveValue(2);

    await user.clear(medium);
    await user.type(medium, "5");
    await user.click(within(form).getByRole("button", { name: "Save" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: true, message: "Operator settings saved" }),
    );
    expect(fake.requests.filter((r) => r.method === "POST").map((r) => [r.url, r.body])).toEqual([
      [
        "/api/operator/settings",
        '{"readLimitPerMinute":110,"tierMultipliers":{"small_account":1,"medium_account":5,"big_account":3}}',
      ],
    ]);
    expect(medium).toHaveValue(5);
  });

  it("shows the read limit read-only to an agent who is not the operator", async () => {
    renderAccountScreen([], {
      "GET /api/operator/settings": () => jsonResponse(200, { ...OPERATOR_SETTINGS_JSON, readLimitEditable: false }),
    });
    const form = screen.getByRole("form", { name: "Operator settings" });
    const read = within(form).getByLabelText("Read limit per minute");
    await waitFor(() => expect(read).toHaveAttribute("readonly"));
    expect(within(form).getByText("Shared by every agent; set by the operator")).toBeInTheDocument();
    expect(within(form).getByLabelText("Medium multiplier")).not.toHaveAttribute("readonly");
  });
});
