// Tests of what a copy-trading answer says: `success`, or who refused and why.
import { describe, expect, it } from "vitest";
import { copyAnswerReason, copyAnswerText, isSuccessAnswer } from "./CopyAnswer";

describe("isSuccessAnswer", () => {
  it("is true only for the text success, spaces around it aside", () => {
    expect(isSuccessAnswer("success")).toBe(true);
    expect(isSuccessAnswer(" success\n")).toBe(true);
    expect(isSuccessAnswer("Success")).toBe(false);
    expect(isSuccessAnswer("success on 2 accounts")).toBe(false);
    expect(isSuccessAnswer({ accepted: [1], failed: [] })).toBe(false);
    expect(isSuccessAnswer(null)).toBe(false);
  });
});

describe("copyAnswerText", () => {
  it("names each refused account with its reason, an unnamed one by its id", () => {
    expect(
      copyAnswerText({
        accepted: [],
        failed: [
          { accountId: 1, accountName: "Alpha", reason: "token expired" },
          { accountId: 2, reason: " rejected " },
          { accountId: 3, accountName: "Gamma" },
        ],
      }),
    ).toBe("Alpha: token expired; account 2: rejected; Gamma");
  });

  it("names the accounts sharing a reason once, in order of each reason's first account", () => {
    expect(
      copyAnswerText({
        accepted: [4],
        failed: [
          { accountId: 1, accountName: "Alpha", reason: "token expired" },
          { accountId: 2, accountName: "Beta", reason: "insufficient buying power" },
          { accountId: 3, accountName: "Gamma", reason: "token expired " },
          { accountId: 5, accountName: "Delta" },
          "odd",
        ],
      }),
    ).toBe("Alpha, Gamma: token expired; Beta: insufficient buying power; Delta, odd");
  });

  it("counts the accounts sharing a reason when there are more than three", () => {
    const failed = Array.from({ length: 10 }, (_, index) => ({
      accountId: index + 1,
      accountName: `Account ${index + 1}`,
      reason: "Stock ZZZZ is not known to the brokerage",
    }));
    expect(copyAnswerText({ accepted: [], failed: [...failed, { accountId: 11, accountName: "Eleven", reason: "token expired" }] })).toBe(
      "10 accounts: Stock ZZZZ is not known to the brokerage; Eleven: token expired",
    );
  });

  it("returns a text answer trimmed and anything else as JSON", () => {
    expect(copyAnswerText("  not enough shares ")).toBe("not enough shares");
    expect(copyAnswerText({ accepted: [1], failed: [] })).toBe('{"accepted":[1],"failed":[]}');
  });
});

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

  it("says a reason shared by every refused account once", () => {
    const failed = Array.from({ length: 10 }, (_, index) => ({
      accountId: index + 1,
      accountName: `Account ${index + 1}`,
      reason: "FAILED_TO_PLACE: unknown symbol ZZZZ",
    }));
    expect(copyAnswerReason({ accepted: [], failed })).toBe("refused on 10 accounts: FAILED_TO_PLACE: unknown symbol ZZZZ");
    expect(copyAnswerReason({ accepted: [11], failed: failed.slice(0, 2) })).toBe(
      "refused on 2 of 3 accounts (Account 1, Account 2: FAILED_TO_PLACE: unknown symbol ZZZZ)",
    );
  });

  it("returns a text answer as it is, another answer as JSON, and nothing for no answer", () => {
    expect(copyAnswerReason(" not placed ")).toBe("not placed");
    expect(copyAnswerReason("")).toBeNull();
    expect(copyAnswerReason({ unexpected: true })).toBe('{"unexpected":true}');
    expect(copyAnswerReason(null)).toBeNull();
  });
});
