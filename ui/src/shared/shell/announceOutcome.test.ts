// Tests of how a command's outcome is told: a success and a partial success go to the orders table, whose one toast
// per command follows its session; a failure is shown at once; an order the agent chose not to send again tells nothing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { failed, NOT_SENT, partlySucceeded, succeeded } from "../stores/Outcome";
import { announceOutcome, type SessionVerdicts } from "./announceOutcome";
import { showOutcome } from "./toaster";

vi.mock("./toaster", () => ({ showOutcome: vi.fn() }));

function verdicts(): SessionVerdicts {
  return { commandMark: vi.fn(() => 7), commandAnswered: vi.fn(), commandFailed: vi.fn() };
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
});

describe("announceOutcome", () => {
  it("hands a success to the orders table, which shows it once the session shows no rejection", () => {
    const orders = verdicts();
    announceOutcome(succeeded("Place order successful"), orders, 7);
    expect(orders.commandAnswered).toHaveBeenCalledExactlyOnceWith(7, succeeded("Place order successful"));
    expect(showOutcome).not.toHaveBeenCalled();
  });

  it("hands a partial success to the orders table too, whose toast for the command its later rejections update", () => {
    const orders = verdicts();
    const partial = partlySucceeded("Placed on 7 of 11 accounts; 4 not sent: insufficient buying power (4)");
    announceOutcome(partial, orders, 7);
    expect(orders.commandAnswered).toHaveBeenCalledExactlyOnceWith(7, partial);
    expect(orders.commandFailed).not.toHaveBeenCalled();
    expect(showOutcome).not.toHaveBeenCalled();
  });

  it("shows a success or a partial success at once where no orders table follows it", () => {
    const partial = partlySucceeded("Placed on 7 of 11 accounts; 4 not sent: insufficient buying power (4)");
    announceOutcome(partial, undefined, 0);
    announceOutcome(succeeded("Saved"), undefined, 0);
    expect(vi.mocked(showOutcome).mock.calls).toEqual([[partial], [succeeded("Saved")]]);
  });

  it("shows a failure at once and marks the command as failed", () => {
    const orders = verdicts();
    announceOutcome(failed("Place order failed: token expired"), orders, 7);
    expect(orders.commandFailed).toHaveBeenCalledWith(7);
    expect(showOutcome).toHaveBeenCalledWith(failed("Place order failed: token expired"));
  });

  it("tells nothing of an order the agent chose not to send again", () => {
    const orders = verdicts();
    announceOutcome(NOT_SENT, orders, 7);
    expect(orders.commandFailed).not.toHaveBeenCalled();
    expect(orders.commandAnswered).not.toHaveBeenCalled();
    expect(showOutcome).not.toHaveBeenCalled();
  });
});
