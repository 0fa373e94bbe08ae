// Tests of the reason read from a copy-trading answer that is not `success`.
import { describe, expect, it } from "vitest";
import { copyAnswerReason } from "./CopyAnswer";

describe("copyAnswerReason", () => {
  it("names every refused account with its reason and how many of the accounts refused", () => {
    expect(
      copyAnswerReason({
        agentTradingSessionID: 12,
        accepted: [3],
        failed: [
          { accountId: 1, accountName: "Alpha", reason: "insufficient buying power" },
          { accountId: 2, accountName: "Beta", reason: "token expired" },
        ],
      }),
    ).toBe("refused on 2 of 3 accounts (Alpha: insufficient buying power; Beta: token expired)");
  });

  it("counts the refused accounts when none accepted, and names an account without a name by its id", () => {
    expect(copyAnswerReason({ accepted: [], failed: [{ accountId: 7, reason: "throttled" }] })).toBe(
      "refused on 1 account (account 7: throttled)",
    );
    expect(
      copyAnswerReason({ failed: [{ accountName: "Alpha", reason: "x" }, { accountName: "Beta", reason: "" }] }),
    ).toBe("refused on 2 accounts (Alpha: x; Beta)");
  });

  it("returns a text answer as it is, another answer as JSON, and nothing for no answer", () => {
    expect(copyAnswerReason(" not placed ")).toBe("not placed");
    expect(copyAnswerReason("")).toBeNull();
    expect(copyAnswerReason({ unexpected: true })).toBe('{"unexpected":true}');
    expect(copyAnswerReason(null)).toBeNull();
  });
});
