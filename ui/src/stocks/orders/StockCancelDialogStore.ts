// The stock delete dialogs: the checked orders (or a session's open ones), or one account's order.
import { makeAutoObservable, runInAction } from "mobx";
import { quantitiesText } from "../../shared/orders/groupSummary";
import { commandOutcome } from "../../shared/orders/CopyAnswer";
import { CommandSender, commandFailure } from "../../shared/commands/CommandSender";
import { failed, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { StockMessages } from "../StockMessages";
import { StockPaths } from "../stockPaths";
import { stockOrderTarget, type StockOrderRow } from "./StockOrderRow";

/** What the delete dialog works with besides the API client. */
export interface StockCancelDialogLinks {
  /** Reloads the tables after a cancellation. */
  readonly reloadTables: () => void;
  /** Unticks the session dialog's SELECTED ORDER checks once the checked orders were cancelled. */
  readonly doneWithSelected: () => void;
}

/** State of the delete confirmation: CANCEL keeps the orders, DELETE ORDER cancels them. */
export class StockCancelDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** True for one account's order, false for the checked (or a session's open) orders. */
  individual = false;
  /** The session of the orders. */
  sessionId = 0;
  /** The orders to cancel. */
  targets: StockOrderRow[] = [];
  /** True while the cancellation is in flight. */
  pending = false;
  /** How the cancellation is sent: one key per opening, the write-limit waits shown. */
  readonly commands: CommandSender;

  private readonly links: StockCancelDialogLinks;

  /**
   * @param deps The root store (API client).
   * @param links The tables' reload.
   */
  constructor(deps: StoreDeps, links: StockCancelDialogLinks) {
    this.links = links;
    this.commands = new CommandSender(deps);
    makeAutoObservable<this, "links">(this, { links: false, commands: false }, { autoBind: true });
  }

  /** "Stock Delete Order (Selected)", or the individual variant naming the account. */
  get title(): string {
    return this.individual
      ? `Stock Delete Order: ${this.targets[0]?.accountUsername ?? ""}`
      : "Stock Delete Order (Selected)";
  }

  /** "Are you sure to delete this order {description}?" */
  get question(): string {
    const first = this.targets[0];
    if (first === undefined) {
      return "";
    }
    const quantities = quantitiesText(
      this.targets.map((row) => row.stockQuantity),
      "share",
    );
    const description = `${first.stockInstruction} ${first.stockSymbol} ${first.stockOrderType} ${quantities}`;
    const accounts = this.targets.length === 1 ? "" : ` on ${this.targets.length} accounts`;
    return `Are you sure to delete this order ${description}${accounts}?`;
  }

  /** Opens the dialog for `targets` of session `sessionId`; does nothing without targets. */
  open(individual: boolean, sessionId: number, targets: readonly StockOrderRow[]): void {
    if (targets.length === 0 || this.pending) {
      return;
    }
    this.individual = individual;
    this.sessionId = sessionId;
    this.targets = [...targets];
    this.isOpen = true;
    this.commands.open();
  }

  /** Closes the dialog; ignored while cancelling. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /**
   * DELETE ORDER: cancels the orders; success closes the dialog, and so does an answer some accounts accepted (a
   * warning saying how many and why the others did not); a failure keeps it open with the reason; a press while
   * the orders are being cancelled sends nothing.
   */
  async confirm(): Promise<Outcome> {
    const first = this.targets[0];
    if (this.pending) {
      return NOT_SENT;
    }
    if (first === undefined) {
      return failed(StockMessages.cancelFailed);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = this.individual
        ? await this.commands.send("delete", StockPaths.cancelOrderIndividual, {
            agentTradingSessionID: this.sessionId,
            accountId: first.accountId,
            accountUsername: first.accountUsername,
            stockOrderId: first.stockOrderId,
          })
        : await this.commands.send("delete", StockPaths.cancelOrder, {
            agentTradingSessionID: this.sessionId,
            allTradingAccountsOrderList: this.targets.map(stockOrderTarget),
          });
      outcome = commandOutcome(answer, {
        ok: StockMessages.cancelSucceeded,
        failed: StockMessages.cancelFailed,
        kind: "cancel",
      });
    } catch (error) {
      console.error("Cancelling the stock order failed", error);
      outcome = commandFailure(StockMessages.cancelFailed, error);
    }
    runInAction(() => {
      this.pending = false;
      if (outcome.ok) {
        this.isOpen = false;
      }
    });
    if (outcome.ok && !this.individual) {
      this.links.doneWithSelected();
    }
    this.links.reloadTables();
    return outcome;
  }
}
