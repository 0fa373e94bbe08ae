// Asks the plan preview of an order dialog's command once the form is complete, debounced, one call at a time.
import { makeAutoObservable, reaction, runInAction } from "mobx";
import { describeError } from "../api/describeError";
import { saysNothingToChange } from "../orders/nothingToChange";
import type { QuantityUnit } from "../accounts/TierPreview";
import type { StoreDeps } from "../shell/StoreDeps";
import { parsePlanAnswer, planPathOf, type PlanAnswer } from "./PlanPreview";

/** How long after the last change of the form the plan is asked. */
export const PLAN_PREVIEW_DELAY_MS = 300;

/** The command a dialog would send: its call path (relative to the API base path) and body. */
export interface PlanCommand {
  /** The command call's path, e.g. `/stock_copy_trading/place_order/`. */
  readonly path: string;
  /** Its body, exactly as it would be sent. */
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * Where the preview stands: no command yet, being asked, answered, refused as a replace that changes nothing
 * (every order already has the form's terms, so nothing would be sent), or failed.
 */
export type PlanPreviewState = "incomplete" | "loading" | "ready" | "unchanged" | "failed";

/**
 * The plan preview of one order dialog. `command` says what the dialog would send now, or null while the dialog is
 * closed or its form is not complete and valid. Every change of it waits {@link PLAN_PREVIEW_DELAY_MS} on the
 * environment's preview timer, then asks `POST /api/plan_preview/...` with the command's body; a call is never
 * started while another is in flight (the newest command is asked when it returns), an answer to an older command
 * is dropped, and closing the dialog (null) drops the plan and cancels the timer.
 */
export class PlanPreviewStore {
  /** The plan of the command now in the form, or null. */
  plan: PlanAnswer | null = null;
  /** Why asking the plan of the command now in the form failed, or null. */
  error: string | null = null;
  /** True while a call is in flight. */
  inFlight = false;
  /** True when the server refused the command now in the form as changing nothing. */
  unchanged = false;

  /** What the dialog's quantity counts: contracts, spreads or shares. */
  readonly unit: QuantityUnit;

  private readonly deps: StoreDeps;
  private readonly command: () => PlanCommand | null;
  /** The key (path and body) of the command now in the form, or null. */
  private key: string | null = null;
  /** The key the plan or error is about. */
  private answeredKey: string | null = null;
  /** Cancels the pending timer, or null. */
  private cancelTimer: (() => void) | null = null;
  /** True when the timer fired while a call was in flight: the newest command is asked when it returns. */
  private askWhenBack = false;

  /**
   * @param deps The root store (API client, preview timer).
   * @param unit What the dialog's quantity counts.
   * @param command The command the dialog would send now, or null (closed, or the form incomplete or invalid).
   */
  constructor(deps: StoreDeps, unit: QuantityUnit, command: () => PlanCommand | null) {
    this.deps = deps;
    this.unit = unit;
    this.command = command;
    makeAutoObservable<this, "deps" | "command" | "cancelTimer" | "askWhenBack">(
      this,
      { deps: false, unit: false, command: false, cancelTimer: false, askWhenBack: false },
      { autoBind: true },
    );
    reaction(() => commandKey(this.command()), this.changed, { fireImmediately: true });
  }

  /** Where the preview of the command now in the form stands. */
  get state(): PlanPreviewState {
    if (this.key === null) {
      return "incomplete";
    }
    if (this.answeredKey !== this.key) {
      return "loading";
    }
    if (this.unchanged) {
      return "unchanged";
    }
    return this.error === null ? "ready" : "failed";
  }

  /** The plan of the command now in the form, or null while there is none yet. */
  get currentPlan(): PlanAnswer | null {
    return this.state === "ready" ? this.plan : null;
  }

  private changed(key: string | null): void {
    this.key = key;
    this.cancelTimer?.();
    this.cancelTimer = null;
    if (key === null) {
      this.plan = null;
      this.error = null;
      this.unchanged = false;
      this.answeredKey = null;
      return;
    }
    if (key === this.answeredKey) {
      return;
    }
    this.cancelTimer = this.deps.env.previewScheduler(this.timerFired, PLAN_PREVIEW_DELAY_MS);
  }

  private timerFired(): void {
    this.cancelTimer = null;
    if (this.inFlight) {
      this.askWhenBack = true;
      return;
    }
    void this.ask();
  }

  private async ask(): Promise<void> {
    const command = this.command();
    const key = commandKey(command);
    const path = command === null ? null : planPathOf(command.path);
    if (command === null || key === null || path === null) {
      return;
    }
    this.inFlight = true;
    let plan: PlanAnswer | null = null;
    let error: string | null = null;
    let unchanged = false;
    try {
      plan = parsePlanAnswer(await this.deps.api.post(path, command.body));
    } catch (failure) {
      unchanged = saysNothingToChange(failure);
      if (!unchanged) {
        console.error("Asking each account's planned quantity failed", failure);
        error = describeError(failure);
      }
    }
    runInAction(() => {
      this.inFlight = false;
      if (key === this.key) {
        this.plan = plan;
        this.error = error;
        this.unchanged = unchanged;
        this.answeredKey = key;
      }
    });
    if (this.askWhenBack) {
      this.askWhenBack = false;
      if (this.key !== null && this.key !== this.answeredKey && this.cancelTimer === null) {
        await this.ask();
      }
    }
  }
}

/** The key of `command`: its path and body as JSON, or null. */
function commandKey(command: PlanCommand | null): string | null {
  return command === null ? null : `${command.path} ${JSON.stringify(command.body)}`;
}
