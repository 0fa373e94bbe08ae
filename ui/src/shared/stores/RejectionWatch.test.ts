// Tests of the rejection alerts: history stays quiet; a fresh session's REJECTED accounts are named by reason.
import { describe, expect, it } from "vitest";
import type { RowOutcome } from "../orders/rejections";
import { RejectionWatch, SUCCESS_WAIT_LOADS } from "./RejectionWatch";

const row = (accountId: number, status: string, reason: string | null = null): RowOutcome => ({
  accountId,
  status,
  reason,
});

describe("RejectionWatch", () => {
  it("stays quiet about the sessions of the first load, however they ended", () => {
    const watch = new RejectionWatch<RowOutcome>((entry) => entry);
    watch.observe(new Map([[3, [row(1, "REJECTED", "insufficient buying power")]]]), 3);
    expect(watch.alerts).toEqual([]);
  });

  it("names how many accounts of a fresh session rejected and why, grouped by reason, once the fan-out is done", () => {
    const watch = new RejectionWatch<RowOutcome>((entry) => entry);
    watch.observe(new Map(), 4);
    watch.observe(new Map([[5, [row(1, "WORKING"), row(2, "PENDING"), row(3, "REJECTED", "insufficient buying power")]]]), 5);
    expect(watch.alerts).toEqual([]);
    watch.observe(
      new Map([
        [
          5,
          [
            row(1, "REJECTED", "insufficient buying power"),
            row(2, "REJECTED", "unknown symbol"),
            row(3, "REJECTED", "insufficient buying power"),
            row(4, "WORKING"),
          ],
        ],
      ]),
      5,
    );
    expect(watch.take()).toEqual([
      "Session 5: 3 of 4 accounts rejected — insufficient buying power (2); unknown symbol (1)",
    ]);
    expect(watch.alerts).toEqual([]);
  });

  it("says it again only when more accounts reject; a reset makes the next load history again", () => {
    const watch = new RejectionWatch<RowOutcome>((entry) => entry);
    watch.observe(new Map(), 0);
    const once = new Map([[1, [row(1, "REJECTED"), row(2, "WORKING")]]]);
    watch.observe(once, 1);
    watch.observe(once, 1);
    expect(watch.take()).toEqual(["Session 1: 1 of 2 accounts rejected — no reason given (1)"]);
    watch.observe(new Map([[1, [row(1, "REJECTED"), row(2, "REJECTED", "halted")]]]), 1);
    expect(watch.take()).toEqual(["Session 1: 2 of 2 accounts rejected — halted (1); no reason given (1)"]);
    watch.reset();
    watch.observe(new Map([[9, [row(1, "REJECTED")]]]), 9);
    expect(watch.alerts).toEqual([]);
  });

  it("shows a command's success once its session is sent with no rejection, and never beside a rejection", () => {
    const watch = new RejectionWatch<RowOutcome>((entry) => entry);
    watch.expectSuccess(4, "Copy trading successful");
    // Older sessions and a session still being sent decide nothing.
    watch.settle(new Map([[4, [row(1, "FILLED")]]]));
    watch.settle(new Map([[5, [row(1, "PENDING"), row(2, "ACCEPTED")]]]));
    expect(watch.successes).toEqual([]);
    watch.settle(new Map([[5, [row(1, "WORKING"), row(2, "ACCEPTED")]]]));
    expect(watch.takeSuccesses()).toEqual(["Copy trading successful"]);
    watch.settle(new Map([[5, [row(1, "WORKING"), row(2, "ACCEPTED")]]]));
    expect(watch.successes).toEqual([]);

    watch.expectSuccess(5, "Place order successful");
    watch.settle(new Map([[6, [row(1, "REJECTED", "insufficient buying power"), row(2, "WORKING")]]]));
    expect(watch.successes).toEqual([]);
    watch.settle(new Map([[6, [row(1, "REJECTED", "insufficient buying power"), row(2, "WORKING")]]]));
    expect(watch.successes).toEqual([]);
  });

  it("shows the success anyway when its session has not shown after a few loads", () => {
    const watch = new RejectionWatch<RowOutcome>((entry) => entry);
    watch.expectSuccess(7, "Exit order successful");
    for (let load = 1; load < SUCCESS_WAIT_LOADS; load += 1) {
      watch.settle(new Map([[7, [row(1, "FILLED")]]]));
    }
    expect(watch.successes).toEqual([]);
    watch.settle(new Map([[7, [row(1, "FILLED")]]]));
    expect(watch.takeSuccesses()).toEqual(["Exit order successful"]);
    watch.expectSuccess(7, "Exit order successful");
    watch.reset();
    for (let load = 0; load < SUCCESS_WAIT_LOADS; load += 1) {
      watch.settle(new Map());
    }
    expect(watch.successes).toEqual([]);
  });
});
