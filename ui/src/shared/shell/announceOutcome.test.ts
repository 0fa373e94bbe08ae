// Tests of how a command's outcome is told: a success waits for its session, a partial success and a failure are
// shown at once, and an order the agent chose not to send again tells nothing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { failed, NOT_SENT, partlySucceeded, succeeded } from "../stores/Outcome";
import { announceOutcome, type SessionVerdicts } from "./announceOutcome";
import { showOutcome } from "./toaster";

vi.mock("./toaster", () => ({ showOutcome: vi.fn() }));

function verdicts(): SessionVerdicts {
  return { commandMark: vi.fn(() => 7), expectSuccess: vi.fn(), commandSent: vi.fn(), commandFailed: vi.fn() };
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
});

describe("announceOutcome", () => {
  it("hands a success to the orders table, which shows it once the session shows no rejection", () => {
    const orders = verdicts();
    announceOutcome(succeeded("Place order successful"), orders, 7);
    expect(orders.expectSuccess).toHaveBeenCalledWith(7, "Place order successful");
    expect(showOutcome).not.toHaveBeenCalled();
  });

  it("shows a partial success at once, once, and brings its session into view", () => {
    const orders = verdicts();
    const partial = partlySucceeded("Placed on 7 of 11 accounts; 4 not sent: insufficient buying power (4)");
    announceOutcome(partial, orders, 7);
    expect(orders.commandSent).toHaveBeenCalledWith(7);
    expect(orders.expectSuccess).not.toHaveBeenCalled();
    expect(orders.commandFailed).not.toHaveBeenCalled();
    expect(showOutcome).toHaveBeenCalledTimes(1);
    expect(showOutcome).toHaveBeenCalledWith(partial);
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
    expect(orders.commandSent).not.toHaveBeenCalled();
    expect(showOutcome).not.toHaveBeenCalled();
  });
});
