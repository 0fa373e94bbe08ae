// The "Change Multiple Positions" dialog: a closing order per selected position, sent together.
import { makeAutoObservable, observable, runInAction } from "mobx";
import { OptionPaths } from "../optionPaths";
import { OptionMessages } from "../OptionMessages";
import { CLOSING_INSTRUCTIONS, OptionOrderForm } from "../../shared/orderForm/OptionOrderForm";
import { positionKey, type OptionPosition } from "./OptionPosition";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import { commandOutcome, copyAnswerReason } from "../../shared/orders/CopyAnswer";
import { commandFailure } from "../../shared/commands/CommandSender";
import { exitDefaults, positionAccount } from "./PositionExit";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { CHECK_FAILED, PreflightStore, type PreflightCommand } from "../../shared/preflight/PreflightStore";
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";

/** What the change dialog works with besides the API client. */
export interface ChangePositionsDialogLinks {
  /** Reloads the order and position tables after the exits. */
  readonly reloadTables: () => void;
  /** Tells the screen the selected positions were exited (it leaves selection mode). */
  readonly exitedSelected: () => void;
}

/** One row of the dialog: a position and the closing order typed for it. */
export interface PositionChange {
  /** The position's key. */
  readonly key: string;
  /** The position. */
  readonly position: OptionPosition;
  /** Its closing order, starting from the defaults of spec 01 §4. */
  readonly form: OptionOrderForm;
}

/** State of the change dialog. */
export class ChangePositionsDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** One entry per selected position. */
  changes: PositionChange[] = [];
  /** True while the exits are in flight. */
  pending = false;
  /** The fan-out mode and Check accounts. */
  readonly preflight: PreflightStore;

  private readonly links: ChangePositionsDialogLinks;

  /**
   * @param deps The root store (API client).
   * @param links The screen's callbacks.
   */
  /** The positions' quotes, read while the dialog is open. */
  readonly quotes: QuoteFeed;

  constructor(deps: StoreDeps, links: ChangePositionsDialogLinks) {
    this.links = links;
    this.preflight = new PreflightStore(deps);
    makeAutoObservable<this, "links">(
      this,
      { links: false, changes: observable.ref, quotes: false, preflight: false },
      { autoBind: true },
    );
    this.quotes = new QuoteFeed(deps, "option", () =>
      this.isOpen ? this.changes.map((change) => change.position.optionChainSymbol) : [],
    );
  }

  /** Opens the dialog with a closing order per position. */
  open(positions: readonly OptionPosition[]): void {
    if (positions.length === 0 || this.pending) {
      return;
    }
    this.changes = positions.map((position) => {
      const form = new OptionOrderForm(CLOSING_INSTRUCTIONS);
      form.fill(exitDefaults(position));
      return { key: positionKey(position), position, form };
    });
    this.isOpen = true;
    this.preflight.reset();
  }

  /** Closes the dialog (Cancel); ignored while sending. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /**
   * Submit Changes: sends every closing order at once. `success` closes the dialog, and so does an answer some
   * accounts accepted (a warning saying how many and why the others did not); an answer none accepted and a
   * failed request have their own messages, with the reason, and keep it open. A quantity or price that cannot
   * be sent is marked on its row and nothing is sent; a press while they are being sent sends nothing.
   */
  async submit(): Promise<Outcome> {
    if (this.pending) {
      return NOT_SENT;
    }
    if (this.changes.length === 0) {
      return failed(OptionMessages.exitMultipleError);
    }
    const problem = this.formProblem();
    if (problem !== null) {
      return failedWith(OptionMessages.exitMultipleError, problem);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = await this.preflight.send(this.command());
      outcome = commandOutcome(
        answer,
        { ok: OptionMessages.exitMultipleSucceeded, failed: OptionMessages.exitMultiplePartial, kind: "exit" },
        copyAnswerReason,
      );
      if (!outcome.ok || outcome.partial === true) {
        console.error("Not every position was exited", answer);
      }
    } catch (error) {
      console.error("Exiting the positions failed", error);
      outcome = commandFailure(OptionMessages.exitMultipleError, error);
    }
    runInAction(() => {
      this.pending = false;
      if (outcome.ok) {
        this.isOpen = false;
      }
    });
    if (outcome.ok) {
      this.links.exitedSelected();
    }
    this.links.reloadTables();
    return outcome;
  }

  /** Check accounts: previews every closing order on its account (nothing is sent). */
  checkAccounts(): Promise<Outcome | null> {
    if (this.changes.length === 0) {
      return Promise.resolve(null);
    }
    const problem = this.formProblem();
    if (problem !== null) {
      return Promise.resolve(failedWith(CHECK_FAILED, problem));
    }
    return this.preflight.check(this.command());
  }

  /** The first row's problem, naming its option and account, marked on every row; null when none has one. */
  private formProblem(): string | null {
    const problems = this.changes.map(({ position, form }) => {
      const problem = form.check();
      return problem === null ? null : `${problem} (${position.optionChainDescription} of ${position.accountName})`;
    });
    return problems.find((entry) => entry !== null) ?? null;
  }

  /** The exit call of every row. */
  private command(): PreflightCommand {
    return {
      method: "post",
      path: OptionPaths.exitOrderMultiple,
      body: {
        ordersToExit: this.changes.map(({ position, form }) => ({
          ...positionAccount(position),
          optionChainSymbol: position.optionChainSymbol,
          optionChainDescription: position.optionChainDescription,
          ...form.payload(),
        })),
      },
    };
  }
}
