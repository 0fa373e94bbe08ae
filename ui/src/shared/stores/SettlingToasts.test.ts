// Tests of the command toasts: one key per command, updated as its session's rows settle; history stays quiet.
import { describe, expect, it } from "vitest";
import type { RowOutcome } from "../orders/rejections";
import { failed, partlySucceeded, succeeded } from "./Outcome";
import { SettlingToasts, SUCCESS_WAIT_LOADS, type KeyedToast } from "./SettlingToasts";

const BUYING_POWER = "Order rejected: insufficient buying power";

const row = (accountId: number, status: string, reason: string | null = null): RowOutcome => ({
  accountId,
  status,
  reason,
});

/** Session rows of accounts 1 to `accounts`: the first `rejected` REJECTED, the next `notSent` FAILED_TO_PLACE. */
function rows(accounts: number, rejected: number, notSent = 0, others = "WORKING"): RowOutcome[] {
  return Array.from({ length: accounts }, (_, index) => {
    if (index < rejected) {
      return row(index + 1, "REJECTED", BUYING_POWER);
    }
    if (index < rejected + notSent) {
      return row(index + 1, "FAILED_TO_PLACE", "the preview refused it");
    }
    return row(index + 1, others);
  });
}

function watch(): SettlingToasts<RowOutcome> {
  return new SettlingToasts<RowOutcome>("/orders", (entry) => entry);
}

/** One load of the table: the sessions it changed, then every session it holds. */
function load(toasts: SettlingToasts<RowOutcome>, held: Map<number, RowOutcome[]>, changed = held): void {
  toasts.observe(changed, held, Math.max(0, ...held.keys()));
  toasts.settle(held);
}

const keys = (taken: KeyedToast[]) => new Set(taken.map((toast) => toast.key));

describe("SettlingToasts", () => {
  it("stays quiet about the sessions of the first load, however they ended", () => {
    const toasts = watch();
    load(toasts, new Map([[3, rows(2, 2)]]));
    load(toasts, new Map([[3, rows(2, 2)]]));
    expect(toasts.take()).toEqual([]);
  });

  it("updates one toast of a command as its session's rows turn REJECTED: 4 of 11, then 7 of 11, never two toasts", () => {
    const toasts = watch();
    load(toasts, new Map([[4, rows(1, 0, 0, "FILLED")]]));
    // Answered success: the message waits for session 5.
    toasts.commandAnswered(4, succeeded("Place order successful"), new Map([[4, rows(1, 0, 0, "FILLED")]]));
    expect(toasts.take()).toEqual([]);
    const sending = new Map([[4, rows(1, 0)], [5, [...rows(10, 4), row(11, "PENDING")]]]);
    load(toasts, sending);
    expect(toasts.take()).toEqual([]);

    load(toasts, new Map([[4, rows(1, 0)], [5, rows(11, 4)]]));
    const first = toasts.take();
    expect(first).toEqual([
      {
        key: "/orders#command-1",
        outcome: partlySucceeded(`Session 5: 4 of 11 accounts rejected — ${BUYING_POWER} (4)`),
      },
    ]);
    // The same rows again tell nothing; more rejections update the same toast.
    load(toasts, new Map([[4, rows(1, 0)], [5, rows(11, 4)]]));
    expect(toasts.take()).toEqual([]);
    load(toasts, new Map([[4, rows(1, 0)], [5, rows(11, 7)]]));
    const second = toasts.take();
    expect(second).toEqual([
      {
        key: "/orders#command-1",
        outcome: partlySucceeded(`Session 5: 7 of 11 accounts rejected — ${BUYING_POWER} (7)`),
      },
    ]);
    // Every account rejected: the same toast turns red; the success is never shown.
    load(toasts, new Map([[4, rows(1, 0)], [5, rows(11, 11)]]));
    for (let more = 0; more < SUCCESS_WAIT_LOADS; more += 1) {
      load(toasts, new Map([[4, rows(1, 0)], [5, rows(11, 11)]]), new Map());
    }
    const last = toasts.take();
    expect(last).toEqual([
      {
        key: "/orders#command-1",
        outcome: failed(`Session 5: 11 of 11 accounts rejected — ${BUYING_POWER} (11)`),
      },
    ]);
    expect(keys([...first, ...second, ...last])).toEqual(new Set(["/orders#command-1"]));
  });

  it("shows a success once its session is sent with no rejection, then turns that toast orange when rows reject", () => {
    const toasts = watch();
    load(toasts, new Map());
    toasts.commandAnswered(0, succeeded("Copy trading successful"), new Map());
    load(toasts, new Map([[1, [row(1, "PENDING"), row(2, "ACCEPTED")]]]));
    expect(toasts.take()).toEqual([]);
    load(toasts, new Map([[1, [row(1, "WORKING"), row(2, "ACCEPTED")]]]));
    expect(toasts.take()).toEqual([{ key: "/orders#command-1", outcome: succeeded("Copy trading successful") }]);

    load(toasts, new Map([[1, [row(1, "REJECTED", "halted"), row(2, "WORKING")]]]));
    expect(toasts.take()).toEqual([
      { key: "/orders#command-1", outcome: partlySucceeded("Session 1: 1 of 2 accounts rejected — halted (1)") },
    ]);
  });

  it("keeps a partial answer's toast and its later rejections under one key, counting the accounts never sent too", () => {
    const toasts = watch();
    load(toasts, new Map([[8, rows(1, 0)]]));
    const answer = partlySucceeded("Placed on 7 of 11 accounts; 4 not sent: the preview refused it (4)");
    toasts.commandAnswered(8, answer, new Map([[8, rows(1, 0)]]));
    expect(toasts.take()).toEqual([{ key: "/orders#command-1", outcome: answer }]);

    // The 4 never sent are not news; 3 of the 7 sent are then rejected.
    load(toasts, new Map([[8, rows(1, 0)], [9, rows(11, 0, 4)]]));
    expect(toasts.take()).toEqual([]);
    const reasons = `the preview refused it (4); ${BUYING_POWER} (3)`;
    load(toasts, new Map([[8, rows(1, 0)], [9, rows(11, 3, 4)]]));
    expect(toasts.take()).toEqual([
      { key: "/orders#command-1", outcome: partlySucceeded(`Session 9: 7 of 11 accounts refused — ${reasons}`) },
    ]);
  });

  it("uses the session's key when its rejections were told before the answer came, and tells them once", () => {
    const toasts = watch();
    load(toasts, new Map());
    const held = new Map([[1, rows(3, 3)]]);
    load(toasts, held);
    const told = toasts.take();
    expect(told).toEqual([
      { key: "/orders#session-1", outcome: failed(`Session 1: 3 of 3 accounts rejected — ${BUYING_POWER} (3)`) },
    ]);
    toasts.commandAnswered(0, succeeded("Place order successful"), held);
    for (let more = 0; more <= SUCCESS_WAIT_LOADS; more += 1) {
      load(toasts, held, new Map());
    }
    expect(toasts.take()).toEqual([]);

    // A partial answer whose session already shows rejections shows the session's counts under its key.
    const mixed = new Map([...held, [2, [...rows(2, 1), row(3, "FAILED_TO_PLACE", "throttled")]]]);
    load(toasts, mixed);
    expect(toasts.take()).toEqual([
      {
        key: "/orders#session-2",
        outcome: partlySucceeded(`Session 2: 2 of 3 accounts refused — ${BUYING_POWER} (1); throttled (1)`),
      },
    ]);
    toasts.commandAnswered(1, partlySucceeded("Placed on 2 of 3 accounts; 1 not sent: throttled (1)"), mixed);
    expect(toasts.take()).toEqual([
      {
        key: "/orders#session-2",
        outcome: partlySucceeded(`Session 2: 2 of 3 accounts refused — ${BUYING_POWER} (1); throttled (1)`),
      },
    ]);
  });

  it("gives two commands sent before their sessions showed the two sessions in turn", () => {
    const toasts = watch();
    load(toasts, new Map([[3, rows(1, 0)]]));
    toasts.commandAnswered(3, succeeded("Place order successful"), new Map([[3, rows(1, 0)]]));
    toasts.commandAnswered(3, succeeded("Exit order successful"), new Map([[3, rows(1, 0)]]));
    load(toasts, new Map([[3, rows(1, 0)], [4, rows(2, 0)], [5, [row(1, "PENDING")]]]));
    expect(toasts.take()).toEqual([{ key: "/orders#command-1", outcome: succeeded("Place order successful") }]);
    load(toasts, new Map([[3, rows(1, 0)], [4, rows(2, 0)], [5, rows(1, 1)]]));
    expect(toasts.take()).toEqual([
      { key: "/orders#command-2", outcome: failed(`Session 5: 1 of 1 account rejected — ${BUYING_POWER} (1)`) },
    ]);
  });

  it("shows a success anyway when its session has not shown after a few loads, and makes no later session its own", () => {
    const toasts = watch();
    load(toasts, new Map([[7, rows(1, 0, 0, "FILLED")]]));
    toasts.commandAnswered(7, succeeded("Cancel order successful"), new Map([[7, rows(1, 0, 0, "FILLED")]]));
    for (let loads = 1; loads < SUCCESS_WAIT_LOADS; loads += 1) {
      load(toasts, new Map([[7, rows(1, 0, 0, "FILLED")]]), new Map());
    }
    expect(toasts.take()).toEqual([]);
    load(toasts, new Map([[7, rows(1, 0, 0, "FILLED")]]), new Map());
    expect(toasts.take()).toEqual([{ key: "/orders#command-1", outcome: succeeded("Cancel order successful") }]);
    // A session made later, elsewhere, toasts under its own key.
    load(toasts, new Map([[7, rows(1, 0)], [8, rows(2, 1)]]));
    expect(toasts.take()).toEqual([
      { key: "/orders#session-8", outcome: partlySucceeded(`Session 8: 1 of 2 accounts rejected — ${BUYING_POWER} (1)`) },
    ]);
  });

  it("forgets every command and session on a reset: the next load is history again", () => {
    const toasts = watch();
    load(toasts, new Map());
    toasts.commandAnswered(0, succeeded("Place order successful"), new Map());
    toasts.reset();
    load(toasts, new Map([[1, rows(2, 2)]]));
    for (let more = 0; more < SUCCESS_WAIT_LOADS; more += 1) {
      load(toasts, new Map([[1, rows(2, 2)]]));
    }
    expect(toasts.take()).toEqual([]);
  });
});
