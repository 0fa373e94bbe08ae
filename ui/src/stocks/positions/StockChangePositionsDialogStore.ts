// "Change Multiple Stock Positions": a closing order per selected position, sent together.
import { makeAutoObservable, observable, runInAction } from "mobx";
import { copyOutcome } from "../../shared/orders/CopyAnswer";
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";
import { commandFailure } from "../../shared/commands/CommandSender";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { CHECK_FAILED, PreflightStore, type PreflightCommand } from "../../shared/preflight/PreflightStore";
import { STOCK_CLOSING_INSTRUCTIONS, StockOrderForm } from "../form/StockOrderForm";
import { StockMessages, withReason } from "../StockMessages";
import { StockPaths } from "../stockPaths";
import { stockExitDefaults, stockPositionKey, type StockPosition } from "./StockPosition";

/** What the change dialog works with besides the API client. */
export interface StockChangePositionsLinks {
  /** Reloads the tables after the exits. */
  readonly reloadTables: () => void;
  /** Tells the screen the selected positions were exited (it leaves selection mode). */
  readonly exitedSelected: () => void;
}

/** One row: a position and the closing order typed for it. */
export interface StockPositionChange {
  readonly key: string;
  readonly position: StockPosition;
  readonly form: StockOrderForm;
}

/** State of the change dialog. */
export class StockChangePositionsDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** One entry per selected position. */
  changes: StockPositionChange[] = [];
  /** True while the exits are in flight. */
  pending = false;
  /** The fan-out mode and Check accounts. */
  readonly preflight: PreflightStore;
  /** The quotes of the positions' symbols, read while the dialog is open. */
  readonly quotes: QuoteFeed;

  private readonly links: StockChangePositionsLinks;

  /**
   * @param deps The root store (API client).
   * @param links The screen's callbacks.
   */
  constructor(deps: StoreDeps, links: StockChangePositionsLinks) {
    this.links = links;
    this.preflight = new PreflightStore(deps);
    makeAutoObservable<this, "links">(
      this,
      { links: false, changes: observable.ref, quotes: false, preflight: false },
      { autoBind: true },
    );
    this.quotes = new QuoteFeed(deps, "stock", () =>
      this.isOpen ? this.changes.map((change) => change.position.stockSymbol) : [],
    );
  }

  /** Opens the dialog with the default closing order of each position. */
  open(positions: readonly StockPosition[]): void {
    if (positions.length === 0 || this.pending) {
      return;
    }
    this.changes = positions.map((position) => {
      const form = new StockOrderForm(STOCK_CLOSING_INSTRUCTIONS);
      form.fill(stockExitDefaults(position));
      return { key: stockPositionKey(position), position, form };
    });
    this.isOpen = true;
    this.preflight.reset();
  }

  /** Closes the dialog; ignored while sending. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /**
   * Checks every row and sends all closing orders at once; a row marked wrong sends nothing, and so does a press
   * while they are being sent. Success, or an answer some accounts accepted (a warning), closes the dialog.
   */
  async submit(): Promise<Outcome> {
    if (this.pending) {
      return NOT_SENT;
    }
    if (this.changes.length === 0) {
      return failed(StockMessages.exitFailed);
    }
    const command = this.command();
    if (typeof command === "string") {
      return failed(withReason(StockMessages.exitFailed, command));
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = await this.preflight.send(command);
      outcome = copyOutcome(answer, StockMessages.exitSucceeded, StockMessages.exitFailed, "exit");
    } catch (error) {
      console.error("Exiting the stock positions failed", error);
      outcome = commandFailure(StockMessages.exitFailed, error);
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
    const command = this.command();
    return typeof command === "string"
      ? Promise.resolve(failedWith(CHECK_FAILED, command))
      : this.preflight.check(command);
  }

  /** The exit call of every row, each row checked (and marked); the first row's problem when one has one. */
  private command(): PreflightCommand | string {
    const orders = this.changes.map(({ position, form }) => {
      const fields = form.check();
      return fields === null ? null : { accountId: position.accountId, ...fields };
    });
    const invalid = this.changes.find(({ form }) => form.firstError !== null);
    if (invalid !== undefined || orders.some((order) => order === null)) {
      return invalid?.form.firstError ?? "";
    }
    return { method: "post", path: StockPaths.exitOrderMultiple, body: { ordersToExit: orders } };
  }
}
