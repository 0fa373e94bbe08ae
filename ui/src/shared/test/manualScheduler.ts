// A timer source driven by the test: scheduled callbacks run only when the test fires them.
import type { Scheduler } from "../stores/Poller";

/** One scheduled callback. */
export interface ManualTimer {
  /** What runs when the timer fires. */
  readonly callback: () => void;
  /** The delay it was scheduled with. */
  readonly delayMs: number;
  /** True once fired or cancelled. */
  cancelled: boolean;
}

/** A scheduler whose timers fire only when `fire()` is called. */
export class ManualScheduler {
  /** Every timer ever scheduled, in order. */
  readonly pending: ManualTimer[] = [];

  /** Pass this as the scheduler. */
  readonly schedule: Scheduler = (callback, delayMs) => {
    const timer: ManualTimer = { callback, delayMs, cancelled: false };
    this.pending.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };

  /** Timers that were scheduled and neither fired nor cancelled. */
  live(): ManualTimer[] {
    return this.pending.filter((timer) => !timer.cancelled);
  }

  /**
   * Fires the only live timer.
   * @throws {Error} when there is not exactly one live timer.
   */
  fire(): void {
    const live = this.live();
    const [timer] = live;
    if (live.length !== 1 || timer === undefined) {
      throw new Error(`expected exactly one live timer, found ${live.length}`);
    }
    timer.cancelled = true;
    timer.callback();
  }
}
