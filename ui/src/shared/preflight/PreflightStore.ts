// Pre-flight of an order dialog: the fan-out mode chosen, Check accounts, and a refused all or none.
import { makeAutoObservable, runInAction } from "mobx";
import { ApiError } from "../api/ApiError";
import { reasonOf } from "../api/describeError";
import { OperatorPaths } from "../accounts/accountPaths";
import { parseOperatorSettings } from "../accounts/OperatorSettings";
import type { StoreDeps } from "../shell/StoreDeps";
import { failedWith, type Outcome } from "../stores/Outcome";
import {
  PREVIEW_REFUSED,
  parseAccountChecks,
  parsePreviewRefusal,
  refusalText,
  type AccountCheck,
  type PreviewRefusal,
} from "./AccountCheck";
import type { FanOutMode } from "./FanOutMode";
import { checkPathOf } from "./preflightPaths";
import { CommandSender } from "../commands/CommandSender";

/** A copy command as a dialog would send it. */
export interface PreflightCommand {
  /** The HTTP method of the command call. */
  readonly method: "post" | "put";
  /** The command call, relative to the API base path. */
  readonly path: string;
  /** Its body, without the fan-out mode. */
  readonly body: Readonly<Record<string, unknown>>;
}

/** The failure text of Check accounts. */
export const CHECK_FAILED = "Checking the accounts failed";

/**
 * The pre-flight state of one order dialog. On open it forgets the last check and the mode chosen, and shows the
 * operator's default mode; Check accounts asks the server to preview the dialog's command on every targeted account
 * (nothing is sent) and keeps each account's result; sending adds the chosen mode to the command, sends it through
 * the dialog's {@link CommandSender} (one key per opening, the question before an order goes out twice, the
 * write-limit waits) and records a refused all or none (its accounts and reasons), whose error then names them
 * grouped by reason.
 */
export class PreflightStore {
  /** The mode the agent chose; null while the operator's default applies (the command is sent without one). */
  mode: FanOutMode | null = null;
  /** The operator's default, or null until loaded. */
  defaultMode: FanOutMode | null = null;
  /** True while the accounts are being checked. */
  checking = false;
  /** Each targeted account's check, or null before Check accounts. */
  checks: readonly AccountCheck[] | null = null;
  /** The last refused all or none, or null. */
  refusal: PreviewRefusal | null = null;
  /** Why the last check failed, or null. */
  problem: string | null = null;
  /** How the dialog's commands are sent. */
  readonly commands: CommandSender;

  private readonly deps: StoreDeps;
  /** Numbers openings, so an old default or check answer is dropped. */
  private openings = 0;

  /** @param deps The root store (API client). */
  constructor(deps: StoreDeps) {
    this.deps = deps;
    this.commands = new CommandSender(deps);
    makeAutoObservable<this, "deps" | "openings">(
      this,
      { deps: false, openings: false, commands: false },
      { autoBind: true },
    );
  }

  /** The mode the command goes out in as far as the dialog knows: the choice, else the operator's default. */
  get shownMode(): FanOutMode | null {
    return this.mode ?? this.defaultMode;
  }

  /** How many checked accounts would refuse. */
  get rejecting(): number {
    return this.checks?.filter((check) => check.result === "REJECT").length ?? 0;
  }

  /**
   * One line on the last check: how many orders would be refused, and what the chosen mode then does; null
   * before a check.
   */
  get checkSummary(): string | null {
    if (this.checks === null) {
      return null;
    }
    const total = this.checks.length;
    const refused = this.rejecting;
    if (refused === 0) {
      return total === 1 ? "The account would take the order" : `All ${total} orders would be taken`;
    }
    const who = refused === total ? `All ${total} orders` : `${refused} of ${total} orders`;
    const then =
      this.shownMode === "ALL_OR_NONE"
        ? "all or none sends nothing"
        : this.shownMode === "ONLY_PASSING"
          ? "only those that pass are sent"
          : this.shownMode === "SEND_TO_ALL"
            ? "send to all sends them anyway"
            : "the operator's default mode decides what is sent";
    return `${who} would be refused: ${then}`;
  }

  /**
   * The dialog opened: forgets the choice, the last check and the refusal, loads the operator's default mode afresh,
   * and starts a new opening of its commands (a new idempotency key).
   */
  reset(): void {
    this.openings += 1;
    this.commands.open();
    const opening = this.openings;
    this.mode = null;
    this.checks = null;
    this.refusal = null;
    this.problem = null;
    this.checking = false;
    void this.deps.api.get(OperatorPaths.settings).then(
      (answer) => {
        const mode = parseOperatorSettings(answer).defaultFanOutMode;
        runInAction(() => {
          if (opening === this.openings) {
            this.defaultMode = mode;
          }
        });
      },
      (error: unknown) => {
        console.error("Loading the default fan-out mode failed", error);
      },
    );
  }

  /** Chooses the mode. */
  setMode(mode: FanOutMode): void {
    this.mode = mode;
  }

  /**
   * Checks `command` on every account it targets; nothing is sent. Resolves to null once the results are
   * shown, or to "Checking the accounts failed" with the reason (also shown in the dialog).
   */
  async check(command: PreflightCommand): Promise<Outcome | null> {
    const path = checkPathOf(command.path);
    if (path === null || this.checking) {
      return null;
    }
    const opening = this.openings;
    this.checking = true;
    this.problem = null;
    this.refusal = null;
    let outcome: Outcome | null = null;
    let checks: AccountCheck[] | null = null;
    try {
      checks = parseAccountChecks(await this.deps.api.post(path, command.body));
    } catch (error) {
      console.error("Checking the accounts failed", error);
      outcome = failedWith(CHECK_FAILED, reasonOf(error));
    }
    runInAction(() => {
      if (opening !== this.openings) {
        return;
      }
      this.checking = false;
      this.checks = checks;
      this.problem = outcome === null ? null : outcome.message;
    });
    return outcome;
  }

  /**
   * Sends `command` in the chosen mode (without a mode when none was chosen: the server applies the operator's
   * default, the one shown). A refused all or none is kept in {@link refusal} and rejects with
   * an error naming the refusing accounts grouped by reason; any other failure rejects as it came.
   * @throws {ApiError} when the call fails.
   * @throws {NotSentAgain} when the agent chose not to send an order again.
   */
  async send(command: PreflightCommand): Promise<unknown> {
    const body = this.mode === null ? command.body : { ...command.body, fanOutMode: this.mode };
    this.refusal = null;
    try {
      return await this.commands.send(command.method, command.path, body);
    } catch (error) {
      const refusal = error instanceof ApiError && error.code === PREVIEW_REFUSED ? parsePreviewRefusal(error.details) : null;
      if (refusal === null || !(error instanceof ApiError)) {
        throw error;
      }
      runInAction(() => {
        this.refusal = refusal;
      });
      throw new ApiError(error.status, refusalText(refusal), error.code, error.details);
    }
  }
}
