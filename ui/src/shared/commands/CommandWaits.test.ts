// Tests of the write-limit waits: reading the answer and saying it under the dialog's buttons.
import { describe, expect, it } from "vitest";
import { commandWaitsText, parseCommandWaits } from "./CommandWaits";

describe("parseCommandWaits", () => {
  it("reads each account and its whole seconds left, leaving out entries of another shape", () => {
    expect(
      parseCommandWaits({
        waits: [
          { accountName: "Atlas Small", secondsLeft: 19.2 },
          { accountName: "Birch Small" },
          { accountName: 3, secondsLeft: 4 },
          { accountName: "Cedar", secondsLeft: -1 },
        ],
      }),
    ).toEqual([
      { accountName: "Atlas Small", secondsLeft: 20 },
      { accountName: "Cedar", secondsLeft: 0 },
    ]);
    expect(parseCommandWaits({ waits: [] })).toEqual([]);
    expect(parseCommandWaits("nothing")).toEqual([]);
  });
});

describe("commandWaitsText", () => {
  it("names one account's write limit, or lists several with their seconds, and nothing when none waits", () => {
    expect(commandWaitsText([])).toBeNull();
    expect(commandWaitsText([{ accountName: "Atlas Small", secondsLeft: 20 }])).toBe(
      "waiting for Atlas Small's write limit: 20 s",
    );
    expect(
      commandWaitsText([
        { accountName: "Atlas Small", secondsLeft: 20 },
        { accountName: "Birch Small", secondsLeft: 12 },
      ]),
    ).toBe("waiting for the write limits of Atlas Small (20 s), Birch Small (12 s)");
  });
});
