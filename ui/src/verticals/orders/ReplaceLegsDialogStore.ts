// The Replace Individual Order Legs dialog: each replaceable leg with new fields, chosen by account order.
import { makeAutoObservable, observable, runInAction } from "mobx";
import { commandOutcome } from "../../shared/orders/CopyAnswer";
import { commandFailure } from "../../shared/commands/CommandSender";
import { NOTHING_TO_CHANGE, samePrice, saysNothingToChange, sentNumber } from "../../shared/orders/nothingToChange";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { CHECK_FAILED, PreflightStore, type PreflightCommand } from "../../shared/preflight/PreflightStore";
import { legsProblem, netOf, netText, type NetPrice } from "../OrderLeg";
import { VerticalMessages, withReason } from "../VerticalMessages";
import { VerticalPaths } from "../verticalPaths";
import { draftsOf, type LegDraft } from "./LegDraft";
import { legsCheck } from "./legsCheck";
import { leftOutAccounts, notReplacedText, type LeftOutAccount } from "../../shared/orders/notReplaced";
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";
import { priceProblem } from "../../shared/orderForm/fieldChecks";
import { plainNumberText } from "../../shared/orderForm/numberText";
import { priceOnTick } from "../../shared/format/priceOnTick";
import { canReplaceLeg, orderKey, type VerticalOrderRow, type VerticalSession } from "./VerticalOrderRow";

/**
 * Lists the session's legs that may be replaced (WORKING, QUEUED, PENDING_ACTIVATION or REPLACED), each
 * with its new instruction, order type, quantity (that account's spreads, as shown) and price. A leg is
 * chosen with its account's whole order, since the server replaces each account's vertical as one order:
 * every leg of a chosen order is sent, each with the terms shown. The legs start at the order's own net
 * ({@link draftsOf}), never at prices read from the quotes, so an order whose prices are left alone is sent
 * at its own net, and the new net shown is the one sent.
 */
export class ReplaceLegsDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** True while the replacement is in flight. */
  pending = false;
  /** The session replaced. */
  sessionId = 0;
  /** The replaceable legs with their new fields. */
  drafts: LegDraft[] = [];
  /** The session's accounts with a leg that cannot be replaced (final, or no order id yet), and why. */
  leftOut: LeftOutAccount[] = [];
  /** Keys of the chosen account orders. */
  readonly chosen = observable.set<string>();
  /** The fan-out mode and Check accounts. */
  readonly preflight: PreflightStore;
  /** The chosen legs' terms last refused as changing nothing (marked while they are the same), or null. */
  refusedTerms: string | null = null;
  /** The "Set every net to" field, as typed. */
  everyNet = "";
  /** Why the "Set every net to" field cannot be applied, or null. */
  everyNetProblem: string | null = null;

  /** The legs' bid, ask and last, read while the dialog is open (shown only: they never price a leg). */
  readonly quotes: QuoteFeed;

  private readonly reloadTables: () => void;

  /**
   * @param deps The root store (API client).
   * @param reloadTables Polls the tables again after the call.
   */
  constructor(deps: StoreDeps, reloadTables: () => void) {
    this.reloadTables = reloadTables;
    this.preflight = new PreflightStore(deps);
    makeAutoObservable<this, "reloadTables">(
      this,
      { reloadTables: false, quotes: false, preflight: false },
      { autoBind: true },
    );
    this.quotes = new QuoteFeed(deps, "option", () =>
      this.isOpen ? this.drafts.map((draft) => draft.row.optionChainSymbol) : [],
    );
  }

  /**
   * Opens the dialog on `session`'s replaceable legs, with the orders of `preselected` chosen; the legs left out
   * are named with their account and why (`leftOut`, "Not replaced: …").
   */
  open(session: VerticalSession, preselected: readonly VerticalOrderRow[] = session.rows): void {
    if (this.pending) {
      return;
    }
    this.sessionId = session.id;
    const legs = session.rows.filter(canReplaceLeg);
    this.leftOut = leftOutAccounts(session.rows, legs, {
      nameOf: (row) => row.accountName,
      hasOrderId: (row) => row.optionChainOrderId !== null,
      liveStatusOf: (row) => row.optionChainStatus,
    });
    this.drafts = draftsOf(legs);
    this.chosen.clear();
    const replaceable = new Set(this.drafts.map((draft) => draft.orderKey));
    for (const row of preselected) {
      if (replaceable.has(orderKey(row))) {
        this.chosen.add(orderKey(row));
      }
    }
    this.isOpen = true;
    this.refusedTerms = null;
    this.everyNet = "";
    this.everyNetProblem = null;
    this.preflight.reset();
  }

  /** Which of the session's accounts are not replaced and why ("Not replaced: Big C (FILLED)"), or null. */
  get notReplaced(): string | null {
    return notReplacedText(this.leftOut);
  }

  /** True while the chosen legs hold terms refused as changing nothing: every order already has them. */
  get nothingToChange(): boolean {
    return this.refusedTerms !== null && this.refusedTerms === this.chosenTerms;
  }

  /** The chosen legs as they would be sent. */
  private get chosenTerms(): string {
    return JSON.stringify(this.chosenDrafts.map((draft) => draft.replacement));
  }

  /** Closes the dialog; ignored while replacing. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /** Whether `draft`'s order is chosen. */
  isChosen(draft: LegDraft): boolean {
    return this.chosen.has(draft.orderKey);
  }

  /** Ticks or unticks `draft` with its sibling legs. */
  setChosen(draft: LegDraft, chosen: boolean): void {
    if (chosen) {
      this.chosen.add(draft.orderKey);
    } else {
      this.chosen.delete(draft.orderKey);
    }
  }

  /** The chosen legs. */
  get chosenDrafts(): LegDraft[] {
    return this.drafts.filter((draft) => this.chosen.has(draft.orderKey));
  }

  /** Types into the "Set every net to" field. */
  setEveryNet(text: string): void {
    this.everyNet = text;
    this.everyNetProblem = null;
  }

  /**
   * Gives every order of the dialog the net typed in "Set every net to" at once: its first leg, which carries
   * the order's net, takes the price and its other legs 0.00, so each order keeps its debit or credit and is
   * sent at that net (a single-leg order at that price). A price that is not one is marked and changes nothing.
   */
  applyEveryNet(): void {
    const problem = priceProblem(this.everyNet, true);
    if (problem !== null) {
      this.everyNetProblem = `Set every net to: ${problem}`;
      return;
    }
    const price = priceOnTick(Number(plainNumberText(this.everyNet)), false);
    for (const draft of this.drafts) {
      if (draft.form.orderType === "MARKET") {
        continue;
      }
      draft.form.setPrice(draft.row.optionChainLegIndex === 0 ? price : priceOnTick(0, false));
    }
    this.everyNetProblem = null;
  }

  /**
   * What the order `key` is sent at, in words: a spread's net (`NET_DEBIT 1.20`), or a single-leg order's own
   * type and price (`LIMIT 50.00`, `MARKET`), never a net it does not have; a dash while it cannot be worked out.
   */
  newPriceText(key: string): string {
    const legs = this.drafts.filter((draft) => draft.orderKey === key);
    const [only] = legs;
    if (legs.length === 1 && only !== undefined) {
      const { orderType, price } = only.form;
      const value = Number(plainNumberText(price));
      if (orderType === "MARKET") {
        return "MARKET";
      }
      return price.trim() === "" || Number.isNaN(value) ? "—" : `${orderType} ${value.toFixed(2)}`;
    }
    return netText(this.netOfOrder(key));
  }

  /** The new net of the order `key`, from its legs' new prices: what is sent for it. */
  netOfOrder(key: string): NetPrice | null {
    return netOf(this.drafts.filter((draft) => draft.orderKey === key).map((draft) => draft.leg));
  }

  /** Why the order `key` cannot be sent as shown (its legs differ in order type or quantity), or null. */
  orderProblem(key: string): string | null {
    return legsProblem(this.drafts.filter((draft) => draft.orderKey === key).map((draft) => draft.leg));
  }

  /**
   * Sends the chosen orders' legs with their new fields; `success` closes the dialog, and so does an answer some
   * accounts accepted (a warning saying how many and why the others did not). A leg whose quantity or price
   * cannot be sent, or an order whose legs differ in order type or quantity, is refused naming the leg and its
   * account, and nothing is sent; a press while the legs are being sent sends nothing.
   */
  async submit(): Promise<Outcome> {
    const chosen = this.chosenDrafts;
    if (chosen.length === 0) {
      return failed(VerticalMessages.selectLegToReplace);
    }
    if (this.pending) {
      return NOT_SENT;
    }
    const problem = legsCheck(chosen);
    if (problem !== null) {
      return failed(withReason(VerticalMessages.replaceFailed, problem));
    }
    const terms = this.chosenTerms;
    if (this.changesNothing(chosen)) {
      this.refusedTerms = terms;
      return failed(withReason(VerticalMessages.replaceFailed, NOTHING_TO_CHANGE));
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = await this.preflight.send(this.command(chosen));
      outcome = commandOutcome(answer, {
        ok: VerticalMessages.replaceSucceeded,
        failed: VerticalMessages.replaceFailed,
        kind: "replace",
      });
    } catch (error) {
      console.error("Replacing the vertical legs failed", error);
      outcome = commandFailure(VerticalMessages.replaceFailed, error);
      if (saysNothingToChange(error)) {
        runInAction(() => {
          this.refusedTerms = terms;
        });
      }
    }
    this.finish(outcome);
    return outcome;
  }

  /**
   * Check accounts: previews each chosen order's replacement on its account (nothing is sent); terms every order
   * already has are refused as "nothing to change" without asking.
   */
  checkAccounts(): Promise<Outcome | null> {
    const chosen = this.chosenDrafts;
    if (chosen.length === 0) {
      return Promise.resolve(failedWith(CHECK_FAILED, VerticalMessages.selectLegToReplace));
    }
    const problem = legsCheck(chosen);
    if (problem !== null) {
      return Promise.resolve(failedWith(CHECK_FAILED, problem));
    }
    if (this.changesNothing(chosen)) {
      this.refusedTerms = this.chosenTerms;
      return Promise.resolve(failedWith(CHECK_FAILED, NOTHING_TO_CHANGE));
    }
    return this.preflight.check(this.command(chosen));
  }

  /**
   * Whether every chosen order would be sent its own terms: each leg its instruction and quantity, the order its
   * order type and net (a single-leg order its price). False when an order is REPLACED (its row is not its live
   * order: the server decides).
   */
  private changesNothing(chosen: readonly LegDraft[]): boolean {
    const keys = Array.from(new Set(chosen.map((draft) => draft.orderKey)));
    return keys.every((key) => {
      const legs = this.drafts.filter((draft) => draft.orderKey === key);
      const [first] = legs;
      if (first === undefined || legs.some((draft) => draft.row.optionChainStatus === "REPLACED")) {
        return false;
      }
      const sameLegs = legs.every(
        (draft) =>
          draft.form.instruction === draft.row.optionChainInstruction &&
          sentNumber(draft.form.payload().optionChainQuantity) === draft.row.optionChainQuantity,
      );
      const own = first.row;
      if (!sameLegs) {
        return false;
      }
      if (legs.length === 1) {
        const fields = first.form.payload();
        return (
          fields.optionChainOrderType === own.optionChainOrderType &&
          (fields.optionChainOrderType !== "LIMIT" || samePrice(sentNumber(fields.optionChainPrice), own.optionChainPrice))
        );
      }
      const net = this.netOfOrder(key);
      return (
        net !== null &&
        net.type === own.optionChainOrderType &&
        (net.type === "MARKET" || samePrice(net.price, own.optionChainPrice))
      );
    });
  }

  /** The replace call of the `chosen` legs. */
  private command(chosen: readonly LegDraft[]): PreflightCommand {
    return {
      method: "put",
      path: VerticalPaths.replaceLegs,
      body: { agentTradingSessionID: this.sessionId, legsToUpdate: chosen.map((draft) => draft.replacement) },
    };
  }

  private finish(outcome: Outcome): void {
    this.pending = false;
    if (outcome.ok) {
      this.isOpen = false;
    }
    this.reloadTables();
  }
}
