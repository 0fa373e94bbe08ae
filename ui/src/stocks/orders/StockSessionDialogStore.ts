// The view-all-orders dialog of one stock session: R / C on one row or on the SELECTED ORDER checks.
import { makeAutoObservable } from "mobx";
import { SessionView } from "../../shared/stores/SessionView";
import type { WarningDialogStore } from "../../shared/stores/WarningDialogStore";
import { StockMessages } from "../StockMessages";
import type { StockCancelDialogStore } from "./StockCancelDialogStore";
import type { StockOrderDialogStore } from "./StockOrderDialogStore";
import { stockRowKey, type StockOrderRow } from "./StockOrderRow";

/** What the session view needs: the live rows and the dialogs it opens. */
export interface StockSessionDialogDeps {
  /** The current rows of a session (empty when it is gone). */
  readonly rowsOf: (sessionId: number) => readonly StockOrderRow[];
  /** The live row of a row (a REPLACED one followed to the order that replaced it). */
  readonly liveRowOf: (row: StockOrderRow) => StockOrderRow;
  /** The order dialog (replace). */
  readonly orderDialog: StockOrderDialogStore;
  /** The delete dialog. */
  readonly cancelDialog: StockCancelDialogStore;
  /** The warning modal. */
  readonly warning: WarningDialogStore;
}

/** State of the view-all-orders dialog; its rows follow the polled orders while open. */
export class StockSessionDialogStore {
  /** The session shown, its rows and the SELECTED ORDER checks. */
  readonly view: SessionView<StockOrderRow>;

  private readonly deps: StockSessionDialogDeps;

  /** @param deps The orders and the dialogs. */
  constructor(deps: StockSessionDialogDeps) {
    this.deps = deps;
    this.view = new SessionView(deps.rowsOf, stockRowKey);
    makeAutoObservable<this, "deps">(this, { deps: false, view: false }, { autoBind: true });
  }

  /** R on one row: the individual replace. */
  replaceRow(row: StockOrderRow): void {
    this.deps.orderDialog.openReplace(true, row.agentTradingSessionID, [row], this.deps.liveRowOf(row));
  }

  /** C on one row: the individual delete. */
  cancelRow(row: StockOrderRow): void {
    this.deps.cancelDialog.open(true, row.agentTradingSessionID, [row]);
  }

  /** R in the header: replaces the checked orders, or warns when none is checked. */
  replaceSelected(): void {
    this.view.withChecked(this.deps.warning, StockMessages.selectOrder, (sessionId, rows) =>
      this.deps.orderDialog.openReplace(false, sessionId, rows, rows[0] && this.deps.liveRowOf(rows[0])),
    );
  }

  /** C in the header: deletes the checked orders, or warns when none is checked. */
  cancelSelected(): void {
    this.view.withChecked(this.deps.warning, StockMessages.selectOrder, (sessionId, rows) =>
      this.deps.cancelDialog.open(false, sessionId, rows),
    );
  }
}
