// The Stock Trading screen's data: its polled tables, the per-symbol view's order, the selection rules and the dialogs.
import { leftOutAccounts } from "../shared/orders/notReplaced";
import { makeAutoObservable } from "mobx";
import { PositionTable } from "../shared/stores/PositionTable";
import { openForSelection } from "../shared/stores/selectionRules";
import { SessionTable } from "../shared/stores/SessionTable";
import { TablePolling, type TablePollingDeps } from "../shared/stores/TablePolling";
import { WarningDialogStore } from "../shared/stores/WarningDialogStore";
import { ALL_FINAL, allLiveFinal, liveIsOpen, type LiveAccess } from "../shared/orders/liveOrders";
import { SavedStockOrderStore } from "./lists/SavedStockOrderStore";
import { savedOrderValues, type SavedStockOrder } from "./lists/SavedStockOrder";
import { StockWatchListStore } from "./lists/StockWatchListStore";
import { StockCancelDialogStore } from "./orders/StockCancelDialogStore";
import { rowValues, StockOrderDialogStore } from "./orders/StockOrderDialogStore";
import {
  canCancelStock,
  canReplaceStock,
  liveStockRow,
  parseStockSessions,
  stockOutcome,
  type StockOrderRow,
  type StockSession,
} from "./orders/StockOrderRow";
import { StockSessionDialogStore } from "./orders/StockSessionDialogStore";
import { StockChangePositionsDialogStore } from "./positions/StockChangePositionsDialogStore";
import { parseStockPositions, stockPositionKey, type StockPosition } from "./positions/StockPosition";
import { StockMessages } from "./StockMessages";
import { StockPaths } from "./stockPaths";

/** What the stock store needs from the root store: the API client, the environment and the session. */
export type StockStoreDeps = TablePollingDeps;

/**
 * Stock copy trading. Orders are kept by session id and positions by symbol, merged from delta polls
 * (`?since=`: only the sessions or keys that changed are replaced). Owns the 500 ms polling, the orders and
 * positions tables (paging, selection), the per-symbol view and its ticks, the saved orders, the watch list and
 * every dialog of the screen.
 */
export class StockStore {
  /** The orders table: each session's rows by session id, and its paging. */
  readonly orderTable: SessionTable<StockOrderRow>;
  /** The positions table: each symbol's holdings, one entry per account, and the selection. */
  readonly positionTable: PositionTable<StockPosition>;
  /** The 500 ms polling of both tables, and REFRESH. */
  readonly polling: TablePolling;
  /** The shared warning modal. */
  readonly warning = new WarningDialogStore();
  /** The saved stock orders. */
  readonly savedOrders: SavedStockOrderStore;
  /** The watch list. */
  readonly watchList: StockWatchListStore;
  /** The place, replace, exit and save dialog. */
  readonly orderDialog: StockOrderDialogStore;
  /** The delete dialog. */
  readonly cancelDialog: StockCancelDialogStore;
  /** The view-all-orders dialog. */
  readonly sessionDialog: StockSessionDialogStore;
  /** Change Multiple Stock Positions. */
  readonly changeDialog: StockChangePositionsDialogStore;

  /** @param deps The root store (API client, environment, session). */
  constructor(deps: StockStoreDeps) {
    this.orderTable = new SessionTable(deps, {
      path: StockPaths.orders,
      parse: parseStockSessions,
      outcomeOf: stockOutcome,
    });
    this.positionTable = new PositionTable(deps, {
      path: StockPaths.positions,
      parse: parseStockPositions,
      groupOf: (position) => position.stockSymbol,
      keyOf: stockPositionKey,
    });
    this.polling = new TablePolling(deps, {
      tables: [
        { load: this.orderTable.load, pollFailed: "Polling the stock orders failed" },
        { load: this.positionTable.load, pollFailed: "Polling the stock positions failed" },
      ],
      tradeStatusPath: StockPaths.fetchTradeStatus,
      refreshFailed: "Refreshing the stock trade status failed",
      reloadFailed: "Reloading the stock tables failed",
    });
    this.savedOrders = new SavedStockOrderStore(deps);
    this.watchList = new StockWatchListStore(deps);
    const reloadTables = () => this.polling.reloadTables();
    const exitedSelected = () => {
      this.positionTable.setSelectionMode(false);
      this.positionTable.closeView();
    };
    const doneWithSelected = () => this.sessionDialog.view.clearSelection();
    this.orderDialog = new StockOrderDialogStore(deps, {
      reloadTables,
      exitedSelected,
      doneWithSelected,
      saveOrder: (fields) => this.savedOrders.save(fields),
      liveRowOf: (row) => this.liveRowOf(row),
    });
    this.cancelDialog = new StockCancelDialogStore(deps, { reloadTables, doneWithSelected });
    this.sessionDialog = new StockSessionDialogStore({
      rowsOf: (id) => this.orderTable.rowsOf(id),
      liveRowOf: (row) => this.liveRowOf(row),
      orderDialog: this.orderDialog,
      cancelDialog: this.cancelDialog,
      warning: this.warning,
    });
    this.changeDialog = new StockChangePositionsDialogStore(deps, { reloadTables, exitedSelected });
    makeAutoObservable(
      this,
      {
        orderTable: false,
        positionTable: false,
        polling: false,
        warning: false,
        savedOrders: false,
        watchList: false,
        orderDialog: false,
        cancelDialog: false,
        sessionDialog: false,
        changeDialog: false,
      },
      { autoBind: true },
    );
  }

  /** The viewed symbol's positions, by settled quantity ascending. */
  get viewedPositions(): StockPosition[] {
    return [...this.positionTable.viewedRows].sort(
      (a, b) => a.stockSettledQuantity - b.stockSettledQuantity || a.accountId - b.accountId,
    );
  }

  /** The positions checked (SELECTED POSITION) in the per-symbol view, in its order. */
  get viewSelectedPositions(): StockPosition[] {
    return this.positionTable.viewSelection.pick(this.viewedPositions);
  }

  /** The live row of `row`: a REPLACED row followed to the order that replaced it. */
  liveRowOf(row: StockOrderRow): StockOrderRow {
    return liveStockRow(row, this.orderTable.sessions);
  }

  /** The rows of `session` whose orders can be replaced: a REPLACED one only while its live order is open. */
  replaceableRows(session: StockSession): StockOrderRow[] {
    return session.rows.filter((row) => canReplaceStock(row) && liveIsOpen(row, this.live));
  }

  /** The rows of `session` whose orders can be cancelled: a REPLACED one only while its live order is open. */
  cancellableRows(session: StockSession): StockOrderRow[] {
    return session.rows.filter((row) => canCancelStock(row) && liveIsOpen(row, this.live));
  }

  /** Why C and R of `session` are disabled when all its live orders are final; null otherwise. */
  finalReason(session: StockSession): string | null {
    return allLiveFinal(session.rows, this.live) ? ALL_FINAL : null;
  }

  /** How a row's live order is found and read. */
  private get live(): LiveAccess<StockOrderRow> {
    return { liveOf: (row) => this.liveRowOf(row), statusOf: (row) => row.stockStatus };
  }

  /** Forgets everything of the previous agent. */
  reset(): void {
    this.orderTable.reset();
    this.positionTable.reset();
    this.savedOrders.reset();
    this.watchList.reset();
  }

  /** BUY/SELL: the place dialog for all active accounts. */
  openPlace(): void {
    this.orderDialog.openPlace();
  }

  /** P on a session: the place dialog with its order, for its accounts. */
  placeAgain(session: StockSession): void {
    const first = session.rows[0];
    if (first === undefined) {
      return;
    }
    const accounts = new Map(
      session.rows.map((row) => [
        row.accountId,
        { accountId: row.accountId, accountName: row.accountName, accountUsername: row.accountUsername },
      ]),
    );
    this.orderDialog.openPlaceWith(rowValues(first), Array.from(accounts.values()), first.accountId);
  }

  /** P on a saved order: the place dialog for all active accounts, filled with it. */
  placeSaved(order: SavedStockOrder): void {
    this.orderDialog.openPlaceWith(savedOrderValues(order), null);
  }

  /**
   * R on a session: replaces its open orders, the form starting from the first one's live order; the dialog
   * names the accounts left out and why (their live order's status, or no order id yet).
   */
  replaceSession(session: StockSession): void {
    const rows = this.replaceableRows(session);
    const leftOut = leftOutAccounts(session.rows, rows, {
      nameOf: (row) => row.accountName,
      hasOrderId: (row) => row.stockOrderId !== null,
      liveStatusOf: (row) => this.liveRowOf(row).stockStatus,
    });
    this.orderDialog.openReplace(false, session.id, rows, rows[0] && this.liveRowOf(rows[0]), leftOut);
  }

  /** C on a session: deletes its open orders. */
  cancelSession(session: StockSession): void {
    this.cancelDialog.open(false, session.id, this.cancellableRows(session));
  }

  /** S on a position: exits that account's holding. */
  exitPosition(position: StockPosition): void {
    this.orderDialog.openExit([position], false);
  }

  /** The S heading of the table in selection mode: exits the selected positions. */
  exitSelected(): void {
    this.exitPositions(this.positionTable.selected);
  }

  /** The red S of the per-symbol view: exits the checked positions. */
  exitViewSelected(): void {
    this.exitPositions(this.viewSelectedPositions);
  }

  /** Change Selected: a closing order per selected position. */
  changeSelected(): void {
    openForSelection(this.positionTable.selected, { none: StockMessages.selectPositionToChange }, this.warning, (selected) =>
      this.changeDialog.open(selected),
    );
  }

  /**
   * The exit opens only when positions are selected, all of one settled quantity and one symbol (one exit
   * order names one symbol); otherwise the warning says why.
   */
  private exitPositions(selected: readonly StockPosition[]): void {
    openForSelection(
      selected,
      {
        none: StockMessages.selectPosition,
        shared: [
          { valueOf: (position) => position.stockSettledQuantity, differs: StockMessages.quantitiesDiffer },
          { valueOf: (position) => position.stockSymbol, differs: StockMessages.symbolsDiffer },
        ],
      },
      this.warning,
      (chosen) => this.orderDialog.openExit(chosen, true),
    );
  }
}
