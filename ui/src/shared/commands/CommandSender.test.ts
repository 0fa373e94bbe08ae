// Tests of how an order dialog sends its command: one key per opening, the question before an order goes out twice,
// and the accounts whose write limits keep it waiting.
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { ApiError } from "../api/ApiError";
import { deferred, jsonResponse, textResponse } from "../test/fakeTransport";
import { TEST_NOW_MS } from "../test/testClock";
import { testRoot } from "../test/testRoot";
import { CommandSender, NotSentAgain, commandFailure, repeatQuestionText } from "./CommandSender";
import { COMMAND_WAITS_POLL_MS } from "./CommandWaits";
import { REPEAT_QUESTION_MS } from "./SentOrders";

const PLACE_PATH = "/copy_trading_account/place_order/COMMON";
const PLACE = `POST /api${PLACE_PATH}`;
const CANCEL_PATH = "/copy_trading_account/cancel_order/COMMON";
const WAITS = "GET /api/command_waits";
const ORDER = { allTradingAccountsOrderList: [], optionChainSymbol: "AAPL  241025C00230000", optionChainQuantity: 2 };
const PARTIAL = {
  agentTradingSessionID: 10,
  accepted: [1, 2, 3],
  failed: [{ accountId: 4, accountName: "Atlas Small", reason: "throttled past the deadline" }],
};

/** A root whose clock the test moves, and one dialog's command side. */
function setup(routes: Parameters<typeof testRoot>[0] = {}) {
  const clock = { now: TEST_NOW_MS };
  const harness = testRoot({ [PLACE]: () => jsonResponse(200, PARTIAL), ...routes }, { now: () => clock.now });
  const sender = new CommandSender(harness.root);
  const keys = () => harness.requests.filter((r) => r.method !== "GET").map((r) => r.headers["idempotency-key"]);
  return { ...harness, clock, sender, keys };
}

/** Lets the answers already given settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    await Promise.resolve();
  }
}

describe("CommandSender keys", () => {
  it("sends a press again from the same opening under its key and asks nothing; a new opening gets a new key", async () => {
    const { sender, keys, clock } = setup();
    sender.open();
    await sender.send("post", PLACE_PATH, ORDER);
    clock.now += 1_000;
    await sender.send("post", PLACE_PATH, ORDER);
    expect(sender.question).toBeNull();
    await sender.send("post", PLACE_PATH, { ...ORDER, optionChainQuantity: 3 });
    const [first, second, changed] = keys();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
    expect(changed).not.toBe(first);
  });
});

describe("CommandSender repeat question", () => {
  it("asks before an identical order goes out again within 30 s; no sends nothing, yes sends under a new key", async () => {
    const { sender, keys, requests, clock } = setup();
    sender.open();
    await sender.send("post", PLACE_PATH, ORDER);
    clock.now += 12_000;

    sender.open();
    const declined = sender.send("post", PLACE_PATH, { ...ORDER, fanOutMode: "ONLY_PASSING" });
    await settle();
    expect(sender.question).toBe("You sent this order to 3 accounts at 03:04:05. Send it again?");
    sender.answer(false);
    await expect(declined).rejects.toBeInstanceOf(NotSentAgain);
    expect(sender.question).toBeNull();
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(1);

    const confirmed = sender.send("post", PLACE_PATH, ORDER);
    await settle();
    expect(sender.question).toBe("You sent this order to 3 accounts at 03:04:05. Send it again?");
    sender.answer(true);
    await expect(confirmed).resolves.toEqual(PARTIAL);
    const [first, again] = keys();
    expect(again).not.toBe(first);
  });

  it("does not ask after 30 s, for another order, for a cancel, or after an order that sent nothing", async () => {
    const { sender, requests, clock, server } = setup({
      [`DELETE /api${CANCEL_PATH}`]: () => textResponse(200, "success"),
    });
    sender.open();
    await sender.send("post", PLACE_PATH, ORDER);
    clock.now += REPEAT_QUESTION_MS + 1;
    sender.open();
    await sender.send("post", PLACE_PATH, ORDER);
    expect(sender.question).toBeNull();

    sender.open();
    await sender.send("post", PLACE_PATH, { ...ORDER, optionChainQuantity: 5 });
    expect(sender.question).toBeNull();

    const cancel = { agentTradingSessionID: 10, allTradingAccountsOrderList: [] };
    sender.open();
    await sender.send("delete", CANCEL_PATH, cancel);
    sender.open();
    await sender.send("delete", CANCEL_PATH, cancel);
    expect(sender.question).toBeNull();

    const refused = { ...ORDER, optionChainQuantity: 7 };
    server.on(PLACE, () => jsonResponse(200, { accepted: [], failed: PARTIAL.failed }));
    sender.open();
    await sender.send("post", PLACE_PATH, refused);
    server.on(PLACE, () => jsonResponse(400, { error: "Price must be more than 0", code: "bad_request" }));
    sender.open();
    await expect(sender.send("post", PLACE_PATH, { ...refused, optionChainQuantity: 8 })).rejects.toBeInstanceOf(
      ApiError,
    );
    server.on(PLACE, () => textResponse(200, "success"));
    sender.open();
    await sender.send("post", PLACE_PATH, refused);
    sender.open();
    await sender.send("post", PLACE_PATH, { ...refused, optionChainQuantity: 8 });
    expect(sender.question).toBeNull();
    expect(requests.filter((r) => r.method !== "GET")).toHaveLength(9);
  });

  it("counts a success's accounts on the orders table once it holds the session the order made", async () => {
    const { root, sender, clock } = setup({ [PLACE]: () => textResponse(200, "success") });
    sender.open();
    await sender.send("post", PLACE_PATH, ORDER);
    sender.open();
    const waiting = sender.send("post", PLACE_PATH, ORDER);
    await settle();
    expect(sender.question).toBe("You sent this order at 03:04:05. Send it again?");
    sender.answer(false);
    await expect(waiting).rejects.toBeInstanceOf(NotSentAgain);

    runInAction(() => root.options.orderTable.byId.set(5, [
      { accountId: 1, optionChainStatus: "WORKING" },
      { accountId: 2, optionChainStatus: "WORKING" },
    ] as never));
    clock.now += 1_000;
    sender.open();
    const counted = sender.send("post", PLACE_PATH, ORDER);
    await settle();
    expect(sender.question).toBe("You sent this order to 2 accounts at 03:04:05. Send it again?");
    sender.dispose();
    await expect(counted).rejects.toBeInstanceOf(NotSentAgain);
  });

  it("writes the time in the screen's time zone and one account in the singular", () => {
    expect(repeatQuestionText({ at: Date.UTC(2025, 0, 2, 19, 2, 55), accounts: 1 }, "America/New_York")).toBe(
      "You sent this order to 1 account at 14:02:55. Send it again?",
    );
  });

  it("turns the agent's no into a quiet outcome, any other error into the failure text and its reason", () => {
    expect(commandFailure("Place order failed", new NotSentAgain())).toEqual({ ok: false, message: "", quiet: true });
    expect(commandFailure("Place order failed", new ApiError(400, "Price must be more than 0", "bad_request"))).toEqual({
      ok: false,
      message: "Place order failed: Price must be more than 0",
    });
  });
});

describe("CommandSender waits", () => {
  it("asks every second while the command is in flight, shows the accounts waiting, and stops at the answer", async () => {
    const answer = deferred<Response>();
    const waits = [
      { waits: [{ accountName: "Atlas Small", secondsLeft: 20 }] },
      { waits: [{ accountName: "Atlas Small", secondsLeft: 19 }, { accountName: "Birch Small", secondsLeft: 12 }] },
    ];
    let asked = 0;
    const { sender, commandScheduler, requests } = setup({
      [PLACE]: () => answer.promise,
      [WAITS]: () => jsonResponse(200, waits[Math.min((asked += 1) - 1, waits.length - 1)]),
    });
    sender.open();
    const sent = sender.send("post", PLACE_PATH, ORDER);
    await settle();
    expect(commandScheduler.live().map((timer) => timer.delayMs)).toEqual([COMMAND_WAITS_POLL_MS]);
    expect(sender.waitText).toBeNull();

    commandScheduler.fire();
    await settle();
    expect(sender.waitText).toBe("waiting for Atlas Small's write limit: 20 s");
    commandScheduler.fire();
    await settle();
    expect(sender.waitText).toBe("waiting for the write limits of Atlas Small (19 s), Birch Small (12 s)");
    expect(requests.filter((r) => r.url === "/api/command_waits")).toHaveLength(2);

    answer.resolve(jsonResponse(200, PARTIAL));
    await sent;
    expect(sender.waitText).toBeNull();
    expect(commandScheduler.live()).toEqual([]);
  });

  it("says nothing and asks no more when the server has no such call (404)", async () => {
    const answer = deferred<Response>();
    const { sender, commandScheduler, server } = setup({
      [PLACE]: () => answer.promise,
      [WAITS]: () => jsonResponse(404, { error: "Not found", code: "not_found" }),
    });
    sender.open();
    const sent = sender.send("post", PLACE_PATH, ORDER);
    await settle();
    commandScheduler.fire();
    await settle();
    expect(sender.waitText).toBeNull();
    expect(commandScheduler.live()).toEqual([]);
    answer.resolve(textResponse(200, "success"));
    await sent;
    expect(server.unexpected).toEqual([]);
  });

  it("keeps asking through a passing failure, and stops when the dialog goes away", async () => {
    const answer = deferred<Response>();
    const { sender, commandScheduler } = setup({
      [PLACE]: () => answer.promise,
      [WAITS]: () => jsonResponse(503, { error: "busy", code: "unavailable" }),
    });
    sender.open();
    const sent = sender.send("post", PLACE_PATH, ORDER);
    await settle();
    commandScheduler.fire();
    await settle();
    expect(commandScheduler.live()).toHaveLength(1);
    sender.dispose();
    expect(commandScheduler.live()).toEqual([]);
    answer.resolve(textResponse(200, "success"));
    await sent;
  });
});
