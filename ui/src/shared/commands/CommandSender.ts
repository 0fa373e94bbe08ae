// The one way an order dialog sends its command: under the key of the dialog's opening, asking first when the same
// order went out moments ago, and saying which accounts' write limits keep it waiting while it is in flight.
import { makeAutoObservable, runInAction } from "mobx";
import type { WriteMethod } from "../api/ApiClient";
import { ApiError } from "../api/ApiError";
import { CommandScope } from "../api/CommandKeys";
import { reasonOf } from "../api/describeError";
import { formatTime } from "../format/formatTime";
import { acceptedAccounts, sentSomething } from "../orders/CopyAnswer";
import type { StoreDeps } from "../shell/StoreDeps";
import { failedWith, NOT_SENT, type Outcome } from "../stores/Outcome";
import {
  COMMAND_WAITS_PATH,
  COMMAND_WAITS_POLL_MS,
  commandWaitsText,
  parseCommandWaits,
  type CommandWait,
} from "./CommandWaits";
import { orderIdentity, type SentOrder } from "./SentOrders";

/** What {@link CommandSender.send} rejects with when the agent chose not to send an order again: nothing was sent. */
export class NotSentAgain extends Error {
  constructor() {
    super("Not sent again");
    this.name = "NotSentAgain";
  }
}

/** The failure of a command that threw `error`: `text` and why, or nothing to show when the agent chose not to send. */
export function commandFailure(text: string, error: unknown): Outcome {
  return error instanceof NotSentAgain ? NOT_SENT : failedWith(text, reasonOf(error));
}

/** `You sent this order to 11 accounts at 14:02:55. Send it again?` (the time in `timeZone`). */
export function repeatQuestionText(order: SentOrder, timeZone?: string): string {
  const time = formatTime(new Date(order.at).toISOString(), timeZone).slice("2025-01-02 ".length);
  const accounts = order.accounts;
  const to = accounts === null ? "" : ` to ${accounts} ${accounts === 1 ? "account" : "accounts"}`;
  return `You sent this order${to} at ${time}. Send it again?`;
}

/**
 * The command side of one order dialog. {@link open} starts an opening: every command sent from it goes under the
 * opening's idempotency key while it is unchanged, so pressing the send button again is answered from the first
 * press and sends nothing; a changed command gets a new key. An order identical to one sent from this page within
 * the last 30 s, which would go out again under a new key, first asks {@link question}; saying yes sends it
 * under a new key, saying no sends nothing. While a command is in flight the dialog asks the server every second
 * which accounts' write limits make it wait ({@link waitText}); a server without that call (404) is not asked
 * again for that command, and says nothing.
 */
export class CommandSender {
  /** The accounts the command in flight waits for (empty when none, or when nothing is in flight). */
  waits: readonly CommandWait[] = [];
  /** The question before an order identical to one just sent goes out again; null when none is asked. */
  question: string | null = null;

  private readonly deps: StoreDeps;
  /** The dialog's opening. */
  private scope = new CommandScope();
  /** Answers the question asked. */
  private reply: ((send: boolean) => void) | null = null;
  /** Numbers the polls of waits, so the answer of a poll of an earlier command is dropped. */
  private round = 0;
  private cancelTimer: (() => void) | null = null;

  /** @param deps The root store: API client, clock, time zone and timers, and the orders sent from this page. */
  constructor(deps: StoreDeps) {
    this.deps = deps;
    makeAutoObservable<this, "deps" | "scope" | "reply" | "round" | "cancelTimer">(
      this,
      { deps: false, scope: false, reply: false, round: false, cancelTimer: false },
      { autoBind: true },
    );
  }

  /** What the dialog shows under its buttons while the command waits for write limits; null otherwise. */
  get waitText(): string | null {
    return commandWaitsText(this.waits);
  }

  /** The dialog opened: a new opening, and so a new key for its first command. */
  open(): void {
    this.scope = new CommandScope();
    this.answer(false);
    this.stopWaits();
  }

  /**
   * Sends `method path body` from this opening (see the class). Resolves to the answer.
   * @throws {NotSentAgain} when the agent said not to send an order again (nothing was sent).
   * @throws {ApiError} when the call fails.
   */
  async send(method: WriteMethod, path: string, body: unknown): Promise<unknown> {
    const api = this.deps.api;
    const scope = this.scope;
    const identity = orderIdentity(method, path, body);
    const repeat = api.isRepeat(method, path, body, scope);
    if (identity !== null && !repeat) {
      const recent = this.deps.sentOrders.recent(identity);
      if (recent !== null && !(await this.ask(recent))) {
        throw new NotSentAgain();
      }
    }
    const sending = identity === null || repeat ? null : this.deps.sentOrders.begin(identity, path);
    this.startWaits();
    try {
      const answer = await api[method](path, body, { scope });
      if (sending !== null && sentSomething(answer)) {
        const accepted = new Set(acceptedAccounts(answer)).size;
        this.deps.sentOrders.record(sending, accepted > 0 ? accepted : null);
      }
      return answer;
    } finally {
      this.stopWaits();
    }
  }

  /** Answers {@link question}: send the order again, or not. */
  answer(send: boolean): void {
    const reply = this.reply;
    this.reply = null;
    this.question = null;
    reply?.(send);
  }

  /** The dialog is gone: stops asking for waits and says no to a question still open. */
  dispose(): void {
    this.answer(false);
    this.stopWaits();
  }

  private ask(order: SentOrder): Promise<boolean> {
    this.answer(false);
    return new Promise<boolean>((resolve) => {
      runInAction(() => {
        this.question = repeatQuestionText(order, this.deps.env.timeZone);
        this.reply = resolve;
      });
    });
  }

  /** Asks for the waits every {@link COMMAND_WAITS_POLL_MS} until {@link stopWaits}. */
  private startWaits(): void {
    this.stopWaits();
    const round = this.round;
    const next = () => {
      this.cancelTimer = this.deps.env.commandScheduler(poll, COMMAND_WAITS_POLL_MS);
    };
    const poll = () => {
      this.cancelTimer = null;
      this.deps.api.get(COMMAND_WAITS_PATH).then(
        (answer) => {
          if (round === this.round) {
            runInAction(() => {
              this.waits = parseCommandWaits(answer);
            });
            next();
          }
        },
        (error: unknown) => {
          // A server without the call yet says 404: nothing to show, nothing to ask again for this command.
          if (round === this.round && !(error instanceof ApiError && error.status === 404)) {
            next();
          }
        },
      );
    };
    next();
  }

  private stopWaits(): void {
    this.round += 1;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.waits = [];
  }
}
