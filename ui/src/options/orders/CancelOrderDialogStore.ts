// The cancel ("Option Delete Order") dialogs: one account's order, the checked orders, or a session's open ones.
import { quantitiesText } from "../../shared/orders/groupSummary";
import { accountsText } from "../../shared/orders/sessionSummary";
import { makeAutoObservable } from "mobx";
import { OptionPaths } from "../optionPaths";
import { requestOutcome, sendFromDialog } from "../../shared/stores/DialogRequest";
import { CommandSender } from "../../shared/commands/CommandSender";
import { OptionMessages } from "../OptionMessages";
import type { OptionOrderRow } from "./OptionOrderRow";
import { orderTarget, type OrderScope } from "./OrderTargets";
import { failed, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import { copyAnswerReason, isSuccessAnswer } from "../../shared/orders/CopyAnswer";
import type { StoreDeps } from "../../shared/shell/StoreDeps";

/** What the cancel dialog works with besides the API client. */
export interface CancelOrderDialogLinks {
  /** Reloads the order and position tables after a cancellation. */
  readonly reloadTables: () => void;
  /** Tells the session view its checked orders were cancelled (it clears the ticks). */
  readonly doneWithSelected: () => void;
}

/** State of the cancel confirmation. */
export class CancelOrderDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** What the dialog acts on. */
  scope: OrderScope = "individual";
  /** The session of the orders. */
  sessionId = 0;
  /** The orders to cancel. */
  targets: OptionOrderRow[] = [];
  /** True while the cancellation is in flight. */
  pending = false;
  /** How the cancellation is sent: one key per opening, the write-limit waits shown. */
  readonly commands: CommandSender;

  private readonly links: CancelOrderDialogLinks;

  /**
   * @param deps The root store (API client).
   * @param links The tables' reload.
   */
  constructor(deps: StoreDeps, links: CancelOrderDialogLinks) {
    this.links = links;
    this.commands = new CommandSender(deps);
    makeAutoObservable<this, "links">(this, { links: false, commands: false }, { autoBind: true });
  }

  /** The dialog's title, with the account username for one order. */
  get title(): string {
    const first = this.targets[0];
    if (this.scope === "individual" && first !== undefined) {
      return `Option Delete Order: ${first.accountUsername}`;
    }
    return this.scope === "selected"
      ? "Option Delete Selected Orders"
      : `Option Delete Orders of Session ${this.sessionId}`;
  }

  /** The question the dialog asks. */
  get question(): string {
    const first = this.targets[0];
    if (first === undefined) {
      return "";
    }
    const accounts = accountsText(this.targets.length);
    const quantities = quantitiesText(
      this.targets.map((row) => row.optionChainQuantity),
      "contract",
    );
    return `Cancel the order ${first.optionChainDescription} on ${accounts} (${quantities})?`;
  }

  /** Opens the dialog for `targets` of session `sessionId`; does nothing without targets. */
  open(scope: OrderScope, sessionId: number, targets: readonly OptionOrderRow[]): void {
    if (targets.length === 0 || this.pending) {
      return;
    }
    this.scope = scope;
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
   * Cancels the orders; `success` closes the dialog, and so does an answer some accounts accepted (a warning
   * saying how many and why the others did not); anything else keeps it open and says why.
   */
  async confirm(): Promise<Outcome> {
    const texts =
      this.scope === "selected"
        ? { ok: OptionMessages.cancelSelectedSucceeded, failed: OptionMessages.cancelSelectedFailed }
        : { ok: OptionMessages.cancelSucceeded, failed: OptionMessages.cancelFailed };
    const first = this.targets[0];
    if (this.pending) {
      return NOT_SENT;
    }
    if (first === undefined) {
      return failed(texts.failed);
    }
    const result = await sendFromDialog(this, {
      send: () =>
        this.scope === "individual"
          ? this.commands.send("delete", OptionPaths.cancelOrderIndividual, {
              agentTradingSessionID: this.sessionId,
              accountId: first.accountId,
              accountUsername: first.accountUsername,
              optionChainOrderId: first.optionChainOrderId,
            })
          : this.commands.send("delete", OptionPaths.cancelOrder, {
              agentTradingSessionID: this.sessionId,
              allTradingAccountsOrderList: this.targets.map(orderTarget),
            }),
      accepted: isSuccessAnswer,
      refusalReason: copyAnswerReason,
      logs: {
        refused: "The cancellation was not accepted everywhere",
        failed: "Cancelling the option order failed",
      },
      kind: "cancel",
    });
    this.links.reloadTables();
    if (result.ok && this.scope === "selected") {
      this.links.doneWithSelected();
    }
    return requestOutcome(result, texts);
  }
}
