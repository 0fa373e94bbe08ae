// Tests of the Change Multiple Positions dialog's store: the payload and its three messages.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, textResponse } from "../../shared/test/fakeTransport";
import { positionJson, positionsAnswer } from "../test/optionFixtures";
import type { RouteHandler } from "../../shared/test/routeResponder";
import { testRoot } from "../../shared/test/testRoot";

const MULTIPLE = "POST /api/copy_trading_account/exit_order_multiple/COMMON";
const PUT = { optionChainSymbol: "SPY   241018P00500000", optionChainDescription: "SPY 10/18/2024 500.00 P" };

async function changing(handler: RouteHandler) {
  const harness = testRoot({
    "GET /api/copy_trading_position_account/database/COMMON": () =>
      jsonResponse(
        200,
        positionsAnswer([
          positionJson(1, { optionChainSettledQuantity: 4, optionChainAveragePrice: 2.5 }),
          positionJson(2, { ...PUT, optionChainSettledQuantity: -3, optionChainAveragePrice: 1.1 }),
        ]),
      ),
    [MULTIPLE]: handler,
  });
  await harness.root.options.positionTable.load();
  harness.root.options.positionTable.setSelectionMode(true);
  for (const position of harness.root.options.positionTable.rows) {
    harness.root.options.positionTable.setSelected(position, true);
  }
  harness.root.options.changeSelected();
  return { ...harness, dialog: harness.root.options.changeDialog };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("ChangePositionsDialogStore", () => {
  it("sends every change at once: 'Selected positions successfully exited.'", async () => {
    const { root, dialog, requests } = await changing(() => textResponse(200, "success"));
    dialog.changes[1]?.form.setOrderType("MARKET");
    dialog.changes[0]?.form.setQuantity("1");

    await expect(dialog.submit()).resolves.toEqual({ ok: true, message: "Selected positions successfully exited." });

    expect(JSON.parse(requests.at(-1)?.body ?? "null")).toEqual({
      ordersToExit: [
        {
          accountId: 1,
          accountName: "Account 1",
          accountUsername: "user1",
          optionChainSymbol: "AAPL  241018C00230000",
          optionChainDescription: "AAPL 10/18/2024 230.00 C",
          optionChainInstruction: "SELL_TO_CLOSE",
          optionChainOrderType: "LIMIT",
          optionChainQuantity: 1,
          optionChainPrice: 2.5,
        },
        {
          accountId: 2,
          accountName: "Account 2",
          accountUsername: "user2",
          optionChainSymbol: "SPY   241018P00500000",
          optionChainDescription: "SPY 10/18/2024 500.00 P",
          optionChainInstruction: "BUY_TO_CLOSE",
          optionChainOrderType: "MARKET",
          optionChainQuantity: 3,
          optionChainPrice: 0,
        },
      ],
    });
    expect(dialog.isOpen).toBe(false);
    expect(root.options.positionTable.selectionMode).toBe(false);
  });

  it("a partial answer says the exits went out to some accounts, why not to the others, and closes", async () => {
    const { root, dialog } = await changing(() =>
      jsonResponse(200, { accepted: [1], failed: [{ accountId: 2, accountName: "Account 2", reason: "x" }] }),
    );

    await expect(dialog.submit()).resolves.toEqual({
      ok: true,
      partial: true,
      message: "Exit sent to 1 of 2 accounts; 1 not sent: x (1)",
    });
    expect(dialog.isOpen).toBe(false);
    expect(root.options.positionTable.selectionMode).toBe(false);
  });

  it("an answer no account accepted is 'Failed to exit some or all positions.'", async () => {
    const { root, dialog } = await changing(() =>
      jsonResponse(200, { accepted: [], failed: [{ accountId: 2, accountName: "Account 2", reason: "x" }] }),
    );

    await expect(dialog.submit()).resolves.toEqual({
      ok: false,
      message: "Failed to exit some or all positions. refused on 1 account (Account 2: x)",
    });
    expect(dialog.isOpen).toBe(true);
    expect(root.options.positionTable.selectionMode).toBe(true);
  });

  it("a failed request is 'An error occurred while exiting positions.'", async () => {
    const { dialog } = await changing(() => jsonResponse(403, { error: "account 9 is not yours", code: "forbidden" }));

    await expect(dialog.submit()).resolves.toEqual({
      ok: false,
      message: "An error occurred while exiting positions. account 9 is not yours",
    });
  });

  it("sends nothing while a row's quantity or price cannot be sent, and marks that row", async () => {
    const { dialog, requests } = await changing(() => textResponse(200, "success"));
    const before = requests.length;
    dialog.changes[1]?.form.setQuantity("1.5");

    await expect(dialog.submit()).resolves.toEqual({
      ok: false,
      message:
        "An error occurred while exiting positions. Quantity must be a whole number of at least 1 (SPY 10/18/2024 500.00 P of Account 2)",
    });

    expect(requests).toHaveLength(before);
    expect(dialog.isOpen).toBe(true);
    expect(dialog.changes.map((change) => change.form.shownQuantityProblem)).toEqual([
      null,
      "Must be a whole number of at least 1",
    ]);
  });
});
