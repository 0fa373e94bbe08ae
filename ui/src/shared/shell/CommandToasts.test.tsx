// RejectionToasts: each alert and each confirmed success of a watch becomes one toast, taken as an action.
import { render } from "@testing-library/react";
import { runInAction } from "mobx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RowOutcome } from "../orders/rejections";
import { RejectionWatch } from "../stores/RejectionWatch";
import { RejectionToasts } from "./RejectionToasts";
import { showDanger, showSuccess } from "./toaster";

vi.mock("./toaster", () => ({ showDanger: vi.fn(), showSuccess: vi.fn() }));

/** Session `id`'s rows, one per account, in `status`. */
function session(id: number, status: string, accounts = 3): [number, RowOutcome[]] {
  return [
    id,
    Array.from({ length: accounts }, (_, index) => ({
      accountId: index + 1,
      status,
      reason: status === "REJECTED" ? "Order rejected: insufficient buying power" : null,
    })),
  ];
}

describe("RejectionToasts", () => {
  beforeEach(() => {
    vi.mocked(showDanger).mockClear();
    vi.mocked(showSuccess).mockClear();
  });

  it("toasts each alert and each confirmed success once, and changes no observed state outside an action", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const watch = new RejectionWatch<RowOutcome>((row) => row);
    watch.observe(new Map([session(1, "FILLED")]), 1);
    const { unmount } = render(<RejectionToasts watch={watch} />);
    expect(showDanger).not.toHaveBeenCalled();

    // A place answered success: its message waits for session 2, which shows every account filled.
    runInAction(() => watch.expectSuccess(1, "Place order successful"));
    const filled = new Map([session(2, "FILLED")]);
    runInAction(() => {
      watch.observe(filled, 2);
      watch.settle(filled);
    });
    expect(vi.mocked(showSuccess).mock.calls).toEqual([["Place order successful"]]);

    // Session 3 turns REJECTED on every account: one red toast, its success never shown.
    runInAction(() => watch.expectSuccess(2, "Place order successful"));
    const rejected = new Map([session(3, "REJECTED")]);
    runInAction(() => {
      watch.observe(rejected, 3);
      watch.settle(rejected);
    });
    expect(vi.mocked(showDanger).mock.calls).toEqual([
      ["Session 3: 3 of 3 accounts rejected — Order rejected: insufficient buying power (3)"],
    ]);
    expect(showSuccess).toHaveBeenCalledTimes(1);
    expect(watch.alerts).toEqual([]);
    expect(watch.successes).toEqual([]);
    expect(warn.mock.calls.filter(([text]) => String(text).includes("strict-mode"))).toEqual([]);
    unmount();
  });

  it("shows what was already waiting when it mounts", () => {
    const watch = new RejectionWatch<RowOutcome>((row) => row);
    watch.observe(new Map(), 0);
    const rejected = new Map([session(4, "REJECTED", 2)]);
    runInAction(() => watch.observe(rejected, 4));
    render(<RejectionToasts watch={watch} />);
    expect(vi.mocked(showDanger).mock.calls).toEqual([
      ["Session 4: 2 of 2 accounts rejected — Order rejected: insufficient buying power (2)"],
    ]);
  });
});
