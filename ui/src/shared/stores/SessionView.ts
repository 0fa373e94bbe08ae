// The view-all-orders dialog of one session: which session is shown, its live rows and the rows checked in it.
import { makeAutoObservable } from "mobx";
import { KeySelection } from "./KeySelection";

/**
 * The session a view-all-orders dialog shows (open while there is one) and the rows checked in it. The rows
 * follow the polled orders; a checked row that leaves the session no longer counts as checked.
 */
export class SessionView<Row> {
  /** The session shown, or null when the dialog is closed. */
  sessionId: number | null = null;
  /** The checked rows. */
  readonly checks: KeySelection<Row>;
  private readonly rowsOf: (sessionId: number) => readonly Row[];

  /**
   * @param rowsOf The current rows of a session (empty when it is gone).
   * @param rowKey The key naming one row across polls.
   */
  constructor(rowsOf: (sessionId: number) => readonly Row[], rowKey: (row: Row) => string) {
    this.rowsOf = rowsOf;
    this.checks = new KeySelection(rowKey);
    makeAutoObservable<this, "rowsOf">(this, { checks: false, rowsOf: false }, { autoBind: true });
  }

  /** Whether the dialog is open. */
  get isOpen(): boolean {
    return this.sessionId !== null;
  }

  /** The session's rows. */
  get rows(): readonly Row[] {
    return this.sessionId === null ? [] : this.rowsOf(this.sessionId);
  }

  /** The checked rows still in the session, in its order. */
  get selectedRows(): Row[] {
    return this.checks.pick(this.rows);
  }

  /** Opens the dialog for `sessionId` with nothing checked. */
  open(sessionId: number): void {
    this.checks.clear();
    this.sessionId = sessionId;
  }

  /** Closes the dialog. */
  close(): void {
    this.sessionId = null;
    this.checks.clear();
  }

  /** Unchecks every row. */
  clearSelection(): void {
    this.checks.clear();
  }

  /** Whether `row` is checked. */
  isSelected(row: Row): boolean {
    return this.checks.has(row);
  }

  /** Checks or unchecks `row`. */
  setSelected(row: Row, selected: boolean): void {
    this.checks.set(row, selected);
  }

  /**
   * R or C in the header: hands the session and its checked rows to `act`, or shows `noneChecked` in the
   * warning when no row is checked.
   */
  withChecked(
    warning: { show(message: string): void },
    noneChecked: string,
    act: (sessionId: number, rows: readonly Row[]) => void,
  ): void {
    const rows = this.selectedRows;
    if (rows.length === 0 || this.sessionId === null) {
      warning.show(noneChecked);
      return;
    }
    act(this.sessionId, rows);
  }
}
