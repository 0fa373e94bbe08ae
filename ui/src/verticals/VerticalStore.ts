// The Vertical Trading screen's data: its polled tables, the viewed session, the selection rules and the dialogs.
import { makeAutoObservable } from "mobx";
import { PositionTable } from "../shared/stores/PositionTable";
import { openForSelection } from "../shared/stores/selectionRules";
import { SessionTable } from "../shared/stores/SessionTable";
import { TablePolling, type TablePollingDeps } from "../shared/stores/TablePolling";
import { WarningDialogStore } from "../shared/stores/WarningDialogStore";
import { MultiLegEntryStore } from "./entry/MultiLegEntryStore";
import { CancelLegsDialogStore } from "./orders/CancelLegsDialogStore";
import { DeleteOrderDialogStore } from "./orders/DeleteOrderDialogStore";
import { PlaceAgainDialogStore } from "./orders/PlaceAgainDialogStore";
import { ReplaceLegsDialogStore } from "./orders/ReplaceLegsDialogStore";
import {
  parseVerticalSessions,
  verticalOutcome,
  type VerticalOrderRow,
  type VerticalSession,
} from "./orders/VerticalOrderRow";
import { ChangePositionsDialogStore } from "./positions/ChangePositionsDialogStore";
import { CloseSpreadDialogStore } from "./positions/CloseSpreadDialogStore";
import { selectedSpread, spreadPairs, type SpreadPair } from "./positions/spreadPairs";
import { ExitPositionsDialogStore } from "./positions/ExitPositionsDialogStore";
import { parseVerticalPositions, positionKey, type VerticalPosition } from "./positions/VerticalPosition";
import { OrderSetStore } from "./sets/OrderSetStore";
import { ReviewSetDialogStore } from "./sets/ReviewSetDialogStore";
import { VerticalMessages } from "./VerticalMessages";
import { VerticalPaths } from "./verticalPaths";
import { ALL_FINAL, allLiveFinal, liveIsOpen, type LiveAccess } from "../shared/orders/liveOrders";
import { liveRowOf } from "../shared/orders/replaceChain";

/** What the vertical store needs from the root store: the API client, the environment and the session. */
export type VerticalStoreDeps = TablePollingDeps;

/**
 * Vertical option copy trading. Orders are kept by session id and positions by description, merged from
 * delta polls (`?since=`: only the sessions or keys that changed are replaced). Owns the 500 ms polling (which
 * skips its turn while any request of the screen is in flight), the orders and positions tables (paging,
 * selection), the selection rules, the saved sets and every dialog of the screen.
 */
export class VerticalStore {
  /** The orders table: each session's rows by session id, and its paging. */
  readonly orderTable: SessionTable<VerticalOrderRow>;
  /** The positions table: each option's holdings by description, one entry per account, and the selection. */
  readonly positionTable: PositionTable<VerticalPosition>;
  /** The 500 ms polling of both tables, and REFRESH. */
  readonly polling: TablePolling;
  /** The session whose legs are shown (V), or null. */
  viewedSessionId: number | null = null;
  /** The shared warning modal. */
  readonly warning = new WarningDialogStore();
  /** The saved order sets. */
  readonly sets: OrderSetStore;
  /** Multi-Leg Order Entry. */
  readonly entry: MultiLegEntryStore;
  /** Cancel Vertical Order Legs. */
  readonly cancelDialog: CancelLegsDialogStore;
  /** Replace Individual Order Legs. */
  readonly replaceDialog: ReplaceLegsDialogStore;
  /** Re-place Vertical Order Legs. */
  readonly rePlaceDialog: PlaceAgainDialogStore;
  /** Option Delete Order (Individual). */
  readonly deleteDialog: DeleteOrderDialogStore;
  /** Review Order Set. */
  readonly reviewDialog: ReviewSetDialogStore;
  /** Option Exit Order. */
  readonly exitDialog: ExitPositionsDialogStore;
  /** Change Multiple Positions. */
  readonly changeDialog: ChangePositionsDialogStore;
  /** Close Spread. */
  readonly closeSpreadDialog: CloseSpreadDialogStore;

  /** @param deps The root store (API client, environment, session). */
  constructor(deps: VerticalStoreDeps) {
    this.orderTable = new SessionTable(deps, {
      path: VerticalPaths.orders,
      parse: parseVerticalSessions,
      outcomeOf: verticalOutcome,
    });
    this.positionTable = new PositionTable(deps, {
      path: VerticalPaths.positions,
      parse: parseVerticalPositions,
      groupOf: (position) => position.optionChainDescription,
      keyOf: positionKey,
    });
    const pollFailed = "Polling the vertical tables failed";
    this.polling = new TablePolling(deps, {
      tables: [
        { load: this.orderTable.load, pollFailed },
        { load: this.positionTable.load, pollFailed },
      ],
      tradeStatusPath: VerticalPaths.fetchTradeStatus,
      refreshFailed: "Refreshing the vertical trade status failed",
      reloadFailed: "Reloading the vertical tables failed",
      skipWhile: () => this.requestInFlight,
    });
    const reloadTables = () => this.polling.reloadTables();
    const exitedSelected = () => this.positionTable.setSelectionMode(false);
    this.sets = new OrderSetStore(deps);
    this.entry = new MultiLegEntryStore(deps, { sets: this.sets, reloadTables });
    this.cancelDialog = new CancelLegsDialogStore(deps, reloadTables);
    this.replaceDialog = new ReplaceLegsDialogStore(deps, reloadTables);
    this.rePlaceDialog = new PlaceAgainDialogStore(deps, reloadTables);
    this.deleteDialog = new DeleteOrderDialogStore(deps, reloadTables);
    this.reviewDialog = new ReviewSetDialogStore(deps, reloadTables);
    this.exitDialog = new ExitPositionsDialogStore(deps, { reloadTables, exitedSelected });
    this.changeDialog = new ChangePositionsDialogStore(deps, { reloadTables, exitedSelected });
    this.closeSpreadDialog = new CloseSpreadDialogStore(deps, { reloadTables, exitedSelected });
    makeAutoObservable(
      this,
      {
        orderTable: false,
        positionTable: false,
        polling: false,
        warning: false,
        sets: false,
        entry: false,
        cancelDialog: false,
        replaceDialog: false,
        rePlaceDialog: false,
        deleteDialog: false,
        reviewDialog: false,
        exitDialog: false,
        changeDialog: false,
        closeSpreadDialog: false,
      },
      { autoBind: true },
    );
  }

  /** The session whose legs are shown, or null. */
  get viewedSession(): VerticalSession | null {
    if (this.viewedSessionId === null) {
      return null;
    }
    const rows = this.orderTable.byId.get(this.viewedSessionId);
    return rows === undefined ? null : { id: this.viewedSessionId, rows };
  }

  /** Whether `row`'s live order (a REPLACED leg followed to the leg that replaced it) may still change. */
  liveLegIsOpen(row: VerticalOrderRow): boolean {
    return liveIsOpen(row, this.live);
  }

  /** Why C and R of `session` are disabled when all its live orders are final; null otherwise. */
  finalReason(session: VerticalSession): string | null {
    return allLiveFinal(session.rows, this.live) ? ALL_FINAL : null;
  }

  /** How a leg's live order is found and read. */
  private get live(): LiveAccess<VerticalOrderRow> {
    const sessions = this.orderTable.sessions;
    return {
      liveOf: (row) =>
        liveRowOf(row, row.agentTradingSessionID, sessions, {
          accountOf: (entry) => entry.accountId,
          statusOf: (entry) => entry.optionChainStatus,
          placedOf: (entry) => entry.optionChainOrderId !== null,
          replacedSessionOf: (rows) => rows[0]?.replacedSessionID ?? null,
        }),
      statusOf: (row) => row.optionChainStatus,
    };
  }

  /** True while any request of the screen is in flight (the poller waits for it). */
  get requestInFlight(): boolean {
    return (
      this.polling.refreshPending ||
      this.entry.pending ||
      this.sets.pending ||
      this.cancelDialog.pending ||
      this.replaceDialog.pending ||
      this.rePlaceDialog.pending ||
      this.deleteDialog.pending ||
      this.reviewDialog.pending ||
      this.exitDialog.pending ||
      this.changeDialog.pending ||
      this.closeSpreadDialog.pending
    );
  }

  /** Forgets everything of the previous agent. */
  reset(): void {
    this.orderTable.reset();
    this.positionTable.reset();
    this.viewedSessionId = null;
    this.sets.reset();
  }

  /** BUY/SELL: opens an empty Multi-Leg Order Entry. */
  openEntry(): void {
    this.entry.open();
  }

  /** V on a session: shows every account's legs. */
  viewSession(session: VerticalSession): void {
    this.viewedSessionId = session.id;
  }

  /** Closes the legs view. */
  closeSessionView(): void {
    this.viewedSessionId = null;
  }

  /** P on a session: Re-place Vertical Order Legs with its legs. */
  placeAgain(session: VerticalSession): void {
    this.rePlaceDialog.open(session);
  }

  /** R on a session: Replace Individual Order Legs with every replaceable order chosen. */
  replaceSession(session: VerticalSession): void {
    this.replaceDialog.open(session);
  }

  /** C on a session: Cancel Vertical Order Legs, nothing ticked until the agent ticks a leg. */
  cancelSession(session: VerticalSession): void {
    this.cancelDialog.open(session);
  }

  /** S on a position: Option Exit Order for that account's holding. */
  exitPosition(position: VerticalPosition): void {
    this.exitDialog.open([position], false);
  }

  /** The spreads the accounts hold (a long and a short leg of one series in one account). */
  get spreadPairs(): SpreadPair[] {
    return spreadPairs(this.positionTable.rows);
  }

  /** Close spread: one closing order per account holding `pair`, both legs at a net price. */
  closeSpread(pair: SpreadPair, accountIds?: readonly number[]): void {
    this.closeSpreadDialog.open(pair, accountIds);
  }

  /**
   * Exit for the selected positions. When they are the two legs of one spread (on one or several accounts)
   * they close as a spread (Close Spread); otherwise at least one, all of one settled quantity, or the warning.
   */
  exitSelected(): void {
    const spread = selectedSpread(this.positionTable.selected);
    if (spread !== null) {
      const held = this.spreadPairs.find((pair) => pair.key === spread.key) ?? spread;
      this.closeSpread(
        held,
        spread.holdings.map((holding) => holding.long.accountId),
      );
      return;
    }
    const sameQuantity = {
      valueOf: (position: VerticalPosition) => position.optionChainSettledQuantity,
      differs: VerticalMessages.quantitiesDiffer,
    };
    const rules = { none: VerticalMessages.selectPositionToExit, shared: [sameQuantity] };
    openForSelection(this.positionTable.selected, rules, this.warning, (chosen) => this.exitDialog.open(chosen, true));
  }

  /** Change Selected: Change Multiple Positions, or the warning when none is selected. */
  changeSelected(): void {
    const selected = this.positionTable.selected;
    openForSelection(selected, { none: VerticalMessages.selectPositionToChange }, this.warning, this.changeDialog.open);
  }
}
