// Tests of the accounts a session replace leaves out and the line naming them.
import { describe, expect, it } from "vitest";
import { leftOutAccounts, notReplacedText } from "./notReplaced";

interface Leg {
  readonly name: string;
  readonly orderId: number | null;
  readonly status: string;
}

const ACCESS = {
  nameOf: (row: Leg) => row.name,
  hasOrderId: (row: Leg) => row.orderId !== null,
  liveStatusOf: (row: Leg) => row.status,
};

describe("leftOutAccounts", () => {
  it("names each account not sent, in the session's order, with its status or no order id yet", () => {
    const open: Leg = { name: "Small A", orderId: 1, status: "WORKING" };
    const filled: Leg = { name: "Big C", orderId: 3, status: "FILLED" };
    const unplaced: Leg = { name: "Small B", orderId: null, status: "WORKING" };
    const leftOut = leftOutAccounts([open, filled, unplaced], [open], ACCESS);
    expect(leftOut).toEqual([
      { name: "Big C", why: "FILLED" },
      { name: "Small B", why: "no order id yet" },
    ]);
    expect(notReplacedText(leftOut)).toBe("Not replaced: Big C (FILLED), Small B (no order id yet)");
  });

  it("names an account once, its legs' different reasons joined, and nothing when every row is sent", () => {
    const legs: Leg[] = [
      { name: "Big C", orderId: 3, status: "FILLED" },
      { name: "Big C", orderId: 4, status: "FILLED" },
      { name: "Delta", orderId: 5, status: "CANCELED" },
      { name: "Delta", orderId: null, status: "PENDING_ACTIVATION" },
    ];
    expect(notReplacedText(leftOutAccounts(legs, [], ACCESS))).toBe(
      "Not replaced: Big C (FILLED), Delta (CANCELED, no order id yet)",
    );
    expect(leftOutAccounts(legs, legs, ACCESS)).toEqual([]);
    expect(notReplacedText([])).toBeNull();
  });
});
