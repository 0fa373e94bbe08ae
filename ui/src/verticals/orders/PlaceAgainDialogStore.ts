// The Re-place Vertical Order Legs dialog: a session's legs placed again as a new order on every active account.
import { makeAutoObservable, observable, reaction, runInAction } from "mobx";
import { commandOutcome } from "../../shared/orders/CopyAnswer";
import { commandFailure } from "../../shared/commands/CommandSender";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { TierPreviewStore } from "../../shared/accounts/TierPreviewStore";
import { PlanPreviewStore, type PlanCommand } from "../../shared/planPreview/PlanPreviewStore";
import { CHECK_FAILED, PreflightStore, type PreflightCommand } from "../../shared/preflight/PreflightStore";
import { legsProblem, netOf, type NetPrice } from "../OrderLeg";
import { VerticalMessages } from "../VerticalMessages";
import { VerticalPaths } from "../verticalPaths";
import { draftsOf, priceLegsFromQuotes, type LegDraft } from "./LegDraft";
import { legsCheck } from "./legsCheck";
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";
import { legKey, sessionLegs, type VerticalSession } from "./VerticalOrderRow";

/**
 * The legs of the session's first account order, all chosen, with editable fields. Their quantity starts
 * from that account's spreads divided by its tier multiplier, since the server multiplies again per tier.
 */
export class PlaceAgainDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** True while the order is being placed. */
  pending = false;
  /** The session placed again. */
  sessionId = 0;
  /** The legs with their fields. */
  drafts: LegDraft[] = [];
  /** Keys of the chosen legs. */
  readonly chosen = observable.set<string>();
  /** Tier multipliers and active accounts for the preview. */
  readonly tiers: TierPreviewStore;
  /** Each account's planned spreads, asked once the chosen legs can be sent. */
  readonly plan: PlanPreviewStore;
  /** The fan-out mode and Check accounts. */
  readonly preflight: PreflightStore;

  /** The legs' bid, ask and last, read while the dialog is open. */
  readonly quotes: QuoteFeed;

  /** The orders whose legs were priced from the quotes since the dialog opened. */
  private readonly priced = new Set<string>();
  private readonly reloadTables: () => void;

  /**
   * @param deps The root store (API client).
   * @param reloadTables Polls the tables again after the call.
   */
  constructor(deps: StoreDeps, reloadTables: () => void) {
    this.reloadTables = reloadTables;
    this.tiers = new TierPreviewStore(deps, "spread");
    this.preflight = new PreflightStore(deps);
    makeAutoObservable<this, "reloadTables" | "priced">(
      this,
      { reloadTables: false, tiers: false, quotes: false, preflight: false, priced: false, plan: false },
      { autoBind: true },
    );
    this.quotes = new QuoteFeed(deps, "option", () =>
      this.isOpen ? this.drafts.map((draft) => draft.row.optionChainSymbol) : [],
    );
    this.plan = new PlanPreviewStore(deps, "spread", () => this.planCommand);
    reaction(
      () => (this.isOpen ? this.drafts.map((draft) => this.quotes.quoteOf(draft.row.optionChainSymbol)) : []),
      () => {
        priceLegsFromQuotes(this.drafts, this.quotes.quoteOf, this.priced);
      },
    );
  }

  /** Opens the dialog with `session`'s legs, all chosen. */
  open(session: VerticalSession): void {
    const legs = sessionLegs(session);
    const first = legs[0];
    if (first === undefined || this.pending) {
      return;
    }
    this.sessionId = session.id;
    this.priced.clear();
    this.drafts = draftsOf(legs);
    this.chosen.replace(legs.map(legKey));
    this.isOpen = true;
    this.preflight.reset();
    void this.tiers.load().then(() => {
      runInAction(() => {
        for (const draft of this.drafts) {
          draft.form.unscaleQuantity(String(draft.row.optionChainQuantity), this.tiers.multiplierOf(first.accountId));
        }
      });
    });
  }

  /** Closes the dialog; ignored while placing. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /** Whether `draft` is chosen. */
  isChosen(draft: LegDraft): boolean {
    return this.chosen.has(legKey(draft.row));
  }

  /** Ticks or unticks `draft`. */
  setChosen(draft: LegDraft, chosen: boolean): void {
    if (chosen) {
      this.chosen.add(legKey(draft.row));
    } else {
      this.chosen.delete(legKey(draft.row));
    }
  }

  /** The chosen legs. */
  get chosenDrafts(): LegDraft[] {
    return this.drafts.filter((draft) => this.isChosen(draft));
  }

  /** The net of the chosen legs. */
  get net(): NetPrice | null {
    return netOf(this.chosenDrafts.map((draft) => draft.leg));
  }

  /**
   * The place call of the chosen legs the plan preview asks about: null while closed, with no leg chosen, or while
   * a chosen leg cannot be sent or the legs are not one spread.
   */
  get planCommand(): PlanCommand | null {
    const chosen = this.chosenDrafts;
    if (
      !this.isOpen ||
      chosen.length === 0 ||
      chosen.some((draft) => draft.form.problems.length > 0) ||
      legsProblem(chosen.map((draft) => draft.leg)) !== null
    ) {
      return null;
    }
    return this.command(chosen);
  }

  /** The per-tier spreads of the first chosen leg's quantity on the active accounts. */
  get previewText(): string {
    return this.tiers.textFor(this.chosenDrafts[0]?.form.wholeQuantity ?? null);
  }

  /**
   * Places the chosen legs as a new order; `success` closes the dialog, and so does an answer some accounts
   * accepted (a warning saying how many and why the others did not). A leg that cannot be sent, or legs that
   * differ in order type or quantity, are refused naming the leg, and nothing is sent; a press while the order is
   * being placed sends nothing.
   */
  async submit(): Promise<Outcome> {
    const chosen = this.chosenDrafts;
    if (chosen.length === 0) {
      return failed(VerticalMessages.selectLegToPlace);
    }
    if (this.pending) {
      return NOT_SENT;
    }
    const problem = legsCheck(chosen);
    if (problem !== null) {
      return failed(VerticalMessages.legsPlaceFailed + problem);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = await this.preflight.send(this.command(chosen));
      outcome = commandOutcome(answer, {
        ok: VerticalMessages.legsPlaced,
        failed: VerticalMessages.legsPlaceFailed,
        kind: "place",
      });
    } catch (error) {
      console.error("Placing the vertical legs again failed", error);
      outcome = commandFailure(VerticalMessages.legsPlaceFailed, error);
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

  /** Check accounts: previews the chosen legs on every active account (nothing is sent). */
  checkAccounts(): Promise<Outcome | null> {
    const chosen = this.chosenDrafts;
    if (chosen.length === 0) {
      return Promise.resolve(failedWith(CHECK_FAILED, VerticalMessages.selectLegToPlace));
    }
    const problem = legsCheck(chosen);
    if (problem !== null) {
      return Promise.resolve(failedWith(CHECK_FAILED, problem));
    }
    return this.preflight.check(this.command(chosen));
  }

  /** The place call of the `chosen` legs: every active account. */
  private command(chosen: readonly LegDraft[]): PreflightCommand {
    return {
      method: "post",
      path: VerticalPaths.placeOrder,
      body: { allTradingAccountsOrderList: [], orderLegs: chosen.map((draft) => draft.leg) },
    };
  }
}
