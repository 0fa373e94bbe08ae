// The root of all domain stores: one instance per app, holding the API client every store shares.
import { reaction } from "mobx";
import { ApiClient } from "../api/ApiClient";
import { AccountStore } from "../../account/AccountStore";
import { LimitsStore } from "../../account/limits/LimitsStore";
import { browserEnvironment, type Environment } from "./Environment";
import { OperatorStore } from "../../account/operator/OperatorStore";
import { OptionStore } from "../../options/OptionStore";
import { SessionStore } from "./SessionStore";
import { VerticalStore } from "../../verticals/VerticalStore";
import { StockStore } from "../../stocks/StockStore";
import { SessionRecordsStore } from "../records/SessionRecordsStore";
import { SentOrders, type SessionCounter } from "../commands/SentOrders";

/**
 * Holds the domain stores. A new store is one line here: a field constructed with `this`, reading what
 * it needs (the API client, the environment, other stores) from the root only when its actions run.
 */
export class RootStore {
  /** The one API client of the app. */
  readonly api: ApiClient;
  /** Clock, timers and windows of the browser (fakes in tests). */
  readonly env: Environment;
  /** The order writes sent from this page lately, counted on their screen's orders table. */
  readonly sentOrders: SentOrders = new SentOrders(
    () => this.env.now(),
    (path) => this.ordersTableOf(path),
  );
  /** The signed-in agent. */
  readonly session: SessionStore = new SessionStore(this);
  /** The agent's trading accounts and the dialogs of the Account screen. */
  readonly accounts: AccountStore = new AccountStore(this);
  /** Per-account limits and health, and the agent's operator settings. */
  readonly operator: OperatorStore = new OperatorStore(this);
  /** Every account's sizing profile and guards, and the dialog setting them. */
  readonly limits: LimitsStore = new LimitsStore(this);
  /** Single-leg option copy trading: orders, positions, favourites, saved orders and their dialogs. */
  readonly options: OptionStore = new OptionStore(this);
  /** Vertical option copy trading: orders, positions, saved sets and their dialogs. */
  readonly verticals: VerticalStore = new VerticalStore(this);
  /** Stock copy trading: orders, positions, saved stock orders, the watch list and their dialogs. */
  readonly stocks: StockStore = new StockStore(this);
  /** A session's fairness record and the audit export, shared by the trading screens. */
  readonly records: SessionRecordsStore = new SessionRecordsStore(this);

  /**
   * @param api The API client; tests pass one built on a fake transport.
   * @param env Browser facilities; tests replace any of them.
   */
  constructor(api: ApiClient = new ApiClient(), env: Partial<Environment> = {}) {
    this.api = api;
    this.env = { ...browserEnvironment, ...env };
    // What one agent's stores hold is never shown to the next agent signing in on this page.
    reaction(
      () => this.session.agentUsername,
      () => {
        this.accounts.reset();
        this.operator.reset();
        this.limits.reset();
        this.options.reset();
        this.verticals.reset();
        this.stocks.reset();
        this.records.reset();
        this.sentOrders.reset();
      },
    );
  }

  /** The orders table of the screen a command path belongs to: stock, vertical or single-leg option. */
  private ordersTableOf(path: string): SessionCounter | null {
    const segments = path.split("/").filter((segment) => segment !== "");
    if (segments[0] === "stock_copy_trading") {
      return this.stocks.orderTable;
    }
    if (segments[0] !== "copy_trading_account") {
      return null;
    }
    return segments[segments.length - 1] === "VERTICAL" ? this.verticals.orderTable : this.options.orderTable;
  }
}
