// The Multi-Leg Order Entry dialog: legs picked from the option chain, staged, then placed or saved as a set.
import { makeAutoObservable, runInAction } from "mobx";
import { describeError } from "../../shared/api/describeError";
import { commandOutcome } from "../../shared/orders/CopyAnswer";
import { commandFailure } from "../../shared/commands/CommandSender";
import { OPENING_INSTRUCTIONS, OptionOrderForm } from "../../shared/orderForm/OptionOrderForm";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { TierPreviewStore } from "../../shared/accounts/TierPreviewStore";
import { PlanPreviewStore, type PlanCommand } from "../../shared/planPreview/PlanPreviewStore";
import { SPLIT_TOTAL_LABEL, SplitTotal } from "../../shared/orderForm/SplitTotal";
import { CHECK_FAILED, PreflightStore, type PreflightCommand } from "../../shared/preflight/PreflightStore";
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";
import { prefillPrice } from "../../shared/quotes/Quote";
import { priceOnTick } from "../../shared/format/priceOnTick";
import { parseOptionChain, type ChainExpiry, type ChainStrike } from "../../shared/orderForm/OptionChain";
import { legFromTexts, legsProblem, netOf, type NetPrice, type OrderLeg } from "../OrderLeg";
import { problemSentence } from "../../shared/orderForm/fieldChecks";
import type { OrderSetStore } from "../sets/OrderSetStore";
import { VERTICAL_CHAIN_TIMEOUT_MS, VerticalPaths } from "../verticalPaths";
import { VerticalMessages, withReason } from "../VerticalMessages";

/** CALL or PUT. */
export type ChainSide = "CALL" | "PUT";

/** What the entry works with besides the API client. */
export interface MultiLegEntryLinks {
  /** The saved sets, for Save set. */
  readonly sets: OrderSetStore;
  /** Polls the tables again after an order was placed. */
  readonly reloadTables: () => void;
}

/**
 * A ticker and side load the chain; an expiry and strike pick the contract, whose bid becomes the price;
 * instruction (BUY_TO_OPEN or SELL_TO_OPEN), order type, quantity (1) and price make the leg, which "Add
 * leg" stages. The staged legs' net (Σ buy − Σ sell) and the spreads per tier are shown before sending;
 * Place set sends them to every active account, Save set asks for a name first.
 */
export class MultiLegEntryStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** The underlying's ticker, upper-cased. */
  ticker = "";
  /** The side whose chain is loaded, or null. */
  side: ChainSide | null = null;
  /** The chain of the ticker and side (empty until loaded). */
  chain: ChainExpiry[] = [];
  /** True while the chain is loading. */
  chainLoading = false;
  /** The chosen expiry key, or null. */
  expiryKey: string | null = null;
  /** The chosen strike, or null. */
  strike: string | null = null;
  /** Instruction, order type, quantity and price of the next leg. */
  readonly form = new OptionOrderForm(OPENING_INSTRUCTIONS, "Quantity", true);
  /** The staged legs, in the order added. */
  legs: OrderLeg[] = [];
  /** True while the set is being placed. */
  pending = false;
  /** Whether the set-name prompt is open. */
  namePromptOpen = false;
  /** The name typed in the prompt. */
  setName = "";
  /** Tier multipliers and active accounts for the preview. */
  readonly tiers: TierPreviewStore;
  /** Split a total: one number of spreads split equally over the accounts instead of the legs' quantity. */
  readonly split = new SplitTotal();
  /** Each account's planned spreads, asked once the staged legs are one spread. */
  readonly plan: PlanPreviewStore;
  /** The fan-out mode and Check accounts. */
  readonly preflight: PreflightStore;
  /** The bid, ask and last of the picked contract and the staged legs, read while the dialog is open. */
  readonly quotes: QuoteFeed;

  private readonly deps: StoreDeps;
  private readonly links: MultiLegEntryLinks;
  private chainRequests = 0;

  /**
   * @param deps The root store (API client).
   * @param links The saved sets and the tables' reload.
   */
  constructor(deps: StoreDeps, links: MultiLegEntryLinks) {
    this.deps = deps;
    this.links = links;
    this.tiers = new TierPreviewStore(deps, "spread");
    this.preflight = new PreflightStore(deps);
    makeAutoObservable<this, "deps" | "links" | "chainRequests">(
      this,
      {
        deps: false,
        links: false,
        chainRequests: false,
        form: false,
        tiers: false,
        quotes: false,
        preflight: false,
        split: false,
        plan: false,
      },
      { autoBind: true },
    );
    this.quotes = new QuoteFeed(deps, "option", () => (this.isOpen ? this.quotedEntries.map((entry) => entry.symbol) : []));
    this.plan = new PlanPreviewStore(deps, "spread", () => this.planCommand);
  }

  /** The contracts quoted: the staged legs in their order, then the picked one (the next leg), each once. */
  get quotedEntries(): { readonly symbol: string; readonly label: string }[] {
    const picked = this.strikeEntry?.contract;
    const entries = [
      ...this.legs.map((leg) => ({ symbol: leg.optionChainSymbol, label: leg.optionChainDescription })),
      ...(picked === undefined ? [] : [{ symbol: picked.symbol, label: picked.description }]),
    ];
    const seen = new Set<string>();
    return entries.filter((entry) => !seen.has(entry.symbol) && seen.add(entry.symbol) !== undefined);
  }

  /** The chosen expiry, or null. */
  get expiry(): ChainExpiry | null {
    return this.chain.find((entry) => entry.key === this.expiryKey) ?? null;
  }

  /** The strikes of the chosen expiry. */
  get strikes(): readonly ChainStrike[] {
    return this.expiry?.strikes ?? [];
  }

  /** The chosen strike's entry (its contract), or null. */
  get strikeEntry(): ChainStrike | null {
    return this.strikes.find((entry) => entry.strike === this.strike) ?? null;
  }

  /** The net of the staged legs. */
  get net(): NetPrice | null {
    return netOf(this.legs);
  }

  /** Why the staged legs are not one spread (their order types or quantities differ), or null. */
  get legsProblem(): string | null {
    return legsProblem(this.legs);
  }

  /**
   * What is wrong with the next leg's order type, shown under it: a spread is one order with one order type,
   * so once legs are staged the next one must have theirs. Null when it does, or nothing is staged.
   */
  get orderTypeProblem(): string | null {
    const staged = this.legs[0]?.optionChainOrderType;
    if (staged === undefined || staged === this.form.orderType) {
      return null;
    }
    return `Must be ${staged} like the staged legs: a spread is one order at one net price`;
  }

  /**
   * The place call of the staged legs the plan preview asks about: null while closed, with no leg staged, or while
   * the legs are not one spread or Split a total cannot be sent.
   */
  get planCommand(): PlanCommand | null {
    if (!this.isOpen || this.legs.length === 0 || this.legsProblem !== null || this.split.problem !== null) {
      return null;
    }
    return this.command();
  }

  /** The sentence naming Split a total when what is typed there cannot be sent, or null. */
  private splitProblem(): string | null {
    const helper = this.split.problem;
    return helper === null ? null : problemSentence({ label: SPLIT_TOTAL_LABEL, helper });
  }

  /** The per-tier spreads of the first staged leg's quantity (or the form's when none is staged). */
  get previewText(): string {
    const staged = this.legs[0]?.optionChainQuantity;
    const quantity =
      staged === undefined
        ? this.form.wholeQuantity
        : typeof staged === "number" && Number.isInteger(staged) && staged > 0
          ? staged
          : null;
    return this.tiers.textFor(quantity);
  }

  /** Opens an empty entry. */
  open(): void {
    this.clear();
    this.isOpen = true;
    void this.tiers.load();
    this.preflight.reset();
  }

  /** Opens the entry with `leg` already staged (a saved option order placed from its list). */
  openWithLeg(leg: OrderLeg): void {
    this.open();
    this.legs = [leg];
    this.ticker = (leg.optionChainDescription.trim().split(/\s+/)[0] ?? "").toUpperCase();
  }

  /** Closes the dialog; ignored while placing. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
      this.namePromptOpen = false;
    }
  }

  /** Sets the ticker (upper-cased); another ticker forgets the chain. */
  setTicker(value: string): void {
    const ticker = value.toUpperCase();
    if (ticker !== this.ticker) {
      this.ticker = ticker;
      this.side = null;
      this.forgetChain();
    }
  }

  /** Loads `side`'s chain of the ticker; the answer is null when it loaded, else "Failed to get option chain.". */
  async setSide(side: ChainSide): Promise<Outcome | null> {
    this.side = side;
    const ticker = this.ticker.trim();
    this.forgetChain();
    const request = this.chainRequests;
    if (ticker === "") {
      return failed(VerticalMessages.chainFailed);
    }
    this.chainLoading = true;
    let chain: ChainExpiry[] | null = null;
    let reason = "";
    try {
      chain = parseOptionChain(
        await this.deps.api.get(
          VerticalPaths.optionChain,
          { optionContractTickerName: ticker, optionChainCallPut: side },
          { timeoutMs: VERTICAL_CHAIN_TIMEOUT_MS },
        ),
      );
    } catch (error) {
      console.error("Loading the option chain failed", error);
      reason = describeError(error);
    }
    return runInAction(() => {
      if (request !== this.chainRequests) {
        return null;
      }
      this.chainLoading = false;
      const first = chain?.[0];
      if (chain === null || first === undefined) {
        return failed(withReason(VerticalMessages.chainFailed, reason));
      }
      this.chain = chain;
      this.setExpiry(first.key);
      return null;
    });
  }

  /** Chooses an expiry and its first strike. */
  setExpiry(key: string): void {
    this.expiryKey = key;
    const first = this.expiry?.strikes[0];
    if (first === undefined) {
      this.strike = null;
    } else {
      this.setStrike(first.strike);
    }
  }

  /** Chooses a strike; the price becomes its bid (empty when it has none). */
  setStrike(strike: string): void {
    this.strike = strike;
    const entry = this.strikeEntry;
    if (entry !== null) {
      // A contract without a bid above 0 leaves the price empty to be typed, never a made-up 0.
      const bid = prefillPrice(entry.contract.bid);
      this.form.setPrice(bid === null ? "" : priceOnTick(bid, false));
    }
  }

  /**
   * Stages the form as a leg of the chosen contract; without one, "Please select a valid option contract
   * first.". A leg whose order type or quantity differs from the staged legs', or whose quantity or price
   * cannot be sent, is refused with the field named, and nothing is staged.
   */
  addLeg(): Outcome | null {
    const entry = this.strikeEntry;
    if (entry === null) {
      return failed(VerticalMessages.selectContract);
    }
    const orderType = this.orderTypeProblem;
    if (orderType !== null) {
      return failed(problemSentence({ label: "Order Type", helper: orderType }));
    }
    const field = this.form.check();
    if (field !== null) {
      return failed(field);
    }
    const staged = this.legs[0]?.optionChainQuantity;
    if (staged !== undefined && String(staged) !== String(this.form.wholeQuantity)) {
      return failed(
        `Quantity must be ${String(staged)} like the staged legs: every leg of a spread has the same quantity`,
      );
    }
    this.legs.push(
      legFromTexts(
        entry.contract.symbol,
        entry.contract.description,
        this.form.instruction,
        this.form.orderType,
        this.form.quantity,
        this.form.price,
      ),
    );
    return null;
  }

  /** Removes the staged leg at `index`. */
  removeLeg(index: number): void {
    this.legs.splice(index, 1);
  }

  /**
   * Places the staged legs on every active account; `success` closes the dialog and clears the legs, and so does
   * an answer some accounts accepted (a warning saying how many and why the others did not). Legs that are not
   * one spread (order types or quantities differ) are refused and nothing is sent; a press while the order is
   * being placed sends nothing.
   */
  async place(): Promise<Outcome> {
    if (this.legs.length === 0) {
      return failed(VerticalMessages.noLegsToPlace);
    }
    if (this.pending) {
      return NOT_SENT;
    }
    const problem = this.legsProblem ?? this.splitProblem();
    if (problem !== null) {
      return failed(VerticalMessages.placeFailedWith + problem);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = await this.preflight.send(this.command());
      outcome = commandOutcome(answer, {
        ok: VerticalMessages.placeSucceeded,
        failed: VerticalMessages.placeFailed,
        kind: "place",
      });
    } catch (error) {
      console.error("Placing the vertical order failed", error);
      outcome = commandFailure(VerticalMessages.placeFailed, error);
    }
    runInAction(() => {
      this.pending = false;
      if (outcome.ok) {
        this.legs = [];
        this.isOpen = false;
      }
    });
    this.links.reloadTables();
    return outcome;
  }

  /** Save set: asks for the set's name, or says there is nothing to save. */
  askSave(): Outcome | null {
    if (this.legs.length === 0) {
      return failed(VerticalMessages.noLegsToSave);
    }
    this.setName = "";
    this.namePromptOpen = true;
    return null;
  }

  /** Sets the name typed in the prompt. */
  setSetName(value: string): void {
    this.setName = value;
  }

  /** Cancelling the prompt saves nothing. */
  cancelSave(): void {
    this.namePromptOpen = false;
  }

  /** OK in the prompt: saves the staged legs under the typed name (an empty name keeps the prompt open). */
  async confirmSave(): Promise<Outcome | null> {
    const name = this.setName.trim();
    if (name === "") {
      return null;
    }
    const outcome = await this.links.sets.save(name, this.legs);
    if (outcome.ok) {
      runInAction(() => {
        this.namePromptOpen = false;
      });
    }
    return outcome;
  }

  private forgetChain(): void {
    this.chainRequests += 1;
    this.chainLoading = false;
    this.chain = [];
    this.expiryKey = null;
    this.strike = null;
  }

  private clear(): void {
    this.ticker = "";
    this.side = null;
    this.forgetChain();
    this.form.reset();
    this.legs = [];
    this.namePromptOpen = false;
    this.setName = "";
    this.split.reset();
  }

  /** Check accounts: previews the staged legs on every active account (nothing is sent). */
  checkAccounts(): Promise<Outcome | null> {
    if (this.legs.length === 0) {
      return Promise.resolve(failedWith(CHECK_FAILED, VerticalMessages.noLegsToPlace));
    }
    const problem = this.legsProblem ?? this.splitProblem();
    if (problem !== null) {
      return Promise.resolve(failedWith(CHECK_FAILED, problem));
    }
    return this.preflight.check(this.command());
  }

  /** The place call of the staged legs: every active account. */
  private command(): PreflightCommand {
    return {
      method: "post",
      path: VerticalPaths.placeOrder,
      body: { allTradingAccountsOrderList: [], orderLegs: this.legs, ...this.split.payload() },
    };
  }
}
