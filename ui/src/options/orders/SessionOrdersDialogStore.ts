// The view-all-orders dialog of one session: its rows, the checked ones, and R / C on the checked set.
import { makeAutoObservable, observable } from "mobx";
import type { CancelOrderDialogStore } from "./CancelOrderDialogStore";
import { OptionMessages } from "../OptionMessages";
import { orderRowKey, type OptionOrderRow } from "./OptionOrderRow";
import type { ReplaceOrderDialogStore } from "./ReplaceOrderDialogStore";
import type { WarningDialogStore } from "../../shared/stores/WarningDialogStore";

/** What the session view needs: the live rows and the dialogs it opens. */
export interface SessionOrdersDialogDeps {
  /** The current rows of a session (empty when it is gone). */
  readonly rowsOf: (sessionId: number) => readonly OptionOrderRow[];
  /** The sessions made by replacing a session's orders, oldest first. */
  readonly replacersOf: (sessionId: number) => readonly number[];
  /** The replace dialog. */
  readonly replaceDialog: ReplaceOrderDialogStore;
  /** The cancel dialog. */
  readonly cancelDialog: CancelOrderDialogStore;
  /** The warning modal. */
  readonly warning: WarningDialogStore;
}

/** State of the view-all-orders dialog; its rows follow the polled orders while it is open. */
export class SessionOrdersDialogStore {
  /** The session shown, or null when the dialog is closed. */
  sessionId: number | null = null;
  /** Keys of the checked rows. */
  readonly selectedKeys = observable.set<string>();

  private readonly deps: SessionOrdersDialogDeps;

  /** @param deps The orders and the dialogs. */
  constructor(deps: SessionOrdersDialogDeps) {
    this.deps = deps;
    makeAutoObservable<this, "deps">(this, { deps: false }, { autoBind: true });
  }

  /** Whether the dialog is open. */
  get isOpen(): boolean {
    return this.sessionId !== null;
  }

  /** The session's rows, one per account. */
  get rows(): readonly OptionOrderRow[] {
    return this.sessionId === null ? [] : this.deps.rowsOf(this.sessionId);
  }

  /** The session this one's replace replaced, or null. */
  get replacedSessionId(): number | null {
    return this.rows[0]?.replacedSessionID ?? null;
  }

  /** The sessions made by replacing this one's orders, oldest first. */
  get replacedBy(): readonly number[] {
    return this.sessionId === null ? [] : this.deps.replacersOf(this.sessionId);
  }

  /** The checked rows that are still in the session. */
  get selectedRows(): OptionOrderRow[] {
    return this.rows.filter((row) => this.selectedKeys.has(orderRowKey(row)));
  }

  /** Opens the dialog for `sessionId` with nothing checked (also how the dialog walks the replace chain). */
  open(sessionId: number): void {
    this.selectedKeys.clear();
    this.sessionId = sessionId;
  }

  /** Closes the dialog. */
  close(): void {
    this.sessionId = null;
    this.selectedKeys.clear();
  }

  /** Unchecks every row (after the checked orders were replaced or cancelled). */
  clearSelection(): void {
    this.selectedKeys.clear();
  }

  /** Whether `row` is checked. */
  isSelected(row: OptionOrderRow): boolean {
    return this.selectedKeys.has(orderRowKey(row));
  }

  /** Checks or unchecks `row`. */
  setSelected(row: OptionOrderRow, selected: boolean): void {
    if (selected) {
      this.selectedKeys.add(orderRowKey(row));
    } else {
      this.selectedKeys.delete(orderRowKey(row));
    }
  }

  /** R on one row: replaces that account's order. */
  replaceRow(row: OptionOrderRow): void {
    this.deps.replaceDialog.open("individual", row.agentTradingSessionID, [row]);
  }

  /** C on one row: cancels that account's order. */
  cancelRow(row: OptionOrderRow): void {
    this.deps.cancelDialog.open("individual", row.agentTradingSessionID, [row]);
  }

  /** R in the header: replaces the checked orders, or warns when none is checked. */
  replaceSelected(): void {
    const rows = this.selectedRows;
    if (rows.length === 0 || this.sessionId === null) {
      this.deps.warning.show(OptionMessages.selectOrder);
      return;
    }
    this.deps.replaceDialog.open("selected", this.sessionId, rows);
  }

  /** C in the header: cancels the checked orders, or warns when none is checked. */
  cancelSelected(): void {
    const rows = this.selectedRows;
    if (rows.length === 0 || this.sessionId === null) {
      this.deps.warning.show(OptionMessages.selectOrder);
      return;
    }
    this.deps.cancelDialog.open("selected", this.sessionId, rows);
  }
}
