// The view-all-orders dialog of one stock session: its rows, the SELECTED ORDER checks, and R / C on them.
import { makeAutoObservable, observable } from "mobx";
import type { WarningDialogStore } from "../../shared/stores/WarningDialogStore";
import { StockMessages } from "../StockMessages";
import type { StockCancelDialogStore } from "./StockCancelDialogStore";
import type { StockOrderDialogStore } from "./StockOrderDialogStore";
import { stockRowKey, type StockOrderRow } from "./StockOrderRow";

/** What the session view needs: the live rows and the dialogs it opens. */
export interface StockSessionDialogDeps {
  /** The current rows of a session (empty when it is gone). */
  readonly rowsOf: (sessionId: number) => readonly StockOrderRow[];
  /** The order dialog (replace). */
  readonly orderDialog: StockOrderDialogStore;
  /** The delete dialog. */
  readonly cancelDialog: StockCancelDialogStore;
  /** The warning modal. */
  readonly warning: WarningDialogStore;
}

/** State of the view-all-orders dialog; its rows follow the polled orders while open. */
export class StockSessionDialogStore {
  /** The session shown, or null when closed. */
  sessionId: number | null = null;
  /** Keys of the checked rows. */
  readonly selectedKeys = observable.set<string>();

  private readonly deps: StockSessionDialogDeps;

  /** @param deps The orders and the dialogs. */
  constructor(deps: StockSessionDialogDeps) {
    this.deps = deps;
    makeAutoObservable<this, "deps">(this, { deps: false }, { autoBind: true });
  }

  /** Whether the dialog is open. */
  get isOpen(): boolean {
    return this.sessionId !== null;
  }

  /** The session's rows. */
  get rows(): readonly StockOrderRow[] {
    return this.sessionId === null ? [] : this.deps.rowsOf(this.sessionId);
  }

  /** The checked rows still in the session. */
  get selectedRows(): StockOrderRow[] {
    return this.rows.filter((row) => this.selectedKeys.has(stockRowKey(row)));
  }

  /** Opens the dialog for `sessionId` with nothing checked. */
  open(sessionId: number): void {
    this.selectedKeys.clear();
    this.sessionId = sessionId;
  }

  /** Closes the dialog. */
  close(): void {
    this.sessionId = null;
    this.selectedKeys.clear();
  }

  /** Whether `row` is checked. */
  isSelected(row: StockOrderRow): boolean {
    return this.selectedKeys.has(stockRowKey(row));
  }

  /** Checks or unchecks `row`. */
  setSelected(row: StockOrderRow, selected: boolean): void {
    if (selected) {
      this.selectedKeys.add(stockRowKey(row));
    } else {
      this.selectedKeys.delete(stockRowKey(row));
    }
  }

  /** R on one row: the individual replace. */
  replaceRow(row: StockOrderRow): void {
    this.deps.orderDialog.openReplace(true, row.agentTradingSessionID, [row]);
  }

  /** C on one row: the individual delete. */
  cancelRow(row: StockOrderRow): void {
    this.deps.cancelDialog.open(true, row.agentTradingSessionID, [row]);
  }

  /** R in the header: replaces the checked orders, or warns when none is checked. */
  replaceSelected(): void {
    const rows = this.selectedRows;
    if (rows.length === 0 || this.sessionId === null) {
      this.deps.warning.show(StockMessages.selectOrder);
      return;
    }
    this.deps.orderDialog.openReplace(false, this.sessionId, rows);
  }

  /** C in the header: deletes the checked orders, or warns when none is checked. */
  cancelSelected(): void {
    const rows = this.selectedRows;
    if (rows.length === 0 || this.sessionId === null) {
      this.deps.warning.show(StockMessages.selectOrder);
      return;
    }
    this.deps.cancelDialog.open(false, this.sessionId, rows);
  }
}
