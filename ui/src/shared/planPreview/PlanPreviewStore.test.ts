// Tests of the plan preview store: when it asks, with what body, one call at a time, and what closing drops.
import { makeAutoObservable } from "mobx";
import { describe, expect, it, vi } from "vitest";
import { deferred, jsonResponse } from "../test/fakeTransport";
import { testRoot } from "../test/testRoot";
import { PLAN_PREVIEW_DELAY_MS, PlanPreviewStore, type PlanCommand } from "./PlanPreviewStore";

const PATH = "POST /api/plan_preview/STOCK/place_order";

/** A dialog as the store sees one: open or not, and the quantity typed (null while it cannot be sent). */
class FakeDialog {
  isOpen = true;
  quantity: number | null = 10;
  constructor() {
    makeAutoObservable(this);
  }
  get command(): PlanCommand | null {
    if (!this.isOpen || this.quantity === null) {
      return null;
    }
    return { path: "/stock_copy_trading/place_order/", body: { allTradingAccountsOrderList: [], stockQuantity: this.quantity } };
  }
  set(quantity: number | null): void {
    this.quantity = quantity;
  }
  close(): void {
    this.isOpen = false;
  }
  open(): void {
    this.isOpen = true;
  }
}

function planJson(quantity: number) {
  return {
    splitTotal: null,
    accounts: [
      { accountId: 1, accountName: "Atlas", sizing: "TIER", sizedQuantity: quantity, plannedQuantity: quantity, outcome: "SEND", guard: null, reason: null, balances: null },
    ],
  };
}

function setup(
  handler: (body: string | undefined) => Response | Promise<Response> = (body) =>
    jsonResponse(200, planJson(JSON.parse(body ?? "{}").stockQuantity)),
) {
  const { root, requests, previewScheduler } = testRoot({ [PATH]: (request) => handler(request.body) });
  const dialog = new FakeDialog();
  const store = new PlanPreviewStore(root, "share", () => dialog.command);
  return { dialog, store, requests, previewScheduler };
}

async function settle(): Promise<void> {
  await vi.waitFor(() => Promise.resolve());
  for (let i = 0; i < 10; i += 1) {
    await Promise.resolve();
  }
}

describe("PlanPreviewStore", () => {
  it("asks once the form settles for the delay, with the command's body exactly", async () => {
    const { dialog, store, requests, previewScheduler } = setup();
    expect(store.state).toBe("loading");
    dialog.set(11);
    dialog.set(12);

    expect(previewScheduler.live().map((timer) => timer.delayMs)).toEqual([PLAN_PREVIEW_DELAY_MS]);
    expect(requests).toEqual([]);
    previewScheduler.fire();
    await vi.waitFor(() => expect(store.state).toBe("ready"));

    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ["POST", "/api/plan_preview/STOCK/place_order", JSON.stringify({ allTradingAccountsOrderList: [], stockQuantity: 12 })],
    ]);
    expect(store.currentPlan?.accounts[0]?.plannedQuantity).toBe(12);
  });

  it("never asks while a call is in flight; the newest form is asked when it returns, the older answer dropped", async () => {
    const first = deferred<Response>();
    let calls = 0;
    const { dialog, store, requests, previewScheduler } = setup((body) => {
      calls += 1;
      return calls === 1 ? first.promise : jsonResponse(200, planJson(JSON.parse(body ?? "{}").stockQuantity));
    });
    previewScheduler.fire();
    await vi.waitFor(() => expect(store.inFlight).toBe(true));
    dialog.set(20);
    previewScheduler.fire();
    await settle();
    expect(requests).toHaveLength(1);
    expect(store.state).toBe("loading");

    first.resolve(jsonResponse(200, planJson(10)));
    await vi.waitFor(() => expect(store.state).toBe("ready"));

    expect(requests.map((r) => r.body)).toEqual([
      JSON.stringify({ allTradingAccountsOrderList: [], stockQuantity: 10 }),
      JSON.stringify({ allTradingAccountsOrderList: [], stockQuantity: 20 }),
    ]);
    expect(store.currentPlan?.accounts[0]?.plannedQuantity).toBe(20);
  });

  it("an incomplete form or a closed dialog drops the plan and the timer; reopening asks again", async () => {
    const { dialog, store, requests, previewScheduler } = setup();
    previewScheduler.fire();
    await vi.waitFor(() => expect(store.state).toBe("ready"));

    dialog.set(null);
    expect(store.state).toBe("incomplete");
    expect(store.currentPlan).toBeNull();
    dialog.set(10);
    // Back to the terms already answered: shown again only after asking, since the answer was dropped.
    expect(store.state).toBe("loading");
    dialog.close();
    expect(previewScheduler.live()).toEqual([]);
    expect(store.state).toBe("incomplete");

    dialog.open();
    previewScheduler.fire();
    await vi.waitFor(() => expect(store.state).toBe("ready"));
    expect(requests).toHaveLength(2);
  });

  it("a failed call is said, and the next change asks again", async () => {
    let fail = true;
    const { dialog, store, previewScheduler } = setup((body) =>
      fail
        ? jsonResponse(400, { error: "Split Total must be a whole number between 1 and 1,000,000", code: "bad_request" })
        : jsonResponse(200, planJson(JSON.parse(body ?? "{}").stockQuantity)),
    );
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    previewScheduler.fire();
    await vi.waitFor(() => expect(store.state).toBe("failed"));
    expect(store.error).toBe("Split Total must be a whole number between 1 and 1,000,000");

    fail = false;
    dialog.set(3);
    previewScheduler.fire();
    await vi.waitFor(() => expect(store.state).toBe("ready"));
    expect(store.error).toBeNull();
  });

  it("a replace refused as changing nothing is not a failure: nothing would be sent", async () => {
    const { store, previewScheduler } = setup(() =>
      jsonResponse(400, {
        error: "There is nothing to change: every order already has these terms; nothing was sent",
        code: "bad_request",
      }),
    );
    previewScheduler.fire();
    await vi.waitFor(() => expect(store.state).toBe("unchanged"));
    expect([store.error, store.currentPlan]).toEqual([null, null]);
  });
});
