// The Option Delete Order (Individual) dialog: one account's vertical order cancelled.
import { makeAutoObservable } from "mobx";
import { commandOutcome } from "../../shared/orders/CopyAnswer";
import { CommandSender, commandFailure } from "../../shared/commands/CommandSender";
import { failed, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { VerticalMessages } from "../VerticalMessages";
import { VerticalPaths } from "../verticalPaths";
import { canCancelLeg, type VerticalOrderRow } from "./VerticalOrderRow";

/** Asks "Are you sure to delete this order …?" and cancels that account's order (both legs). */
export class DeleteOrderDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** True while the cancellation is in flight. */
  pending = false;
  /** The leg whose order is cancelled, or null. */
  row: VerticalOrderRow | null = null;
  /** How the cancellation is sent: one key per opening, the write-limit waits shown. */
  readonly commands: CommandSender;

  private readonly reloadTables: () => void;

  /**
   * @param deps The root store (API client).
   * @param reloadTables Polls the tables again after the call.
   */
  constructor(deps: StoreDeps, reloadTables: () => void) {
    this.reloadTables = reloadTables;
    this.commands = new CommandSender(deps);
    makeAutoObservable<this, "reloadTables">(this, { reloadTables: false, commands: false }, { autoBind: true });
  }

  /** The question asked. */
  get question(): string {
    return this.row === null ? "" : `Are you sure to delete this order ${this.row.optionChainDescription}?`;
  }

  /** Opens the dialog for `row`'s order; ignored for an order that cannot be cancelled. */
  open(row: VerticalOrderRow): void {
    if (!this.pending && canCancelLeg(row)) {
      this.row = row;
      this.isOpen = true;
      this.commands.open();
    }
  }

  /** Closes the dialog; ignored while cancelling. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /** Cancels the order; `success` closes the dialog; a press while it is being cancelled sends nothing. */
  async confirm(): Promise<Outcome> {
    const row = this.row;
    if (this.pending) {
      return NOT_SENT;
    }
    if (row === null) {
      return failed(VerticalMessages.deleteFailed);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = await this.commands.send("delete", VerticalPaths.cancelOrderIndividual, {
        agentTradingSessionID: row.agentTradingSessionID,
        accountId: row.accountId,
        accountUsername: row.accountUsername,
        optionChainOrderId: row.optionChainOrderId,
      });
      outcome = commandOutcome(answer, {
        ok: VerticalMessages.deleteSucceeded,
        failed: VerticalMessages.deleteFailed,
        kind: "cancel",
      });
    } catch (error) {
      console.error("Cancelling the vertical order failed", error);
      outcome = commandFailure(VerticalMessages.deleteFailed, error);
    }
    this.finish(outcome);
    return outcome;
  }

  private finish(outcome: Outcome): void {
    this.pending = false;
    if (outcome.ok) {
      this.isOpen = false;
    }
    this.reloadTables();
  }
}
