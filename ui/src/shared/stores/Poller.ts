// Repeats an async task on a setTimeout chain: a run never starts while the previous one is in flight.

/** Schedules one callback after a delay and returns a function that cancels it. */
export type Scheduler = (callback: () => void, delayMs: number) => () => void;

/** The browser's timers. */
export const timerScheduler: Scheduler = (callback, delayMs) => {
  const handle = setTimeout(callback, delayMs);
  return () => clearTimeout(handle);
};

/** Options of {@link Poller}. */
export interface PollerOptions {
  /** Timer source; tests pass a manual one. Defaults to {@link timerScheduler}. */
  readonly scheduler?: Scheduler;
  /** Told about a run that failed; polling goes on. Defaults to logging to the console. */
  readonly onError?: (error: unknown) => void;
}

/**
 * Runs `task` now and then again `intervalMs` after each run has settled, so slow answers never pile up.
 * `stop()` (call it on unmount) cancels the pending timer, and a run still in flight schedules nothing.
 */
export class Poller {
  private readonly task: () => Promise<void>;
  private readonly intervalMs: number;
  private readonly scheduler: Scheduler;
  private readonly onError: (error: unknown) => void;
  private cancelTimer: (() => void) | null = null;
  private active = false;
  private inFlight = false;
  private rerunRequested = false;

  /**
   * @param task One poll; its rejection is reported to `onError` and does not stop polling.
   * @param intervalMs Pause between the end of one run and the start of the next.
   * @param options Timer source and error sink.
   */
  constructor(task: () => Promise<void>, intervalMs: number, options: PollerOptions = {}) {
    this.task = task;
    this.intervalMs = intervalMs;
    this.scheduler = options.scheduler ?? timerScheduler;
    this.onError = options.onError ?? ((error) => console.error("Polling failed", error));
  }

  /** Whether the poller is started (it may be waiting or running). */
  get isActive(): boolean {
    return this.active;
  }

  /** Whether a run is in flight right now. */
  get isInFlight(): boolean {
    return this.inFlight;
  }

  /** Starts polling with an immediate run; does nothing when already started. */
  start(): void {
    if (this.active) {
      return;
    }
    this.active = true;
    this.runNowOrNext();
  }

  /** Stops polling: cancels the waiting timer; a run in flight finishes but schedules nothing. */
  stop(): void {
    this.active = false;
    this.rerunRequested = false;
    this.clearTimer();
  }

  /**
   * Runs the task now instead of waiting for the timer (e.g. a REFRESH button). While a run is in flight
   * the next run starts as soon as it settles, so two runs never overlap. Ignored while stopped.
   */
  refresh(): void {
    if (this.active) {
      this.runNowOrNext();
    }
  }

  private runNowOrNext(): void {
    if (this.inFlight) {
      this.rerunRequested = true;
    } else {
      void this.run();
    }
  }

  private async run(): Promise<void> {
    this.clearTimer();
    this.inFlight = true;
    try {
      await this.task();
    } catch (error) {
      this.onError(error);
    } finally {
      this.inFlight = false;
    }
    if (!this.active) {
      return;
    }
    if (this.rerunRequested) {
      this.rerunRequested = false;
      void this.run();
      return;
    }
    this.cancelTimer = this.scheduler(() => {
      this.cancelTimer = null;
      void this.run();
    }, this.intervalMs);
  }

  private clearTimer(): void {
    if (this.cancelTimer !== null) {
      this.cancelTimer();
      this.cancelTimer = null;
    }
  }
}
