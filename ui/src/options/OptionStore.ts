// The Option Trading screen's data: its polled tables, the selection rules, the lists and the dialogs.
import { leftOutAccounts } from "../shared/orders/notReplaced";
import { makeAutoObservable } from "mobx";
import { OptionPaths } from "./optionPaths";
import { CancelOrderDialogStore } from "./orders/CancelOrderDialogStore";
import { ChangePositionsDialogStore } from "./positions/ChangePositionsDialogStore";
import { ExitOrderDialogStore } from "./positions/ExitOrderDialogStore";
import { OptionContractListStore } from "./lists/OptionContractListStore";
import { OptionMessages } from "./OptionMessages";
import {
  canCancel,
  canReplace,
  liveOptionRow,
  optionOutcome,
  parseOptionSessions,
  replacedSessionOf,
  type OptionOrderRow,
  type OptionSession,
} from "./orders/OptionOrderRow";
import { parseOptionPositions, positionKey, type OptionPosition } from "./positions/OptionPosition";
import { openForSelection, type SelectionRules } from "../shared/stores/selectionRules";
import { PositionTable } from "../shared/stores/PositionTable";
import { SessionTable } from "../shared/stores/SessionTable";
import { TablePolling, type TablePollingDeps } from "../shared/stores/TablePolling";
import type { Outcome } from "../shared/stores/Outcome";
import { PlaceOrderDialogStore } from "./place/PlaceOrderDialogStore";
import { ReplaceOrderDialogStore } from "./orders/ReplaceOrderDialogStore";
import type { SavedOptionOrder } from "./lists/SavedOptionOrder";
import { SavedOptionOrderStore } from "./lists/SavedOptionOrderStore";
import { SessionOrdersDialogStore } from "./orders/SessionOrdersDialogStore";
import { WarningDialogStore } from "../shared/stores/WarningDialogStore";
import { ALL_FINAL, allLiveFinal, liveIsOpen, type LiveAccess } from "../shared/orders/liveOrders";

/** What the option store needs from the root store: the API client, the environment and the session. */
export type OptionStoreDeps = TablePollingDeps;

/** One exit order is made of the selected positions only when they share one settled quantity and one option. */
const EXIT_RULES: SelectionRules<OptionPosition> = {
  none: OptionMessages.selectPositionToExit,
  shared: [
    { valueOf: (position) => position.optionChainSettledQuantity, differs: OptionMessages.quantitiesDiffer },
    { valueOf: (position) => position.optionChainSymbol, differs: OptionMessages.contractsDiffer },
  ],
};

/**
 * Single-leg option copy trading. Orders are kept by session id and positions by description, merged from
 * delta polls (`?since=`: only the sessions or keys that changed are replaced). Owns the screen's 500 ms polling,
 * the orders and positions tables (paging, selection), the favourites and saved orders, and every dialog of the
 * screen.
 */
export class OptionStore {
  /** The orders table: each session's rows by session id, and its paging. */
  readonly orderTable: SessionTable<OptionOrderRow>;
  /** The positions table: each option's holdings by description, one entry per account, and the selection. */
  readonly positionTable: PositionTable<OptionPosition>;
  /** The 500 ms polling of both tables, and REFRESH. */
  readonly polling: TablePolling;
  /** The favourite tickers (option contract list). */
  readonly contracts: OptionContractListStore;
  /** The saved orders. */
  readonly savedOrders: SavedOptionOrderStore;
  /** The shared warning modal. */
  readonly warning = new WarningDialogStore();
  /** The place dialog. */
  readonly placeDialog: PlaceOrderDialogStore;
  /** The replace dialog. */
  readonly replaceDialog: ReplaceOrderDialogStore;
  /** The cancel dialog. */
  readonly cancelDialog: CancelOrderDialogStore;
  /** The view-all-orders dialog of one session. */
  readonly sessionDialog: SessionOrdersDialogStore;
  /** The exit dialog. */
  readonly exitDialog: ExitOrderDialogStore;
  /** The Change Multiple Positions dialog. */
  readonly changeDialog: ChangePositionsDialogStore;

  /** @param deps The root store (API client, environment, session). */
  constructor(deps: OptionStoreDeps) {
    this.orderTable = new SessionTable(deps, {
      path: OptionPaths.orders,
      parse: parseOptionSessions,
      outcomeOf: optionOutcome,
    });
    this.positionTable = new PositionTable(deps, {
      path: OptionPaths.positions,
      parse: parseOptionPositions,
      groupOf: (position) => position.optionChainDescription,
      keyOf: positionKey,
    });
    this.polling = new TablePolling(deps, {
      tables: [
        { load: this.orderTable.load, pollFailed: "Polling the option orders failed" },
        { load: this.positionTable.load, pollFailed: "Polling the option positions failed" },
      ],
      tradeStatusPath: OptionPaths.fetchTradeStatus,
      refreshFailed: "Refreshing the trade status failed",
      reloadFailed: "Reloading the option tables failed",
    });
    this.contracts = new OptionContractListStore(deps);
    this.savedOrders = new SavedOptionOrderStore(deps);
    const reloadTables = () => this.polling.reloadTables();
    const exitedSelected = () => this.positionTable.setSelectionMode(false);
    this.placeDialog = new PlaceOrderDialogStore(deps, {
      contracts: this.contracts,
      savedOrders: this.savedOrders,
      reloadTables,
    });
    const doneWithSelected = () => this.sessionDialog.view.clearSelection();
    this.replaceDialog = new ReplaceOrderDialogStore(deps, {
      reloadTables,
      doneWithSelected,
      liveRowOf: (row) => this.liveRowOf(row),
    });
    this.cancelDialog = new CancelOrderDialogStore(deps, { reloadTables, doneWithSelected });
    this.sessionDialog = new SessionOrdersDialogStore({
      rowsOf: (id) => this.orderTable.rowsOf(id),
      replacersOf: (id) => this.replacersOf(id),
      liveRowOf: (row) => this.liveRowOf(row),
      replaceDialog: this.replaceDialog,
      cancelDialog: this.cancelDialog,
      warning: this.warning,
    });
    this.exitDialog = new ExitOrderDialogStore(deps, { reloadTables, exitedSelected });
    this.changeDialog = new ChangePositionsDialogStore(deps, { reloadTables, exitedSelected });
    makeAutoObservable(
      this,
      {
        orderTable: false,
        positionTable: false,
        polling: false,
        contracts: false,
        savedOrders: false,
        warning: false,
        placeDialog: false,
        replaceDialog: false,
        cancelDialog: false,
        sessionDialog: false,
        exitDialog: false,
        changeDialog: false,
      },
      { autoBind: true },
    );
  }

  /** The sessions made by replacing the orders of session `sessionId`, oldest first. */
  replacersOf(sessionId: number): number[] {
    return this.orderTable.sessions
      .filter((session) => replacedSessionOf(session) === sessionId)
      .map((session) => session.id)
      .reverse();
  }

  /** The live row of `row`: a REPLACED row followed to the order that replaced it. */
  liveRowOf(row: OptionOrderRow): OptionOrderRow {
    return liveOptionRow(row, this.orderTable.sessions);
  }

  /** The rows of `session` whose orders can be replaced: a REPLACED one only while its live order is open. */
  replaceableRows(session: OptionSession): OptionOrderRow[] {
    return session.rows.filter((row) => canReplace(row) && liveIsOpen(row, this.live));
  }

  /** The rows of `session` whose orders can be cancelled: a REPLACED one only while its live order is open. */
  cancellableRows(session: OptionSession): OptionOrderRow[] {
    return session.rows.filter((row) => canCancel(row) && liveIsOpen(row, this.live));
  }

  /** Why C and R of `session` are disabled when all its live orders are final; null otherwise. */
  finalReason(session: OptionSession): string | null {
    return allLiveFinal(session.rows, this.live) ? ALL_FINAL : null;
  }

  /** How a row's live order is found and read. */
  private get live(): LiveAccess<OptionOrderRow> {
    return { liveOf: (row) => this.liveRowOf(row), statusOf: (row) => row.optionChainStatus };
  }

  /** Loads the favourite tickers and the saved orders (the screen mounted). */
  async loadLists(): Promise<void> {
    await Promise.all([this.contracts.load(), this.savedOrders.load()]);
  }

  /** Forgets everything of the previous agent. */
  reset(): void {
    this.orderTable.reset();
    this.positionTable.reset();
    this.contracts.reset();
    this.savedOrders.reset();
  }

  /** BUY/SELL: opens an empty place dialog. */
  openPlace(): void {
    this.placeDialog.open();
  }

  /**
   * P on a session: opens the place dialog with that session's order (its quantity before tiers), its
   * contract picked in the chain; resolves to why the chain does not offer it, or null.
   */
  placeAgain(session: OptionSession): Promise<Outcome | null> {
    const first = session.rows[0];
    if (first === undefined) {
      return Promise.resolve(null);
    }
    return this.placeDialog.openWith(
      {
        symbol: first.optionChainSymbol,
        description: first.optionChainDescription,
        instruction: first.optionChainInstruction,
        orderType: first.optionChainOrderType,
        quantity: String(first.optionChainQuantity),
        price: String(first.optionChainPrice),
      },
      first.accountId,
    );
  }

  /** P on a saved order: opens the place dialog with it, its contract picked in the chain. */
  placeSaved(order: SavedOptionOrder): Promise<Outcome | null> {
    return this.placeDialog.openWith({
      symbol: order.optionChainSymbol,
      description: order.optionChainDescription,
      instruction: order.optionChainInstruction,
      orderType: order.optionChainOrderType,
      quantity: order.optionChainQuantity,
      price: order.optionChainPrice,
    });
  }

  /**
   * R on a session: replaces its open orders, the form starting from the first one's live order; the dialog
   * names the accounts left out and why (their live order's status, or no order id yet).
   */
  replaceSession(session: OptionSession): void {
    const rows = this.replaceableRows(session);
    const leftOut = leftOutAccounts(session.rows, rows, {
      nameOf: (row) => row.accountName,
      hasOrderId: (row) => row.optionChainOrderId !== null,
      liveStatusOf: (row) => this.liveRowOf(row).optionChainStatus,
    });
    this.replaceDialog.open("session", session.id, rows, rows[0] && this.liveRowOf(rows[0]), leftOut);
  }

  /** C on a session: cancels its open orders. */
  cancelSession(session: OptionSession): void {
    this.cancelDialog.open("session", session.id, this.cancellableRows(session));
  }

  /** S on a position: opens the exit dialog for that account's holding. */
  exitPosition(position: OptionPosition): void {
    this.exitDialog.open([position], false);
  }

  /**
   * Exit for the selected positions: they must exist, share one settled quantity and be one option (one
   * exit order names one symbol); otherwise the warning says why.
   */
  exitSelected(): void {
    openForSelection(this.positionTable.selected, EXIT_RULES, this.warning, (selected) =>
      this.exitDialog.open(selected, true),
    );
  }

  /** Change Selected: a closing order per selected position, or the warning when none is selected. */
  changeSelected(): void {
    const rules = { none: OptionMessages.selectPositionToChange };
    openForSelection(this.positionTable.selected, rules, this.warning, this.changeDialog.open);
  }
}
