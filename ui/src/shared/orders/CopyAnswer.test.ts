// Tests of what a copy-trading answer says: `success`, or who refused and why.
import { describe, expect, it } from "vitest";
import {
  acceptedText,
  copyAnswerReason,
  copyAnswerText,
  groupedRefusalText,
  isAcceptedAnswer,
  isSuccessAnswer,
  partialOutcome,
} from "./CopyAnswer";

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

describe("partialOutcome", () => {
  const refusals = (counts: Readonly<Record<string, number>>, from = 100) =>
    Object.entries(counts).flatMap(([reason, count]) =>
      Array.from({ length: count }, (_, index) => ({
        accountId: from + index + (reason.length * 10),
        accountName: `${reason} ${index}`,
        reason,
      })),
    );

  it("says where a place went and counts the accounts not sent by reason, most first", () => {
    const answer = {
      agentTradingSessionID: 10,
      accepted: [1, 2, 3, 4, 5, 6, 7],
      failed: refusals({ "insufficient buying power": 4 }),
    };
    expect(partialOutcome(answer, "place")).toEqual({
      ok: true,
      partial: true,
      message: "Placed on 7 of 11 accounts; 4 not sent: insufficient buying power (4)",
    });
    const several = { ...answer, failed: refusals({ "throttled past the deadline": 1, "insufficient buying power": 3 }) };
    expect(partialOutcome(several, "place")?.message).toBe(
      "Placed on 7 of 11 accounts; 4 not sent: insufficient buying power (3), throttled past the deadline (1)",
    );
  });

  it("uses each command's words, names a refusal without a reason, and keeps the exits cut to what was held", () => {
    const answer = { accepted: [1], failed: [{ accountId: 2, accountName: "B" }] };
    expect(partialOutcome(answer, "exit")?.message).toBe("Exit sent to 1 of 2 accounts; 1 not sent: no reason given (1)");
    expect(partialOutcome(answer, "replace")?.message).toBe(
      "Replaced on 1 of 2 accounts; 1 not replaced: no reason given (1)",
    );
    expect(partialOutcome(answer, "cancel")?.message).toBe(
      "Canceled on 1 of 2 accounts; 1 not canceled: no reason given (1)",
    );
    const capped = { ...answer, capped: [{ accountId: 1, accountName: "A", asked: 10, sent: 3 }] };
    expect(partialOutcome(capped, "exit")?.message).toBe(
      "Exit sent to 1 of 2 accounts; 1 not sent: no reason given (1). Cut to what is held: A 3 of 10",
    );
  });

  it("counts orders when an account appears twice (an exit of two of its positions)", () => {
    const answer = { accepted: [1, 1], failed: [{ accountId: 1, accountName: "A", reason: "holds nothing" }] };
    expect(partialOutcome(answer, "exit")?.message).toBe("Exit sent to 2 of 3 orders; 1 not sent: holds nothing (1)");
  });

  it("is null for a success, an answer no account accepted, and anything else", () => {
    expect(partialOutcome("success", "place")).toBeNull();
    expect(partialOutcome({ accepted: [], failed: [{ accountId: 1, reason: "x" }] }, "place")).toBeNull();
    expect(partialOutcome({ accepted: [1], failed: [] }, "place")).toBeNull();
    expect(partialOutcome(null, "place")).toBeNull();
  });
});

describe("groupedRefusalText", () => {
  it("groups accounts by reason, naming up to three and counting more", () => {
    const poor = ["A", "B", "C", "D"].map((name) => ({ name, reason: "insufficient buying power" }));
    expect(groupedRefusalText([...poor, { name: "Atlas Small", reason: "throttled past the deadline" }])).toBe(
      "4 accounts: insufficient buying power; Atlas Small: throttled past the deadline",
    );
    expect(groupedRefusalText(poor.slice(0, 2))).toBe("A, B: insufficient buying power");
  });
});

describe("answers with orders cut by an account's limits", () => {
  const cut = [{ accountId: 3, accountName: "Big C", asked: 9, sent: 5, guard: "MAX_QUANTITY", reason: "maximum quantity per order: 5" }];

  it("is a success naming the cut when no account refused", () => {
    expect(isAcceptedAnswer({ accepted: [1, 2, 3], failed: [], cut })).toBe(true);
    expect(acceptedText("Place order successful", { accepted: [1, 2, 3], failed: [], cut })).toBe(
      "Place order successful. Cut by the account's limits: Big C 5 of 9 (maximum quantity per order: 5)",
    );
  });

  it("names the cut after a partial answer's refusals, leaving out a reason's own 'not sent:'", () => {
    const answer = {
      accepted: [1, 3],
      failed: [{ accountId: 2, accountName: "B", reason: "not sent: the preview refused it: Order rejected: x" }],
      cut,
    };
    expect(partialOutcome(answer, "place")?.message).toBe(
      "Placed on 2 of 3 accounts; 1 not sent: the preview refused it: Order rejected: x (1). " +
        "Cut by the account's limits: Big C 5 of 9 (maximum quantity per order: 5)",
    );
  });
});
