// The Cancel Vertical Order Legs dialog: the session's legs, chosen by account order, cancelled together.
import { makeAutoObservable, observable } from "mobx";
import { commandOutcome } from "../../shared/orders/CopyAnswer";
import { CommandSender, commandFailure } from "../../shared/commands/CommandSender";
import { failed, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { VerticalMessages } from "../VerticalMessages";
import { VerticalPaths } from "../verticalPaths";
import { canCancelLeg, orderKey, type VerticalOrderRow, type VerticalSession } from "./VerticalOrderRow";

/**
 * A leg is chosen with its account's whole order (the brokerage cancels a vertical as one order), so
 * ticking one leg ticks its sibling too. Legs already CANCELED, or otherwise final, cannot be chosen.
 */
export class CancelLegsDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** True while the cancellation is in flight. */
  pending = false;
  /** The session cancelled. */
  sessionId = 0;
  /** Every leg of the session. */
  rows: VerticalOrderRow[] = [];
  /** Keys of the chosen account orders. */
  readonly chosen = observable.set<string>();
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

  /**
   * Opens the dialog on `session`'s legs with the cancellable orders among `preselected` chosen: none by
   * default, so that nothing is cancelled until a leg is ticked (spec 02 §5: "Please select at least one leg
   * to cancel.").
   */
  open(session: VerticalSession, preselected: readonly VerticalOrderRow[] = []): void {
    if (this.pending) {
      return;
    }
    this.sessionId = session.id;
    this.rows = [...session.rows];
    this.chosen.clear();
    for (const row of preselected) {
      if (canCancelLeg(row)) {
        this.chosen.add(orderKey(row));
      }
    }
    this.isOpen = true;
    this.commands.open();
  }

  /** Closes the dialog; ignored while cancelling. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /** Whether `row`'s order is chosen. */
  isChosen(row: VerticalOrderRow): boolean {
    return this.chosen.has(orderKey(row));
  }

  /** Ticks or unticks `row` with its sibling legs; legs that cannot be cancelled are ignored. */
  setChosen(row: VerticalOrderRow, chosen: boolean): void {
    if (!canCancelLeg(row)) {
      return;
    }
    if (chosen) {
      this.chosen.add(orderKey(row));
    } else {
      this.chosen.delete(orderKey(row));
    }
  }

  /** The chosen account orders, one entry each, as cancel_order names them. */
  get targets() {
    const seen = new Set<string>();
    const targets: { accountId: number; accountName: string; accountUsername: string; optionChainOrderId: number | null }[] = [];
    for (const row of this.rows) {
      const key = orderKey(row);
      if (this.chosen.has(key) && canCancelLeg(row) && !seen.has(key)) {
        seen.add(key);
        targets.push({
          accountId: row.accountId,
          accountName: row.accountName,
          accountUsername: row.accountUsername,
          optionChainOrderId: row.optionChainOrderId,
        });
      }
    }
    return targets;
  }

  /**
   * Cancels the chosen orders; `success` closes the dialog, and so does an answer some accounts accepted (a
   * warning saying how many and why the others did not); a press while they are being cancelled sends nothing.
   */
  async submit(): Promise<Outcome> {
    if (this.pending) {
      return NOT_SENT;
    }
    const targets = this.targets;
    if (targets.length === 0) {
      return failed(VerticalMessages.selectLegToCancel);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = await this.commands.send("delete", VerticalPaths.cancelOrder, {
        agentTradingSessionID: this.sessionId,
        allTradingAccountsOrderList: targets,
      });
      outcome = commandOutcome(answer, {
        ok: VerticalMessages.legsCanceled,
        failed: VerticalMessages.legsCancelFailed,
        kind: "cancel",
      });
    } catch (error) {
      console.error("Cancelling the vertical legs failed", error);
      outcome = commandFailure(VerticalMessages.legsCancelFailed, error);
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
