// What the stores take from the browser besides HTTP: the clock, timers and new windows.
import { timerScheduler, type Scheduler } from "../stores/Poller";

/** The browser facilities stores use; tests pass fakes so time and windows are under their control. */
export interface Environment {
  /** The current time in milliseconds since the epoch. */
  readonly now: () => number;
  /** Timer source of every poller. */
  readonly scheduler: Scheduler;
  /**
   * Timer source of the quote feeds of open order dialogs and the watch list (kept apart from the tables'
   * pollers, so a test drives each on its own).
   */
  readonly quoteScheduler: Scheduler;
  /**
   * Timer source of what an order dialog asks while its command is in flight (the accounts waiting for their
   * write limits), kept apart from the other timers for the same reason.
   */
  readonly commandScheduler: Scheduler;
  /** Timer source of the order dialogs' plan previews (asked a moment after the form last changed). */
  readonly previewScheduler: Scheduler;
  /** Opens an empty new window or tab; null when the browser refused (e.g. a popup blocker). */
  readonly openBlankWindow: () => Window | null;
  /** The time zone order times are shown in (an IANA name); the browser's own when absent. */
  readonly timeZone?: string;
}

/** The real browser: `Date.now`, `setTimeout` and `window.open` of a blank new tab. */
export const browserEnvironment: Environment = {
  now: () => Date.now(),
  scheduler: timerScheduler,
  quoteScheduler: timerScheduler,
  commandScheduler: timerScheduler,
  previewScheduler: timerScheduler,
  openBlankWindow: () => window.open("", "_blank"),
};
