// Tests of the view-all-orders dialog's session: live rows, checked rows, and R / C on the checked rows.
import { describe, expect, it, vi } from "vitest";
import { SessionView } from "./SessionView";

interface Order {
  readonly session: number;
  readonly account: number;
  readonly status: string;
}

/** Sessions the test changes as a poll would. */
function sessionsOf(initial: Record<number, Order[]>) {
  const sessions = new Map<number, Order[]>(Object.entries(initial).map(([id, rows]) => [Number(id), rows]));
  const view = new SessionView(
    (id) => sessions.get(id) ?? [],
    (order: Order) => `${order.session}:${order.account}`,
  );
  return { sessions, view };
}

const order = (session: number, account: number, status = "WORKING"): Order => ({ session, account, status });

describe("SessionView", () => {
  it("is open while it shows a session, whose rows follow the orders held", () => {
    const { sessions, view } = sessionsOf({ 3: [order(3, 1), order(3, 2)] });
    expect(view.isOpen).toBe(false);
    expect(view.rows).toEqual([]);

    view.open(3);
    sessions.set(3, [order(3, 1, "FILLED"), order(3, 2)]);

    expect(view.isOpen).toBe(true);
    expect(view.rows).toEqual([order(3, 1, "FILLED"), order(3, 2)]);
    view.close();
    expect(view.sessionId).toBeNull();
  });

  it("checks rows by key, counts only those still in the session, and unchecks all on open, close and clear", () => {
    const { sessions, view } = sessionsOf({ 3: [order(3, 1), order(3, 2), order(3, 3)] });
    view.open(3);
    view.setSelected(order(3, 3), true);
    view.setSelected(order(3, 1), true);
    view.setSelected(order(3, 3), false);
    view.setSelected(order(3, 2), true);
    expect(view.isSelected(order(3, 1))).toBe(true);
    expect(view.selectedRows).toEqual([order(3, 1), order(3, 2)]);

    sessions.set(3, [order(3, 2, "FILLED")]);
    expect(view.selectedRows).toEqual([order(3, 2, "FILLED")]);
    view.clearSelection();
    expect(view.selectedRows).toEqual([]);

    view.setSelected(order(3, 2), true);
    view.open(3);
    expect(view.selectedRows).toEqual([]);
    view.setSelected(order(3, 2), true);
    view.close();
    view.open(3);
    expect(view.selectedRows).toEqual([]);
  });

  it("hands the session and its checked rows on, or warns when none is checked", () => {
    const { view } = sessionsOf({ 3: [order(3, 1), order(3, 2)] });
    const warning = { show: vi.fn() };
    const act = vi.fn();
    view.open(3);

    view.withChecked(warning, "Please select at least one order!", act);
    expect(warning.show).toHaveBeenCalledWith("Please select at least one order!");
    expect(act).not.toHaveBeenCalled();

    view.setSelected(order(3, 2), true);
    view.withChecked(warning, "Please select at least one order!", act);
    expect(act).toHaveBeenCalledWith(3, [order(3, 2)]);
    expect(warning.show).toHaveBeenCalledTimes(1);
  });
});
