// The Option Trading screen's data: polled orders and positions, paging, position selection and the dialogs.
import { makeAutoObservable, observable, runInAction } from "mobx";
import { ApiError } from "../shared/api/ApiError";
import { OptionPaths } from "./optionPaths";
import { CancelOrderDialogStore } from "./orders/CancelOrderDialogStore";
import { ChangePositionsDialogStore } from "./positions/ChangePositionsDialogStore";
import { ExitOrderDialogStore } from "./positions/ExitOrderDialogStore";
import { OptionContractListStore } from "./lists/OptionContractListStore";
import { OptionMessages } from "./OptionMessages";
import {
  canCancel,
  canReplace,
  parseOptionSessions,
  replacedSessionOf,
  type OptionOrderRow,
  type OptionSession,
} from "./orders/OptionOrderRow";
import { parseOptionPositions, positionKey, type OptionPosition } from "./positions/OptionPosition";
import { Paging } from "../shared/stores/Paging";
import type { Outcome } from "../shared/stores/Outcome";
import { PlaceOrderDialogStore } from "./place/PlaceOrderDialogStore";
import { Poller } from "../shared/stores/Poller";
import { DeltaPoll, mergeTableDelta } from "../shared/stores/TableDelta";
import { ReplaceOrderDialogStore } from "./orders/ReplaceOrderDialogStore";
import type { SavedOptionOrder } from "./lists/SavedOptionOrder";
import { SavedOptionOrderStore } from "./lists/SavedOptionOrderStore";
import { SessionOrdersDialogStore } from "./orders/SessionOrdersDialogStore";
import type { StoreDeps } from "../shared/shell/StoreDeps";
import { WarningDialogStore } from "../shared/stores/WarningDialogStore";

/** How often the Option Trading screen reloads its orders and positions. */
export const OPTION_POLL_INTERVAL_MS = 500;

/** Sessions per page of the orders table. */
export const OPTION_PAGE_SIZE = 10;

/** What the option store needs from the root store. */
export interface OptionStoreDeps extends StoreDeps {
  /** The session, told when a poll finds that the server has ended it. */
  readonly session: { sessionEnded(): void };
}

/**
 * Single-leg option copy trading. Orders are kept by session id and positions by description, merged from
 * delta polls (`?since=`: only the sessions or keys that changed are replaced). Owns the screen's 500 ms poller, the orders table's
 * paging, the positions selection, the favourites and saved orders, and every dialog of the screen.
 */
export class OptionStore {
  /** The rows of each session, by session id. */
  readonly orders = observable.map<number, readonly OptionOrderRow[]>([], { deep: false });
  /** The holdings of each option, by description, one entry per account. */
  readonly positions = observable.map<string, readonly OptionPosition[]>([], { deep: false });
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
  /** Paging of the orders table. */
  readonly paging: Paging;
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

  private readonly deps: OptionStoreDeps;
  private poller: Poller | null = null;
  private readonly ordersPoll: DeltaPoll;
  private readonly positionsPoll: DeltaPoll;
  /** Bumped by {@link reset}, so answers to requests sent for the previous agent are dropped. */
  private generation = 0;

  /** @param deps The root store (API client, environment, session). */
  constructor(deps: OptionStoreDeps) {
    this.deps = deps;
    this.ordersPoll = new DeltaPoll(deps, OptionPaths.orders);
    this.positionsPoll = new DeltaPoll(deps, OptionPaths.positions);
    this.paging = new Paging(OPTION_PAGE_SIZE, () => this.orders.size);
    this.contracts = new OptionContractListStore(deps);
    this.savedOrders = new SavedOptionOrderStore(deps);
    const reloadTables = () => this.reloadTables();
    const exitedSelected = () => this.setSelectionMode(false);
    this.placeDialog = new PlaceOrderDialogStore(deps, {
      contracts: this.contracts,
      savedOrders: this.savedOrders,
      reloadTables,
    });
    const doneWithSelected = () => this.sessionDialog.clearSelection();
    this.replaceDialog = new ReplaceOrderDialogStore(deps, { reloadTables, doneWithSelected });
    this.cancelDialog = new CancelOrderDialogStore(deps, { reloadTables, doneWithSelected });
    this.sessionDialog = new SessionOrdersDialogStore({
      rowsOf: (id) => this.orders.get(id) ?? [],
      replacersOf: (id) => this.replacersOf(id),
      replaceDialog: this.replaceDialog,
      cancelDialog: this.cancelDialog,
      warning: this.warning,
    });
    this.exitDialog = new ExitOrderDialogStore(deps, { reloadTables, exitedSelected });
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
        contracts: false,
        savedOrders: false,
        warning: false,
        placeDialog: false,
        replaceDialog: false,
        cancelDialog: false,
        sessionDialog: false,
        exitDialog: false,
        changeDialog: false,
        isPolling: false,
      },
      { autoBind: true },
    );
  }

  /** The sessions, newest (highest id) first. */
  get sessions(): OptionSession[] {
    return Array.from(this.orders.entries(), ([id, rows]) => ({ id, rows }))
      .filter((session) => session.rows.length > 0)
      .sort((a, b) => b.id - a.id);
  }

  /** The sessions on the page shown. */
  get pageSessions(): OptionSession[] {
    return this.paging.slice(this.sessions);
  }

  /** Every position, one row per account and option, ordered by description, then account. */
  get positionRows(): OptionPosition[] {
    return Array.from(this.positions.values()).flat();
  }

  /** The selected positions that are still held, in table order. */
  get selectedPositions(): OptionPosition[] {
    return this.positionRows.filter((position) => this.selectedPositionKeys.has(positionKey(position)));
  }

  /** The per-account positions of the viewed description. */
  get viewedPositions(): readonly OptionPosition[] {
    return this.viewedDescription === null ? [] : (this.positions.get(this.viewedDescription) ?? []);
  }

  /** The sessions made by replacing the orders of session `sessionId`, oldest first. */
  replacersOf(sessionId: number): number[] {
    return this.sessions
      .filter((session) => replacedSessionOf(session) === sessionId)
      .map((session) => session.id)
      .reverse();
  }

  /** The rows of `session` whose orders can be replaced. */
  replaceableRows(session: OptionSession): OptionOrderRow[] {
    return session.rows.filter(canReplace);
  }

  /** The rows of `session` whose orders can be cancelled. */
  cancellableRows(session: OptionSession): OptionOrderRow[] {
    return session.rows.filter(canCancel);
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
    const sessions = parseOptionSessions(delta.changed);
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
    const changedPositions = parseOptionPositions(delta.changed);
    runInAction(() => {
      if (generation !== this.generation) {
        return;
      }
      this.positionsPoll.applied(fetched);
      const byDescription = new Map<string, OptionPosition[]>();
      for (const position of changedPositions) {
        const list = byDescription.get(position.optionChainDescription) ?? [];
        list.push(position);
        byDescription.set(position.optionChainDescription, list);
      }
      mergeTableDelta(this.positions, delta.full, byDescription, delta.removed);
      const positions = Array.from(this.positions.values()).flat();
      this.positionsLoaded = true;
      // A position no longer held cannot stay selected.
      const held = new Set(positions.map(positionKey));
      for (const key of Array.from(this.selectedPositionKeys)) {
        if (!held.has(key)) {
          this.selectedPositionKeys.delete(key);
        }
      }
    });
  }

  /**
   * One poll: orders and positions. Failures are only logged, except that a 401 while the screen is shown
   * means the server ended the session, which sends the agent to the login page.
   */
  async poll(): Promise<void> {
    const results = await Promise.allSettled([this.loadOrders(), this.loadPositions()]);
    for (const [what, result] of [
      ["option orders", results[0]],
      ["option positions", results[1]],
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

  /** Starts polling every {@link OPTION_POLL_INTERVAL_MS} (the screen mounted). */
  startPolling(): void {
    this.poller ??= new Poller(() => this.poll(), OPTION_POLL_INTERVAL_MS, { scheduler: this.deps.env.scheduler });
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

  /** Loads the favourite tickers and the saved orders (the screen mounted). */
  async loadLists(): Promise<void> {
    await Promise.all([this.contracts.load(), this.savedOrders.load()]);
  }

  /** Polls again at once (after an action), without overlapping a poll in flight. */
  reloadTables(): void {
    this.poller?.refresh();
  }

  /**
   * REFRESH: asks the server to bring the open orders' statuses up to date from the brokerages (the answer
   * is not used; a failure is only logged), then reloads the tables.
   */
  async refresh(): Promise<void> {
    if (this.refreshPending) {
      return;
    }
    this.refreshPending = true;
    try {
      await this.deps.api.get(OptionPaths.fetchTradeStatus);
    } catch (error) {
      console.error("Refreshing the trade status failed", error);
    }
    try {
      await Promise.all([this.loadOrders(), this.loadPositions()]);
    } catch (error) {
      console.error("Reloading the option tables failed", error);
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

  /** R on a session: replaces its open orders. */
  replaceSession(session: OptionSession): void {
    this.replaceDialog.open("session", session.id, this.replaceableRows(session));
  }

  /** C on a session: cancels its open orders. */
  cancelSession(session: OptionSession): void {
    this.cancelDialog.open("session", session.id, this.cancellableRows(session));
  }

  /** V on a position: shows every account's holding of that option. */
  viewPosition(position: OptionPosition): void {
    this.viewedDescription = position.optionChainDescription;
  }

  /** Closes the per-account positions dialog. */
  closePositionView(): void {
    this.viewedDescription = null;
  }

  /** S on a position: opens the exit dialog for that account's holding. */
  exitPosition(position: OptionPosition): void {
    this.exitDialog.open([position], false);
  }

  /** The toggle: enters selection mode, or leaves it and clears the selection. */
  toggleSelectionMode(): void {
    this.setSelectionMode(!this.selectionMode);
  }

  /** Enters or leaves selection mode; leaving clears the selection (spec 01 §4). */
  setSelectionMode(on: boolean): void {
    this.selectionMode = on;
    if (!on) {
      this.selectedPositionKeys.clear();
    }
  }

  /** Whether `position` is selected. */
  isPositionSelected(position: OptionPosition): boolean {
    return this.selectedPositionKeys.has(positionKey(position));
  }

  /** Selects or unselects `position`. */
  setPositionSelected(position: OptionPosition, selected: boolean): void {
    if (selected) {
      this.selectedPositionKeys.add(positionKey(position));
    } else {
      this.selectedPositionKeys.delete(positionKey(position));
    }
  }

  /**
   * Exit for the selected positions: they must exist, share one settled quantity and be one option (one
   * exit order names one symbol); otherwise the warning says why.
   */
  exitSelected(): void {
    const selected = this.selectedPositions;
    const first = selected[0];
    if (first === undefined) {
      this.warning.show(OptionMessages.selectPositionToExit);
      return;
    }
    if (selected.some((position) => position.optionChainSettledQuantity !== first.optionChainSettledQuantity)) {
      this.warning.show(OptionMessages.quantitiesDiffer);
      return;
    }
    if (selected.some((position) => position.optionChainSymbol !== first.optionChainSymbol)) {
      this.warning.show(OptionMessages.contractsDiffer);
      return;
    }
    this.exitDialog.open(selected, true);
  }

  /** Change Selected: a closing order per selected position, or the warning when none is selected. */
  changeSelected(): void {
    const selected = this.selectedPositions;
    if (selected.length === 0) {
      this.warning.show(OptionMessages.selectPositionToChange);
      return;
    }
    this.changeDialog.open(selected);
  }
}
