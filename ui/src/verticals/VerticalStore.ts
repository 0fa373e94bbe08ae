// The Vertical Trading screen's data: polled orders and positions, paging, position selection and the dialogs.
import { makeAutoObservable, observable, runInAction } from "mobx";
import { ApiError } from "../shared/api/ApiError";
import { Paging } from "../shared/stores/Paging";
import { Poller } from "../shared/stores/Poller";
import { DeltaPoll, mergeTableDelta } from "../shared/stores/TableDelta";
import type { StoreDeps } from "../shared/shell/StoreDeps";
import { WarningDialogStore } from "../shared/stores/WarningDialogStore";
import { MultiLegEntryStore } from "./entry/MultiLegEntryStore";
import { CancelLegsDialogStore } from "./orders/CancelLegsDialogStore";
import { DeleteOrderDialogStore } from "./orders/DeleteOrderDialogStore";
import { PlaceAgainDialogStore } from "./orders/PlaceAgainDialogStore";
import { ReplaceLegsDialogStore } from "./orders/ReplaceLegsDialogStore";
import { parseVerticalSessions, type VerticalOrderRow, type VerticalSession } from "./orders/VerticalOrderRow";
import { ChangePositionsDialogStore } from "./positions/ChangePositionsDialogStore";
import { ExitPositionsDialogStore } from "./positions/ExitPositionsDialogStore";
import { parseVerticalPositions, positionKey, type VerticalPosition } from "./positions/VerticalPosition";
import { OrderSetStore } from "./sets/OrderSetStore";
import { ReviewSetDialogStore } from "./sets/ReviewSetDialogStore";
import { VerticalMessages } from "./VerticalMessages";
import { VerticalPaths } from "./verticalPaths";

/** How often the Vertical Trading screen reloads its orders and positions. */
export const VERTICAL_POLL_INTERVAL_MS = 500;

/** Sessions per page of the orders table. */
export const VERTICAL_PAGE_SIZE = 10;

/** What the vertical store needs from the root store. */
export interface VerticalStoreDeps extends StoreDeps {
  /** The session, told when a poll finds that the server has ended it. */
  readonly session: { sessionEnded(): void };
}

/**
 * Vertical option copy trading. Orders are kept by session id and positions by description, merged from
 * delta polls (`?since=`: only the sessions or keys that changed are replaced). Owns the 500 ms poller (which skips its turn while any request of the screen
 * is in flight), the orders table's paging, the positions selection and its rules, the saved sets and every
 * dialog of the screen.
 */
export class VerticalStore {
  /** The rows of each session, by session id. */
  readonly orders = observable.map<number, readonly VerticalOrderRow[]>([], { deep: false });
  /** The holdings of each option, by description, one entry per account. */
  readonly positions = observable.map<string, readonly VerticalPosition[]>([], { deep: false });
  /** True once the orders have been loaded. */
  ordersLoaded = false;
  /** True once the positions have been loaded. */
  positionsLoaded = false;
  /** True while REFRESH is in flight. */
  refreshPending = false;
  /** Whether the positions table shows its Select column. */
  selectionMode = false;
  /** Keys of the selected positions. */
  readonly selectedPositionKeys = observable.set<string>();
  /** The description whose per-account positions are shown (V), or null. */
  viewedDescription: string | null = null;
  /** The session whose legs are shown (V), or null. */
  viewedSessionId: number | null = null;
  /** Paging of the orders table. */
  readonly paging: Paging;
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

  private readonly deps: VerticalStoreDeps;
  private poller: Poller | null = null;
  private readonly ordersPoll: DeltaPoll;
  private readonly positionsPoll: DeltaPoll;
  private generation = 0;

  /** @param deps The root store (API client, environment, session). */
  constructor(deps: VerticalStoreDeps) {
    this.deps = deps;
    this.ordersPoll = new DeltaPoll(deps, VerticalPaths.orders);
    this.positionsPoll = new DeltaPoll(deps, VerticalPaths.positions);
    this.paging = new Paging(VERTICAL_PAGE_SIZE, () => this.orders.size);
    const reloadTables = () => this.reloadTables();
    const exitedSelected = () => this.setSelectionMode(false);
    this.sets = new OrderSetStore(deps);
    this.entry = new MultiLegEntryStore(deps, { sets: this.sets, reloadTables });
    this.cancelDialog = new CancelLegsDialogStore(deps, reloadTables);
    this.replaceDialog = new ReplaceLegsDialogStore(deps, reloadTables);
    this.rePlaceDialog = new PlaceAgainDialogStore(deps, reloadTables);
    this.deleteDialog = new DeleteOrderDialogStore(deps, reloadTables);
    this.reviewDialog = new ReviewSetDialogStore(deps, reloadTables);
    this.exitDialog = new ExitPositionsDialogStore(deps, { reloadTables, exitedSelected });
    this.changeDialog = new ChangePositionsDialogStore(deps, { reloadTables, exitedSelected });
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
        sets: false,
        entry: false,
        cancelDialog: false,
        replaceDialog: false,
        rePlaceDialog: false,
        deleteDialog: false,
        reviewDialog: false,
        exitDialog: false,
        changeDialog: false,
        isPolling: false,
      },
      { autoBind: true },
    );
  }

  /** The sessions, newest (highest id) first. */
  get sessions(): VerticalSession[] {
    return Array.from(this.orders.entries(), ([id, rows]) => ({ id, rows }))
      .filter((session) => session.rows.length > 0)
      .sort((a, b) => b.id - a.id);
  }

  /** The sessions on the page shown. */
  get pageSessions(): VerticalSession[] {
    return this.paging.slice(this.sessions);
  }

  /** The session whose legs are shown, or null. */
  get viewedSession(): VerticalSession | null {
    if (this.viewedSessionId === null) {
      return null;
    }
    const rows = this.orders.get(this.viewedSessionId);
    return rows === undefined ? null : { id: this.viewedSessionId, rows };
  }

  /** Every position, one row per account and option. */
  get positionRows(): VerticalPosition[] {
    return Array.from(this.positions.values()).flat();
  }

  /** The selected positions still held, in table order. */
  get selectedPositions(): VerticalPosition[] {
    return this.positionRows.filter((position) => this.selectedPositionKeys.has(positionKey(position)));
  }

  /** The per-account positions of the viewed description. */
  get viewedPositions(): readonly VerticalPosition[] {
    return this.viewedDescription === null ? [] : (this.positions.get(this.viewedDescription) ?? []);
  }

  /** True while any request of the screen is in flight (the poller waits for it). */
  get requestInFlight(): boolean {
    return (
      this.refreshPending ||
      this.entry.pending ||
      this.sets.pending ||
      this.cancelDialog.pending ||
      this.replaceDialog.pending ||
      this.rePlaceDialog.pending ||
      this.deleteDialog.pending ||
      this.reviewDialog.pending ||
      this.exitDialog.pending ||
      this.changeDialog.pending
    );
  }

  /**
   * Loads the orders unless unchanged since the last answer.
   * @throws {ApiError} when the call fails; {@link Error} when the answer is malformed.
   */
  async loadOrders(): Promise<void> {
    const generation = this.generation;
    const fetched = await this.ordersPoll.fetch();
    if (fetched === null) {
      return;
    }
    const { delta } = fetched;
    const sessions = parseVerticalSessions(delta.changed);
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
    const changedPositions = parseVerticalPositions(delta.changed);
    runInAction(() => {
      if (generation !== this.generation) {
        return;
      }
      this.positionsPoll.applied(fetched);
      const byDescription = new Map<string, VerticalPosition[]>();
      for (const position of changedPositions) {
        const list = byDescription.get(position.optionChainDescription) ?? [];
        list.push(position);
        byDescription.set(position.optionChainDescription, list);
      }
      mergeTableDelta(this.positions, delta.full, byDescription, delta.removed);
      const positions = Array.from(this.positions.values()).flat();
      this.positionsLoaded = true;
      const held = new Set(positions.map(positionKey));
      for (const key of Array.from(this.selectedPositionKeys)) {
        if (!held.has(key)) {
          this.selectedPositionKeys.delete(key);
        }
      }
    });
  }

  /**
   * One poll: orders and positions, skipped while a request of the screen is in flight. Failures are only
   * logged, except that a 401 while the screen is shown sends the agent to the login page.
   */
  async poll(): Promise<void> {
    if (this.requestInFlight) {
      return;
    }
    const results = await Promise.allSettled([this.loadOrders(), this.loadPositions()]);
    for (const result of results) {
      if (result.status === "rejected") {
        console.error("Polling the vertical tables failed", result.reason);
      }
    }
    const signedOut = results.some(
      (result) => result.status === "rejected" && result.reason instanceof ApiError && result.reason.status === 401,
    );
    if (signedOut && this.isPolling) {
      this.deps.session.sessionEnded();
    }
  }

  /** Starts polling every {@link VERTICAL_POLL_INTERVAL_MS} (the screen mounted). */
  startPolling(): void {
    this.poller ??= new Poller(() => this.poll(), VERTICAL_POLL_INTERVAL_MS, { scheduler: this.deps.env.scheduler });
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

  /** Polls again at once (after an action), without overlapping a poll in flight. */
  reloadTables(): void {
    this.poller?.refresh();
  }

  /** REFRESH: asks the server to update the statuses now (a failure is only logged), then reloads. */
  async refresh(): Promise<void> {
    if (this.refreshPending) {
      return;
    }
    this.refreshPending = true;
    try {
      await this.deps.api.get(VerticalPaths.fetchTradeStatus);
    } catch (error) {
      console.error("Refreshing the vertical trade status failed", error);
    }
    try {
      await Promise.all([this.loadOrders(), this.loadPositions()]);
    } catch (error) {
      console.error("Reloading the vertical tables failed", error);
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
    this.viewedDescription = null;
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

  /** C on a session: Cancel Vertical Order Legs with every open order chosen. */
  cancelSession(session: VerticalSession): void {
    this.cancelDialog.open(session);
  }

  /** V on a position: every account's holding of that option. */
  viewPosition(position: VerticalPosition): void {
    this.viewedDescription = position.optionChainDescription;
  }

  /** Closes the per-account positions view. */
  closePositionView(): void {
    this.viewedDescription = null;
  }

  /** S on a position: Option Exit Order for that account's holding. */
  exitPosition(position: VerticalPosition): void {
    this.exitDialog.open([position], false);
  }

  /** The toggle: enters selection mode, or leaves it and clears the selection. */
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

  /** Whether `position` is selected. */
  isPositionSelected(position: VerticalPosition): boolean {
    return this.selectedPositionKeys.has(positionKey(position));
  }

  /** Selects or unselects `position`. */
  setPositionSelected(position: VerticalPosition, selected: boolean): void {
    if (selected) {
      this.selectedPositionKeys.add(positionKey(position));
    } else {
      this.selectedPositionKeys.delete(positionKey(position));
    }
  }

  /** Exit for the selected positions: at least one, all of one settled quantity; otherwise the warning. */
  exitSelected(): void {
    const selected = this.selectedPositions;
    const first = selected[0];
    if (first === undefined) {
      this.warning.show(VerticalMessages.selectPositionToExit);
      return;
    }
    if (selected.some((position) => position.optionChainSettledQuantity !== first.optionChainSettledQuantity)) {
      this.warning.show(VerticalMessages.quantitiesDiffer);
      return;
    }
    this.exitDialog.open(selected, true);
  }

  /** Change Selected: Change Multiple Positions, or the warning when none is selected. */
  changeSelected(): void {
    const selected = this.selectedPositions;
    if (selected.length === 0) {
      this.warning.show(VerticalMessages.selectPositionToChange);
      return;
    }
    this.changeDialog.open(selected);
  }
}
