// The Option Delete Order (Individual) dialog: one account's vertical order cancelled.
import { makeAutoObservable } from "mobx";
import { describeError } from "../../shared/api/describeError";
import { copyAnswerText, isSuccessAnswer } from "../../shared/orders/CopyAnswer";
import { failed, succeeded, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { VerticalMessages, withReason } from "../VerticalMessages";
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

  private readonly deps: StoreDeps;
  private readonly reloadTables: () => void;

  /**
   * @param deps The root store (API client).
   * @param reloadTables Polls the tables again after the call.
   */
  constructor(deps: StoreDeps, reloadTables: () => void) {
    this.deps = deps;
    this.reloadTables = reloadTables;
    makeAutoObservable<this, "deps" | "reloadTables">(this, { deps: false, reloadTables: false }, { autoBind: true });
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
    }
  }

  /** Closes the dialog; ignored while cancelling. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /** Cancels the order; `success` closes the dialog. */
  async confirm(): Promise<Outcome> {
    const row = this.row;
    if (row === null || this.pending) {
      return failed(VerticalMessages.deleteFailed);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = await this.deps.api.delete(VerticalPaths.cancelOrderIndividual, {
        agentTradingSessionID: row.agentTradingSessionID,
        accountId: row.accountId,
        accountUsername: row.accountUsername,
        optionChainOrderId: row.optionChainOrderId,
      });
      outcome = isSuccessAnswer(answer)
        ? succeeded(VerticalMessages.deleteSucceeded)
        : failed(withReason(VerticalMessages.deleteFailed, copyAnswerText(answer)));
    } catch (error) {
      console.error("Cancelling the vertical order failed", error);
      outcome = failed(withReason(VerticalMessages.deleteFailed, describeError(error)));
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
