// Tests of the Poller: immediate first run, no overlapping runs, refresh, error handling and disposal.
import { describe, expect, it } from "vitest";
import { deferred, type Deferred } from "../test/fakeTransport";
import { ManualScheduler } from "../test/manualScheduler";
import { Poller } from "./Poller";

/** A task whose every run stays in flight until the test finishes it. */
class ControlledTask {
  runs: Deferred<void>[] = [];
  running = 0;
  maxConcurrent = 0;

  readonly run = (): Promise<void> => {
    const run = deferred<void>();
    this.runs.push(run);
    this.running += 1;
    this.maxConcurrent = Math.max(this.maxConcurrent, this.running);
    return run.promise.finally(() => {
      this.running -= 1;
    });
  };

  /** Finishes the latest run and lets the poller react. */
  async finishLatest(error?: Error): Promise<void> {
    const latest = this.runs.at(-1);
    if (latest === undefined) {
      throw new Error("no run started");
    }
    if (error === undefined) {
      latest.resolve();
    } else {
      latest.reject(error);
    }
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    await Promise.resolve();
  }
}

describe("Poller", () => {
  it("runs at once on start and schedules the next run only after the current one settles", async () => {
    const scheduler = new ManualScheduler();
    const task = new ControlledTask();
    const poller = new Poller(task.run, 500, { scheduler: scheduler.schedule });

    poller.start();
    expect(task.runs).toHaveLength(1);
    expect(poller.isInFlight).toBe(true);
    expect(scheduler.live()).toHaveLength(0);

    await task.finishLatest();
    expect(poller.isInFlight).toBe(false);
    expect(scheduler.live().map((timer) => timer.delayMs)).toEqual([500]);

    scheduler.fire();
    expect(task.runs).toHaveLength(2);
    expect(scheduler.live()).toHaveLength(0);
  });

  it("never overlaps runs: a refresh during a run starts the next one right after it", async () => {
    const scheduler = new ManualScheduler();
    const task = new ControlledTask();
    const poller = new Poller(task.run, 1000, { scheduler: scheduler.schedule });

    poller.start();
    poller.refresh();
    poller.refresh();
    expect(task.runs).toHaveLength(1);

    await task.finishLatest();
    expect(task.runs).toHaveLength(2);
    expect(scheduler.live()).toHaveLength(0);

    await task.finishLatest();
    expect(task.runs).toHaveLength(2);
    expect(scheduler.live().map((timer) => timer.delayMs)).toEqual([1000]);
    expect(task.maxConcurrent).toBe(1);
  });

  it("runs at once on refresh while waiting, replacing the pending timer", async () => {
    const scheduler = new ManualScheduler();
    const task = new ControlledTask();
    const poller = new Poller(task.run, 1000, { scheduler: scheduler.schedule });

    poller.start();
    await task.finishLatest();
    expect(scheduler.live()).toHaveLength(1);

    poller.refresh();
    expect(task.runs).toHaveLength(2);
    expect(scheduler.live()).toHaveLength(0);
  });

  it("starts only once", () => {
    const task = new ControlledTask();
    const poller = new Poller(task.run, 500, { scheduler: new ManualScheduler().schedule });

    poller.start();
    poller.start();

    expect(task.runs).toHaveLength(1);
  });

  it("stop cancels the waiting timer", async () => {
    const scheduler = new ManualScheduler();
    const task = new ControlledTask();
    const poller = new Poller(task.run, 500, { scheduler: scheduler.schedule });

    poller.start();
    await task.finishLatest();
    poller.stop();

    expect(poller.isActive).toBe(false);
    expect(scheduler.live()).toHaveLength(0);
    poller.refresh();
    expect(task.runs).toHaveLength(1);
  });

  it("a run in flight at stop schedules nothing when it settles", async () => {
    const scheduler = new ManualScheduler();
    const task = new ControlledTask();
    const poller = new Poller(task.run, 500, { scheduler: scheduler.schedule });

    poller.start();
    poller.stop();
    await task.finishLatest();

    expect(scheduler.pending).toHaveLength(0);
    expect(task.runs).toHaveLength(1);
  });

  it("restarting while the old run is in flight waits for it instead of overlapping", async () => {
    const scheduler = new ManualScheduler();
    const task = new ControlledTask();
    const poller = new Poller(task.run, 500, { scheduler: scheduler.schedule });

    poller.start();
    poller.stop();
    poller.start();
    expect(task.runs).toHaveLength(1);

    await task.finishLatest();
    expect(task.runs).toHaveLength(2);
    expect(task.maxConcurrent).toBe(1);
  });

  it("reports a failed run and keeps polling", async () => {
    const scheduler = new ManualScheduler();
    const task = new ControlledTask();
    const errors: unknown[] = [];
    const poller = new Poller(task.run, 500, { scheduler: scheduler.schedule, onError: (e) => errors.push(e) });
    const failure = new Error("HTTP 502");

    poller.start();
    await task.finishLatest(failure);

    expect(errors).toEqual([failure]);
    expect(scheduler.live().map((timer) => timer.delayMs)).toEqual([500]);
    scheduler.fire();
    expect(task.runs).toHaveLength(2);
  });
});
