// Tests of a screen's table polling: both tables per poll, the chain, skipping, 401, and REFRESH.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiClient } from "../api/ApiClient";
import { ApiError } from "../api/ApiError";
import type { Environment } from "../shell/Environment";
import { deferred, fakeTransport, jsonResponse, textResponse, type Deferred } from "../test/fakeTransport";
import { ManualScheduler } from "../test/manualScheduler";
import { TABLE_POLL_INTERVAL_MS, TablePolling, type TablePollingConfig } from "./TablePolling";

/** A table whose every load stays in flight until the test settles it. */
class ControlledTable {
  readonly loads: Deferred<void>[] = [];
  readonly load = (): Promise<void> => {
    const load = deferred<void>();
    this.loads.push(load);
    return load.promise;
  };
}

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    await Promise.resolve();
  }
}

function polling(config: Partial<TablePollingConfig> = {}, tradeStatus: () => Response = () => jsonResponse(200, {})) {
  const scheduler = new ManualScheduler();
  const fake = fakeTransport(() => tradeStatus());
  const sessionEnded = vi.fn();
  const orders = new ControlledTable();
  const positions = new ControlledTable();
  const deps = {
    api: new ApiClient({ transport: fake.transport }),
    env: { scheduler: scheduler.schedule } as unknown as Environment,
    session: { sessionEnded },
  };
  const store = new TablePolling(deps, {
    tables: [
      { load: orders.load, pollFailed: "Polling the orders failed" },
      { load: positions.load, pollFailed: "Polling the positions failed" },
    ],
    tradeStatusPath: "/trade_status",
    refreshFailed: "Refreshing failed",
    reloadFailed: "Reloading failed",
    ...config,
  });
  return { store, scheduler, orders, positions, sessionEnded, requests: fake.requests };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("TablePolling", () => {
  it("loads both tables at once, and the next poll only 500 ms after both have settled", async () => {
    const { store, scheduler, orders, positions } = polling();

    store.startPolling();
    expect(store.isPolling).toBe(true);
    expect([orders.loads.length, positions.loads.length]).toEqual([1, 1]);
    orders.loads[0]?.resolve();
    await flush();
    expect(scheduler.live()).toHaveLength(0);
    positions.loads[0]?.resolve();
    await flush();
    expect(scheduler.live().map((timer) => timer.delayMs)).toEqual([TABLE_POLL_INTERVAL_MS]);

    scheduler.fire();
    expect([orders.loads.length, positions.loads.length]).toEqual([2, 2]);
  });

  it("reloads at once after an action, without overlapping a poll in flight, and stops on unmount", async () => {
    const { store, scheduler, orders, positions } = polling();
    store.startPolling();

    store.reloadTables();
    expect(orders.loads).toHaveLength(1);
    orders.loads[0]?.resolve();
    positions.loads[0]?.resolve();
    await flush();
    expect(orders.loads).toHaveLength(2);

    store.stopPolling();
    orders.loads[1]?.resolve();
    positions.loads[1]?.resolve();
    await flush();
    expect(store.isPolling).toBe(false);
    expect(scheduler.live()).toHaveLength(0);
    store.reloadTables();
    expect(orders.loads).toHaveLength(2);
  });

  it("skips its turn while the screen says so", async () => {
    let busy = true;
    const { store, orders } = polling({ skipWhile: () => busy });

    await store.poll();
    expect(orders.loads).toHaveLength(0);
    busy = false;
    void store.poll();
    expect(orders.loads).toHaveLength(1);
  });

  it("logs each table's failure with its text, and ends the session on a 401 only while polling", async () => {
    const { store, orders, positions, sessionEnded } = polling();
    const unauthorized = new ApiError(401, "Unauthorized", "unauthorized");

    const stopped = store.poll();
    orders.loads[0]?.reject(unauthorized);
    positions.loads[0]?.reject(new Error("bad answer"));
    await stopped;
    expect(console.error).toHaveBeenCalledWith("Polling the orders failed", unauthorized);
    expect(console.error).toHaveBeenCalledWith("Polling the positions failed", new Error("bad answer"));
    expect(sessionEnded).not.toHaveBeenCalled();

    store.startPolling();
    orders.loads[1]?.resolve();
    positions.loads[1]?.reject(unauthorized);
    await flush();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it("REFRESH calls the trade status path, then reloads both tables, once at a time", async () => {
    const { store, orders, positions, requests } = polling();

    const refreshed = store.refresh();
    void store.refresh();
    expect(store.refreshPending).toBe(true);
    await flush();
    expect(requests.map((request) => [request.method, request.url])).toEqual([["GET", "/api/trade_status"]]);
    expect([orders.loads.length, positions.loads.length]).toEqual([1, 1]);
    orders.loads[0]?.resolve();
    positions.loads[0]?.resolve();
    await refreshed;
    expect(store.refreshPending).toBe(false);
  });

  it("REFRESH only logs a failed status call or reload", async () => {
    const { store, orders, positions } = polling({}, () => textResponse(500, "down"));

    const refreshed = store.refresh();
    await flush();
    orders.loads[0]?.reject(new Error("orders down"));
    positions.loads[0]?.resolve();
    await refreshed;

    expect(console.error).toHaveBeenCalledWith("Refreshing failed", expect.any(ApiError));
    expect(console.error).toHaveBeenCalledWith("Reloading failed", new Error("orders down"));
    expect(store.refreshPending).toBe(false);
  });
});
