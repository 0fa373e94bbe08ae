// The Stock Trading screen's data: polled orders and positions, paging, position selection and the dialogs.
import { makeAutoObservable, observable, runInAction } from "mobx";
import { ApiError } from "../shared/api/ApiError";
import { Paging } from "../shared/stores/Paging";
import { Poller } from "../shared/stores/Poller";
import { DeltaPoll, mergeTableDelta } from "../shared/stores/TableDelta";
import type { StoreDeps } from "../shared/shell/StoreDeps";
import { WarningDialogStore } from "../shared/stores/WarningDialogStore";
import { SavedStockOrderStore } from "./lists/SavedStockOrderStore";
import { savedOrderValues, type SavedStockOrder } from "./lists/SavedStockOrder";
import { StockWatchListStore } from "./lists/StockWatchListStore";
import { StockCancelDialogStore } from "./orders/StockCancelDialogStore";
import { rowValues, StockOrderDialogStore } from "./orders/StockOrderDialogStore";
import {
  canCancelStock,
  canReplaceStock,
  parseStockSessions,
  type StockOrderRow,
  type StockSession,
} from "./orders/StockOrderRow";
import { StockSessionDialogStore } from "./orders/StockSessionDialogStore";
import { StockChangePositionsDialogStore } from "./positions/StockChangePositionsDialogStore";
import { parseStockPositions, stockPositionKey, type StockPosition } from "./positions/StockPosition";
import { StockMessages } from "./StockMessages";
import { StockPaths } from "./stockPaths";

/** How often the Stock Trading screen reloads its orders and positions. */
export const STOCK_POLL_INTERVAL_MS = 500;

/** Sessions per page of the orders table. */
export const STOCK_PAGE_SIZE = 10;

/** What the stock store needs from the root store. */
export interface StockStoreDeps extends StoreDeps {
  /** The session, told when a poll finds that the server has ended it. */
  readonly session: { sessionEnded(): void };
}

/**
 * Stock copy trading. Orders are kept by session id and positions by symbol, merged from
 * delta polls (`?since=`: only the sessions or keys that changed are replaced). Owns the 500 ms poller, the orders table's paging, the
 * positions selection, the saved orders, the watch list and every dialog of the screen.
 */
export class StockStore {
  /** The rows of each session, by session id. */
  readonly orders = observable.map<number, readonly StockOrderRow[]>([], { deep: false });
  /** The holdings of each symbol, one entry per account. */
  readonly positions = observable.map<string, readonly StockPosition[]>([], { deep: false });
  /** True once the orders have been loaded. */
  ordersLoaded = false;
  /** True once the positions have been loaded. */
  positionsLoaded = false;
  /** True while REFRESH is in flight. */
  refreshPending = false;
  /** Whether the positions table shows its Select column. */
  selectionMode = false;
  /** Keys of the positions selected in the table. */
  readonly selectedPositionKeys = observable.set<string>();
  /** The symbol whose per-account positions are shown (V), or null. */
  viewedSymbol: string | null = null;
  /** Keys of the positions checked (SELECTED POSITION) in the per-symbol view. */
  readonly viewSelectedKeys = observable.set<string>();
  /** Paging of the orders table. */
  readonly paging: Paging;
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

  private readonly deps: StockStoreDeps;
  private poller: Poller | null = null;
  private readonly ordersPoll: DeltaPoll;
  private readonly positionsPoll: DeltaPoll;
  /** Bumped by {@link reset}, so answers to requests sent for the previous agent are dropped. */
  private generation = 0;

  /** @param deps The root store (API client, environment, session). */
  constructor(deps: StockStoreDeps) {
    this.deps = deps;
    this.ordersPoll = new DeltaPoll(deps, StockPaths.orders);
    this.positionsPoll = new DeltaPoll(deps, StockPaths.positions);
    this.paging = new Paging(STOCK_PAGE_SIZE, () => this.orders.size);
    this.savedOrders = new SavedStockOrderStore(deps);
    this.watchList = new StockWatchListStore(deps);
    const reloadTables = () => this.reloadTables();
    const exitedSelected = () => {
      this.setSelectionMode(false);
      this.closePositionView();
    };
    this.orderDialog = new StockOrderDialogStore(deps, {
      reloadTables,
      exitedSelected,
      saveOrder: (fields) => this.savedOrders.save(fields),
    });
    this.cancelDialog = new StockCancelDialogStore(deps, { reloadTables });
    this.sessionDialog = new StockSessionDialogStore({
      rowsOf: (id) => this.orders.get(id) ?? [],
      orderDialog: this.orderDialog,
      cancelDialog: this.cancelDialog,
      warning: this.warning,
    });
    this.changeDialog = new StockChangePositionsDialogStore(deps, { reloadTables, exitedSelected });
    makeAutoObservable<this, "deps" | "poller" | "ordersPoll" | "positionsPoll" | "generation">(
      this,
      {
        deps: false,
        poller: false,
        ordersPoll: false,
        positionsPoll: false,
        generation: false,
        paging: false,
        warning: false,
        savedOrders: false,
        watchList: false,
        orderDialog: false,
        cancelDialog: false,
        sessionDialog: false,
        changeDialog: false,
        isPolling: false,
      },
      { autoBind: true },
    );
  }

  /** The sessions, newest (highest id) first. */
  get sessions(): StockSession[] {
    return Array.from(this.orders.entries(), ([id, rows]) => ({ id, rows }))
      .filter((session) => session.rows.length > 0)
      .sort((a, b) => b.id - a.id);
  }

  /** The sessions on the page shown. */
  get pageSessions(): StockSession[] {
    return this.paging.slice(this.sessions);
  }

  /** Every position, ordered by symbol, then account. */
  get positionRows(): StockPosition[] {
    return Array.from(this.positions.values()).flat();
  }

  /** The positions selected in the table that are still held. */
  get selectedPositions(): StockPosition[] {
    return this.positionRows.filter((position) => this.selectedPositionKeys.has(stockPositionKey(position)));
  }

  /** The viewed symbol's positions, by settled quantity ascending. */
  get viewedPositions(): StockPosition[] {
    const held = this.viewedSymbol === null ? [] : (this.positions.get(this.viewedSymbol) ?? []);
    return [...held].sort((a, b) => a.stockSettledQuantity - b.stockSettledQuantity || a.accountId - b.accountId);
  }

  /** The positions checked in the per-symbol view. */
  get viewSelectedPositions(): StockPosition[] {
    return this.viewedPositions.filter((position) => this.viewSelectedKeys.has(stockPositionKey(position)));
  }

  /** The rows of `session` whose orders can be replaced. */
  replaceableRows(session: StockSession): StockOrderRow[] {
    return session.rows.filter(canReplaceStock);
  }

  /** The rows of `session` whose orders can be cancelled. */
  cancellableRows(session: StockSession): StockOrderRow[] {
    return session.rows.filter(canCancelStock);
  }

  /**
   * Loads the orders unless unchanged since the last answer (a 304 keeps what is shown).
   * @throws {ApiError} when the call fails; {@link Error} when the answer is malformed.
   */
  async loadOrders(): Promise<void> {
    const generation = this.generation;
    const fetched = await this.ordersPoll.fetch();
    if (fetched === null) {
      return;
    }
    const { delta } = fetched;
    const sessions = parseStockSessions(delta.changed);
    runInAction(() => {
      if (generation !== this.generation) {
        return;
      }
      this.ordersPoll.applied(fetched);
      const changed = new Map(sessions.map((session) => [session.id, session.rows] as const));
      mergeTableDelta(this.orders, delta.full, changed, delta.removed.map(Number));
      this.ordersLoaded = true;
    });
  }

  /**
   * Loads the positions unless unchanged since the last answer.
   * @throws {ApiError} when the call fails; {@link Error} when the answer is malformed.
   */
  async loadPositions(): Promise<void> {
    const generation = this.generation;
    const fetched = await this.positionsPoll.fetch();
    if (fetched === null) {
      return;
    }
    const { delta } = fetched;
    const changedPositions = parseStockPositions(delta.changed);
    runInAction(() => {
      if (generation !== this.generation) {
        return;
      }
      this.positionsPoll.applied(fetched);
      const bySymbol = new Map<string, StockPosition[]>();
      for (const position of changedPositions) {
        const list = bySymbol.get(position.stockSymbol) ?? [];
        list.push(position);
        bySymbol.set(position.stockSymbol, list);
      }
      mergeTableDelta(this.positions, delta.full, bySymbol, delta.removed);
      const positions = Array.from(this.positions.values()).flat();
      this.positionsLoaded = true;
      const held = new Set(positions.map(stockPositionKey));
      for (const keys of [this.selectedPositionKeys, this.viewSelectedKeys]) {
        for (const key of Array.from(keys)) {
          if (!held.has(key)) {
            keys.delete(key);
          }
        }
      }
    });
  }

  /** One poll: orders and positions. Failures are logged; a 401 while shown ends the session. */
  async poll(): Promise<void> {
    const results = await Promise.allSettled([this.loadOrders(), this.loadPositions()]);
    for (const [what, result] of [
      ["stock orders", results[0]],
      ["stock positions", results[1]],
    ] as const) {
      if (result.status === "rejected") {
        console.error(`Polling the ${what} failed`, result.reason);
      }
    }
    const signedOut = results.some(
      (result) => result.status === "rejected" && result.reason instanceof ApiError && result.reason.status === 401,
    );
    if (signedOut && this.isPolling) {
      this.deps.session.sessionEnded();
    }
  }

  /** Starts polling every {@link STOCK_POLL_INTERVAL_MS} (the screen mounted). */
  startPolling(): void {
    this.poller ??= new Poller(() => this.poll(), STOCK_POLL_INTERVAL_MS, { scheduler: this.deps.env.scheduler });
    this.poller.start();
  }

  /** Stops polling (the screen unmounted). */
  stopPolling(): void {
    this.poller?.stop();
  }

  /** Whether the poller is running. */
  get isPolling(): boolean {
    return this.poller?.isActive ?? false;
  }

  /** Polls again at once (after an action). */
  reloadTables(): void {
    this.poller?.refresh();
  }

  /** REFRESH: asks the server to update the open orders' statuses, then reloads the tables. */
  async refresh(): Promise<void> {
    if (this.refreshPending) {
      return;
    }
    this.refreshPending = true;
    try {
      await this.deps.api.get(StockPaths.fetchTradeStatus);
    } catch (error) {
      console.error("Refreshing the stock trade status failed", error);
    }
    try {
      await Promise.all([this.loadOrders(), this.loadPositions()]);
    } catch (error) {
      console.error("Reloading the stock tables failed", error);
    }
    runInAction(() => {
      this.refreshPending = false;
    });
  }

  /** Forgets everything of the previous agent. */
  reset(): void {
    this.generation += 1;
    this.orders.clear();
    this.positions.clear();
    this.ordersPoll.reset();
    this.positionsPoll.reset();
    this.ordersLoaded = false;
    this.positionsLoaded = false;
    this.paging.first();
    this.setSelectionMode(false);
    this.closePositionView();
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

  /** R on a session: replaces its open orders. */
  replaceSession(session: StockSession): void {
    this.orderDialog.openReplace(false, session.id, this.replaceableRows(session));
  }

  /** C on a session: deletes its open orders. */
  cancelSession(session: StockSession): void {
    this.cancelDialog.open(false, session.id, this.cancellableRows(session));
  }

  /** V on a position: every account's holding of its symbol. */
  viewPosition(position: StockPosition): void {
    this.viewSelectedKeys.clear();
    this.viewedSymbol = position.stockSymbol;
  }

  /** Closes the per-symbol view. */
  closePositionView(): void {
    this.viewedSymbol = null;
    this.viewSelectedKeys.clear();
  }

  /** S on a position: exits that account's holding. */
  exitPosition(position: StockPosition): void {
    this.orderDialog.openExit([position], false);
  }

  /** Enters or leaves selection mode (the toolbar toggle). */
  toggleSelectionMode(): void {
    this.setSelectionMode(!this.selectionMode);
  }

  /** Enters or leaves selection mode; leaving clears the selection. */
  setSelectionMode(on: boolean): void {
    this.selectionMode = on;
    if (!on) {
      this.selectedPositionKeys.clear();
    }
  }

  /** Whether `position` is selected in the table. */
  isPositionSelected(position: StockPosition): boolean {
    return this.selectedPositionKeys.has(stockPositionKey(position));
  }

  /** Selects or unselects `position` in the table. */
  setPositionSelected(position: StockPosition, selected: boolean): void {
    toggle(this.selectedPositionKeys, stockPositionKey(position), selected);
  }

  /** Whether `position` is checked in the per-symbol view. */
  isViewSelected(position: StockPosition): boolean {
    return this.viewSelectedKeys.has(stockPositionKey(position));
  }

  /** Checks or unchecks `position` in the per-symbol view. */
  setViewSelected(position: StockPosition, selected: boolean): void {
    toggle(this.viewSelectedKeys, stockPositionKey(position), selected);
  }

  /** The S heading of the table in selection mode: exits the selected positions. */
  exitSelected(): void {
    this.exitPositions(this.selectedPositions);
  }

  /** The red S of the per-symbol view: exits the checked positions. */
  exitViewSelected(): void {
    this.exitPositions(this.viewSelectedPositions);
  }

  /** Change Selected: a closing order per selected position. */
  changeSelected(): void {
    const selected = this.selectedPositions;
    if (selected.length === 0) {
      this.warning.show(StockMessages.selectPosition);
      return;
    }
    this.changeDialog.open(selected);
  }

  /**
   * The exit opens only when positions are selected, all of one settled quantity and one symbol (one exit
   * order names one symbol); otherwise the warning says why.
   */
  private exitPositions(selected: readonly StockPosition[]): void {
    const first = selected[0];
    if (first === undefined) {
      this.warning.show(StockMessages.selectPosition);
      return;
    }
    if (selected.some((position) => position.stockSettledQuantity !== first.stockSettledQuantity)) {
      this.warning.show(StockMessages.quantitiesDiffer);
      return;
    }
    if (selected.some((position) => position.stockSymbol !== first.stockSymbol)) {
      this.warning.show(StockMessages.symbolsDiffer);
      return;
    }
    this.orderDialog.openExit(selected, true);
  }
}

function toggle(keys: Set<string>, key: string, on: boolean): void {
  if (on) {
    keys.add(key);
  } else {
    keys.delete(key);
  }
}
