// The Review Order Set dialog: a saved set's legs, their net and the per-tier spreads, placed on every active account.
import { makeAutoObservable, runInAction } from "mobx";
import { commandOutcome } from "../../shared/orders/CopyAnswer";
import { commandFailure } from "../../shared/commands/CommandSender";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { TierPreviewStore } from "../../shared/accounts/TierPreviewStore";
import { PlanPreviewStore, type PlanCommand } from "../../shared/planPreview/PlanPreviewStore";
import { CHECK_FAILED, PreflightStore, type PreflightCommand } from "../../shared/preflight/PreflightStore";
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";
import { legsProblem, netOf, type NetPrice } from "../OrderLeg";
import { VerticalMessages } from "../VerticalMessages";
import { VerticalPaths } from "../verticalPaths";
import type { OrderSet } from "./OrderSet";

/** P on a saved set opens this review; Place sends the set's legs as they were saved. */
export class ReviewSetDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** True while the set is being placed. */
  pending = false;
  /** The set reviewed, or null. */
  set: OrderSet | null = null;
  /** Tier multipliers and active accounts for the preview. */
  readonly tiers: TierPreviewStore;
  /** Each account's planned spreads of the set. */
  readonly plan: PlanPreviewStore;
  /** The fan-out mode and Check accounts. */
  readonly preflight: PreflightStore;

  private readonly reloadTables: () => void;
  /** The legs' bid, ask and last, read while the dialog is open. */
  readonly quotes: QuoteFeed;

  /**
   * @param deps The root store (API client).
   * @param reloadTables Polls the tables again after the call.
   */
  constructor(deps: StoreDeps, reloadTables: () => void) {
    this.reloadTables = reloadTables;
    this.tiers = new TierPreviewStore(deps, "spread");
    this.preflight = new PreflightStore(deps);
    makeAutoObservable<this, "reloadTables">(
      this,
      { reloadTables: false, tiers: false, quotes: false, preflight: false, plan: false },
      { autoBind: true },
    );
    this.quotes = new QuoteFeed(deps, "option", () =>
      this.isOpen ? (this.set?.legs ?? []).map((leg) => leg.optionChainSymbol) : [],
    );
    this.plan = new PlanPreviewStore(deps, "spread", () => this.planCommand);
  }

  /** The place call of the set the plan preview asks about: null while closed, or when its legs are not one spread. */
  get planCommand(): PlanCommand | null {
    const legs = this.set?.legs ?? [];
    if (!this.isOpen || legs.length === 0 || legsProblem(legs) !== null) {
      return null;
    }
    return this.command(legs);
  }

  /** The net of the set's legs. */
  get net(): NetPrice | null {
    return netOf(this.set?.legs ?? []);
  }

  /** The per-tier spreads of the first leg's quantity. */
  get previewText(): string {
    const quantity = this.set?.legs[0]?.optionChainQuantity;
    return this.tiers.textFor(typeof quantity === "number" && Number.isInteger(quantity) && quantity > 0 ? quantity : null);
  }

  /** Opens the review of `set`. */
  open(set: OrderSet): void {
    if (!this.pending) {
      this.set = set;
      this.isOpen = true;
      void this.tiers.load();
      this.preflight.reset();
    }
  }

  /** Closes the dialog; ignored while placing. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /**
   * Places the set's legs; `success` closes the dialog, and so does an answer some accounts accepted (a warning
   * saying how many and why the others did not). Legs of mixed order types or quantities send nothing, and so
   * does a press while the set is being placed.
   */
  async place(): Promise<Outcome> {
    const legs = this.set?.legs ?? [];
    if (legs.length === 0) {
      return failed(VerticalMessages.setEmpty);
    }
    if (this.pending) {
      return NOT_SENT;
    }
    const problem = legsProblem(legs);
    if (problem !== null) {
      return failed(VerticalMessages.setPlaceFailed + problem);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = await this.preflight.send(this.command(legs));
      outcome = commandOutcome(answer, {
        ok: VerticalMessages.setPlaced,
        failed: VerticalMessages.setPlaceFailed,
        kind: "place",
      });
    } catch (error) {
      console.error("Placing the order set failed", error);
      outcome = commandFailure(VerticalMessages.setPlaceError, error);
    }
    runInAction(() => {
      this.pending = false;
      if (outcome.ok) {
        this.isOpen = false;
      }
    });
    this.reloadTables();
    return outcome;
  }

  /** Check accounts: previews the set's legs on every active account (nothing is sent). */
  checkAccounts(): Promise<Outcome | null> {
    const legs = this.set?.legs ?? [];
    if (legs.length === 0) {
      return Promise.resolve(failedWith(CHECK_FAILED, VerticalMessages.setEmpty));
    }
    const problem = legsProblem(legs);
    if (problem !== null) {
      return Promise.resolve(failedWith(CHECK_FAILED, problem));
    }
    return this.preflight.check(this.command(legs));
  }

  /** The place call of `legs`: every active account. */
  private command(legs: OrderSet["legs"]): PreflightCommand {
    return { method: "post", path: VerticalPaths.placeOrder, body: { allTradingAccountsOrderList: [], orderLegs: legs } };
  }
}
