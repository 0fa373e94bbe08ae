// Tests of the view-all-orders dialog's store: live rows, the checked set, and R / C with none checked.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../shared/test/fakeTransport";
import { orderRowJson, ordersAnswer } from "../test/optionFixtures";
import { testRoot } from "../../shared/test/testRoot";

async function opened() {
  const state = { rows: [orderRowJson(3, 1), orderRowJson(3, 2), orderRowJson(2, 1)] };
  const harness = testRoot({
    "GET /api/copy_trading_account/database/COMMON": () => jsonResponse(200, ordersAnswer(state.rows)),
  });
  await harness.root.options.orderTable.load();
  const dialog = harness.root.options.sessionDialog;
  dialog.view.open(3);
  return { ...harness, state, dialog };
}

beforeEach(() => {
  // Opening the replace dialog loads the tiers, which this fake server does not answer.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("SessionOrdersDialogStore", () => {
  it("shows the session's rows as they are polled", async () => {
    const { root, dialog, state } = await opened();
    expect(dialog.view.rows.map((r) => r.accountId)).toEqual([1, 2]);

    state.rows = [orderRowJson(3, 1, { optionChainStatus: "FILLED" }), orderRowJson(3, 2)];
    await root.options.orderTable.load();

    expect(dialog.view.rows[0]?.optionChainStatus).toBe("FILLED");
  });

  it("R and C with nothing checked warn 'Please select at least one order!'", async () => {
    const { root, dialog } = await opened();

    dialog.replaceSelected();
    expect(root.options.warning.message).toBe("Please select at least one order!");
    expect(root.options.replaceDialog.isOpen).toBe(false);
    root.options.warning.close();

    dialog.cancelSelected();
    expect(root.options.warning.message).toBe("Please select at least one order!");
    expect(root.options.cancelDialog.isOpen).toBe(false);
  });

  it("R and C act on the checked rows only", async () => {
    const { root, dialog } = await opened();
    const second = dialog.view.rows[1];
    if (second === undefined) {
      throw new Error("expected two rows");
    }
    dialog.view.setSelected(second, true);
    expect(dialog.view.isSelected(second)).toBe(true);

    dialog.replaceSelected();
    expect(root.options.replaceDialog.scope).toBe("selected");
    expect(root.options.replaceDialog.targets.map((r) => r.accountId)).toEqual([2]);

    dialog.cancelSelected();
    expect(root.options.cancelDialog.targets.map((r) => r.accountId)).toEqual([2]);
    expect(root.options.warning.isOpen).toBe(false);
  });

  it("closing forgets the checked rows", async () => {
    const { dialog } = await opened();
    const first = dialog.view.rows[0];
    if (first === undefined) {
      throw new Error("expected a row");
    }
    dialog.view.setSelected(first, true);

    dialog.view.close();
    dialog.view.open(3);

    expect(dialog.view.selectedRows).toEqual([]);
  });

  it("walks the replace chain: back to the session replaced, forward to the sessions that replaced it", async () => {
    const state = {
      rows: [
        orderRowJson(2, 1),
        orderRowJson(3, 1, { replacedSessionID: 2 }),
        orderRowJson(4, 1, { replacedSessionID: 3 }),
        orderRowJson(5, 1, { replacedSessionID: 3 }),
        orderRowJson(6, 1),
      ],
    };
    const { root } = testRoot({
      "GET /api/copy_trading_account/database/COMMON": () => jsonResponse(200, ordersAnswer(state.rows)),
    });
    await root.options.orderTable.load();
    const dialog = root.options.sessionDialog;

    dialog.view.open(3);
    expect(dialog.replacedSessionId).toBe(2);
    expect(dialog.replacedBy).toEqual([4, 5]);

    dialog.view.open(dialog.replacedSessionId ?? 0);
    expect(dialog.view.sessionId).toBe(2);
    expect(dialog.replacedSessionId).toBeNull();
    expect(dialog.replacedBy).toEqual([3]);

    dialog.view.open(6);
    expect(dialog.replacedSessionId).toBeNull();
    expect(dialog.replacedBy).toEqual([]);
  });
});
