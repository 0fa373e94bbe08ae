// CommandToasts: each toast of a screen's command toasts is shown once under its key, taken as an action.
import { render } from "@testing-library/react";
import { runInAction } from "mobx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RowOutcome } from "../orders/rejections";
import { failed, partlySucceeded, succeeded } from "../stores/Outcome";
import { SettlingToasts } from "../stores/SettlingToasts";
import { CommandToasts } from "./CommandToasts";
import { showOutcome } from "./toaster";

vi.mock("./toaster", () => ({ showOutcome: vi.fn() }));

const BUYING_POWER = "Order rejected: insufficient buying power";

/** Session `id`'s rows, one per account: the first `rejected` REJECTED, the others in `status`. */
function session(id: number, status: string, accounts = 3, rejected = 0): [number, RowOutcome[]] {
  return [
    id,
    Array.from({ length: accounts }, (_, index) =>
      index < rejected
        ? { accountId: index + 1, status: "REJECTED", reason: BUYING_POWER }
        : { accountId: index + 1, status, reason: null },
    ),
  ];
}

/** One load of the table holding `held`, every session of it changed. */
function load(toasts: SettlingToasts<RowOutcome>, held: Map<number, RowOutcome[]>): void {
  runInAction(() => {
    toasts.observe(held, held, Math.max(0, ...held.keys()));
    toasts.settle(held);
  });
}

describe("CommandToasts", () => {
  beforeEach(() => {
    vi.mocked(showOutcome).mockClear();
  });

  it("shows each toast once under its command's key, and changes no observed state outside an action", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const toasts = new SettlingToasts<RowOutcome>("/orders", (row) => row);
    load(toasts, new Map([session(1, "FILLED")]));
    const { unmount } = render(<CommandToasts toasts={toasts} />);
    expect(showOutcome).not.toHaveBeenCalled();

    // A place answered success: its message waits for session 2, which shows every account filled.
    runInAction(() => toasts.commandAnswered(1, succeeded("Place order successful"), new Map([session(1, "FILLED")])));
    load(toasts, new Map([session(1, "FILLED"), session(2, "FILLED")]));
    expect(vi.mocked(showOutcome).mock.calls).toEqual([[succeeded("Place order successful"), "/orders#command-1"]]);

    // Session 3 turns REJECTED on one account, then on all three: one toast, updated, its success never shown.
    runInAction(() => toasts.commandAnswered(2, succeeded("Place order successful"), new Map([session(2, "FILLED")])));
    load(toasts, new Map([session(2, "FILLED"), session(3, "WORKING", 3, 1)]));
    load(toasts, new Map([session(2, "FILLED"), session(3, "WORKING", 3, 3)]));
    expect(vi.mocked(showOutcome).mock.calls.slice(1)).toEqual([
      [partlySucceeded(`Session 3: 1 of 3 accounts rejected — ${BUYING_POWER} (1)`), "/orders#command-2"],
      [failed(`Session 3: 3 of 3 accounts rejected — ${BUYING_POWER} (3)`), "/orders#command-2"],
    ]);
    expect(toasts.toasts).toEqual([]);
    expect(warn.mock.calls.filter(([text]) => String(text).includes("strict-mode"))).toEqual([]);
    unmount();
  });

  it("shows what was already waiting when it mounts", () => {
    const toasts = new SettlingToasts<RowOutcome>("/orders", (row) => row);
    load(toasts, new Map());
    load(toasts, new Map([session(4, "WORKING", 2, 2)]));
    render(<CommandToasts toasts={toasts} />);
    expect(vi.mocked(showOutcome).mock.calls).toEqual([
      [failed(`Session 4: 2 of 2 accounts rejected — ${BUYING_POWER} (2)`), "/orders#session-4"],
    ]);
  });
});
