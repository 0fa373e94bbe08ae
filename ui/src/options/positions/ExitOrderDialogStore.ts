// The "Option Exit Order" dialog: closing one position, or the same position held by the selected accounts.
import { makeAutoObservable } from "mobx";
import { OptionPaths } from "../optionPaths";
import { requestOutcome, sendFromDialog } from "../../shared/stores/DialogRequest";
import { OptionMessages } from "../OptionMessages";
import { CLOSING_INSTRUCTIONS, OptionOrderForm } from "../../shared/orderForm/OptionOrderForm";
import type { OptionPosition } from "./OptionPosition";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import { copyAnswerReason, isAcceptedAnswer } from "../../shared/orders/CopyAnswer";
import { exitDefaults, positionAccount } from "./PositionExit";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { CHECK_FAILED, PreflightStore, type PreflightCommand } from "../../shared/preflight/PreflightStore";
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";

/** What the exit dialog works with besides the API client. */
export interface ExitOrderDialogLinks {
  /** Reloads the order and position tables after an exit. */
  readonly reloadTables: () => void;
  /** Tells the screen the exit of selected positions went out (it leaves selection mode). */
  readonly exitedSelected: () => void;
}

/** State of the exit dialog; the form starts from the first position's defaults (spec 01 §4). */
export class ExitOrderDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** True when the dialog acts on the selected positions, false for one row's S. */
  selected = false;
  /** The positions to close: all of one option, one per account. */
  targets: OptionPosition[] = [];
  /** Instruction, order type, quantity and price of the closing order. */
  readonly form = new OptionOrderForm(CLOSING_INSTRUCTIONS);
  /** True while the exit is in flight. */
  pending = false;
  /** The fan-out mode and Check accounts. */
  readonly preflight: PreflightStore;

  private readonly links: ExitOrderDialogLinks;

  /**
   * @param deps The root store (API client).
   * @param links The screen's callbacks.
   */
  /** The option's bid, ask and last, read while the dialog is open. */
  readonly quotes: QuoteFeed;

  constructor(deps: StoreDeps, links: ExitOrderDialogLinks) {
    this.links = links;
    this.preflight = new PreflightStore(deps);
    makeAutoObservable<this, "deps" | "links">(
      this,
      { deps: false, links: false, form: false, quotes: false, preflight: false },
      { autoBind: true },
    );
    this.quotes = new QuoteFeed(deps, "option", () =>
      this.isOpen && this.targets[0] !== undefined ? [this.targets[0].optionChainSymbol] : [],
    );
  }

  /** The option being closed, in words. */
  get description(): string {
    return this.targets[0]?.optionChainDescription ?? "";
  }

  /** The accounts the exit goes to, by name. */
  get accountNames(): string {
    return this.targets.map((position) => position.accountName).join(", ");
  }

  /** Opens the dialog for `targets` (one position, or several accounts' holdings of one option). */
  open(targets: readonly OptionPosition[], selected: boolean): void {
    const first = targets[0];
    if (first === undefined || this.pending) {
      return;
    }
    this.targets = [...targets];
    this.selected = selected;
    this.form.fill(exitDefaults(first));
    this.isOpen = true;
    this.preflight.reset();
  }

  /** Closes the dialog; ignored while exiting. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /**
   * Sends the exit; `success` closes the dialog, and so does an answer some accounts accepted (a warning saying
   * how many and why the others did not); anything else keeps it open and says why. A quantity or price that
   * cannot be sent is marked on its field and nothing is sent; a press while it is being sent sends nothing.
   */
  async submit(): Promise<Outcome> {
    const first = this.targets[0];
    if (this.pending) {
      return NOT_SENT;
    }
    if (first === undefined) {
      return failed(OptionMessages.exitFailed);
    }
    const problem = this.form.check();
    if (problem !== null) {
      return failedWith(OptionMessages.exitFailed, problem);
    }
    const result = await sendFromDialog(this, {
      send: () => this.preflight.send(this.command(first)),
      accepted: isAcceptedAnswer,
      refusalReason: copyAnswerReason,
      logs: { refused: "The exit was not accepted everywhere", failed: "Exiting the position failed" },
      kind: "exit",
    });
    if (result.ok && this.selected) {
      this.links.exitedSelected();
    }
    this.links.reloadTables();
    return requestOutcome(result, { ok: OptionMessages.exitSucceeded, failed: OptionMessages.exitFailed });
  }

  /** Check accounts: previews the exit on every targeted account (nothing is sent). */
  checkAccounts(): Promise<Outcome | null> {
    const first = this.targets[0];
    if (first === undefined) {
      return Promise.resolve(null);
    }
    const problem = this.form.check();
    if (problem !== null) {
      return Promise.resolve(failedWith(CHECK_FAILED, problem));
    }
    return this.preflight.check(this.command(first));
  }

  /** The exit call of the form for the targeted accounts' holdings of `first`'s option. */
  private command(first: OptionPosition): PreflightCommand {
    return {
      method: "post",
      path: OptionPaths.exitOrder,
      body: {
        allTradingAccountsOrderList: this.targets.map(positionAccount),
        optionChainSymbol: first.optionChainSymbol,
        ...this.form.payload(),
      },
    };
  }
}
