// The "Option Place Order On All Active Accounts" dialog: the chain pickers, the order form and placing it.
import { makeAutoObservable, runInAction } from "mobx";
import { reasonOf } from "../../shared/api/describeError";
import { OPTION_CHAIN_TIMEOUT_MS, OptionPaths } from "../optionPaths";
import { commandOutcome, copyAnswerReason } from "../../shared/orders/CopyAnswer";
import { commandFailure } from "../../shared/commands/CommandSender";
import { parseOsiSymbol, type OsiContract } from "../../shared/orders/osiSymbol";
import { problemSentence, tickerProblem } from "../../shared/orderForm/fieldChecks";
import { filterStrikes, parseOptionChain, type ChainExpiry, type ChainStrike } from "../../shared/orderForm/OptionChain";
import type { OptionContractListStore } from "../lists/OptionContractListStore";
import { OptionMessages } from "../OptionMessages";
import { OPENING_INSTRUCTIONS, OptionOrderForm, type OrderFieldValues } from "../../shared/orderForm/OptionOrderForm";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import { incompleteSaveFields, type SavedOptionOrderStore } from "../lists/SavedOptionOrderStore";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { TierPreviewStore } from "../../shared/accounts/TierPreviewStore";
import { PlanPreviewStore, type PlanCommand } from "../../shared/planPreview/PlanPreviewStore";
import { SPLIT_TOTAL_LABEL, SplitTotal } from "../../shared/orderForm/SplitTotal";
import { CHECK_FAILED, PreflightStore, type PreflightCommand } from "../../shared/preflight/PreflightStore";
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";
import { prefillPrice } from "../../shared/quotes/Quote";
import { priceOnTick, priceTextOnTick } from "../../shared/format/priceOnTick";

/** An order being placed again: its contract as its symbol names it, and the order. */
interface ChainPrefill {
  /** What the order's option symbol says. */
  readonly contract: OsiContract;
  /** The order. */
  readonly order: PlacePrefill;
}

/** The place dialog's texts: the spec's pair, and a place's words for a partial answer. */
const PLACE_TEXTS = {
  ok: OptionMessages.placeSucceeded,
  failed: OptionMessages.placeFailed,
  kind: "place",
} as const;

/** The CALL and PUT checkboxes. */
export type OptionSide = "CALL" | "PUT";

/** An order to fill the dialog with (a saved order, or the order of a session). */
export interface PlacePrefill extends OrderFieldValues {
  /** The option symbol. */
  readonly symbol: string;
  /** The option in words. */
  readonly description: string;
}

/** What the place dialog works with besides the API client. */
export interface PlaceOrderDialogLinks {
  /** The option contract list of the left panel. */
  readonly contracts: OptionContractListStore;
  /** The saved orders, for Save order. */
  readonly savedOrders: SavedOptionOrderStore;
  /** Reloads the order and position tables after an order was placed. */
  readonly reloadTables: () => void;
}

/**
 * State of the place dialog. The right panel picks a contract from the chain (ticker, CALL or PUT, expiry,
 * strike) and fills the order; the left panel is the option contract list with Add, Remove and Save order.
 * Placing sends the order with an empty account list, i.e. to every active account.
 */
export class PlaceOrderDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** Stock Pair: the underlying's ticker, upper-cased. */
  stockPair = "";
  /** The checked side, or null when neither is. */
  side: OptionSide | null = null;
  /** The chain loaded for the ticker and side (empty until loaded). */
  chain: ChainExpiry[] = [];
  /** True while the chain is loading. */
  chainLoading = false;
  /** The chosen expiry key, or null. */
  expiryKey: string | null = null;
  /** The chosen strike, or null. */
  strike: string | null = null;
  /** What is typed in the strike type-ahead (emptied when a strike is chosen). */
  strikeQuery = "";
  /** The chosen contract's description (read-only on screen). */
  description = "";
  /** The chosen contract's symbol. */
  symbol = "";
  /** Instruction, order type, quantity (Option Contract Total) and price. */
  readonly form = new OptionOrderForm(OPENING_INSTRUCTIONS, "Option Contract Total");
  /** The ticker picked in the left panel, or null. */
  pickedContract: string | null = null;
  /** The left panel's ticker input, upper-cased. */
  contractInput = "";
  /** True while the order is being placed. */
  pending = false;
  /** True once placing was tried: a missing ticker or contract shows on its field. */
  checked = false;
  /** Tier multipliers and active accounts for the preview. */
  readonly tiers: TierPreviewStore;
  /** Split a total: one total split equally over the accounts instead of Option Contract Total. */
  readonly split = new SplitTotal();
  /** Each account's planned quantity, asked once the form is complete. */
  readonly plan: PlanPreviewStore;
  /** The fan-out mode and Check accounts. */
  readonly preflight: PreflightStore;
  /** The chosen contract's bid, ask and last, read while the dialog is open. */
  readonly quotes: QuoteFeed;

  private readonly deps: StoreDeps;
  private readonly links: PlaceOrderDialogLinks;
  /** Numbers chain requests, so the answer of an older one is dropped. */
  private chainRequests = 0;

  /**
   * @param deps The root store (API client, clock).
   * @param links The lists of the left panel and the tables' reload.
   */
  constructor(deps: StoreDeps, links: PlaceOrderDialogLinks) {
    this.deps = deps;
    this.links = links;
    this.tiers = new TierPreviewStore(deps);
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
    this.quotes = new QuoteFeed(deps, "option", () => (this.isOpen && this.symbol !== "" ? [this.symbol] : []));
    this.plan = new PlanPreviewStore(deps, "contract", () => this.planCommand);
  }

  /** The place call the plan preview asks about: null while closed or while the form cannot be sent. */
  get planCommand(): PlanCommand | null {
    if (!this.isOpen || this.symbol === "" || this.form.problems.length > 0 || this.split.problem !== null) {
      return null;
    }
    return this.command();
  }

  /** The chosen strike's entry, or null. */
  get strikeEntry(): ChainStrike | null {
    return this.strikes.find((entry) => entry.strike === this.strike) ?? null;
  }

  /** The chosen expiry, or null. */
  get expiry(): ChainExpiry | null {
    return this.chain.find((entry) => entry.key === this.expiryKey) ?? null;
  }

  /** The strikes of the chosen expiry. */
  get strikes(): readonly ChainStrike[] {
    return this.expiry?.strikes ?? [];
  }

  /** The strikes the type-ahead offers: those starting with what is typed, ignoring case. */
  get filteredStrikes(): ChainStrike[] {
    return filterStrikes(this.strikes, this.strikeQuery);
  }

  /**
   * What is wrong with Stock Pair, as shown under it: not a ticker (as soon as it is typed), or missing (once
   * placing was tried); null when nothing is.
   */
  get stockPairProblem(): string | null {
    const problem = tickerProblem(this.stockPair);
    if (problem !== null) {
      return problem;
    }
    return this.checked && this.stockPair.trim() === "" ? "Is required" : null;
  }

  /** What is wrong with the chosen contract once placing was tried with a ticker but no contract, else null. */
  get strikeProblem(): string | null {
    if (!this.checked || this.stockPairProblem !== null || this.symbol !== "") {
      return null;
    }
    return "Must be chosen: tick CALL or PUT, then pick an expiry and a strike";
  }

  /** The preview of what each tier of the active accounts gets, e.g. `Small ×1: 2 accounts → ...`. */
  get previewText(): string {
    return this.tiers.textFor(this.form.wholeQuantity);
  }

  /** Opens an empty form. */
  open(): void {
    this.clear();
    this.isOpen = true;
    void this.tiers.load();
    this.preflight.reset();
  }

  /**
   * Opens the form filled with `saved` (a saved order, or a session's order placed again), its price in cents
   * (`1.00`). When the quantity is what the account `scaledFor` was sent (its tier multiplier applied), it is
   * divided back by that multiplier once the tiers are known, unless the agent has typed another quantity by
   * then. CALL or PUT, the expiry and the strike are then picked from the order's option symbol, keeping the
   * order's price; resolves to null once they are, or to why the chain does not offer that contract (the
   * dialog then keeps the order's symbol and description).
   */
  openWith(saved: PlacePrefill, scaledFor?: number): Promise<Outcome | null> {
    const order = { ...saved, price: priceTextOnTick(saved.price, false) };
    this.clear();
    this.stockPair = underlyingOf(order.description, order.symbol);
    this.symbol = order.symbol;
    this.description = order.description;
    this.form.fill(order);
    this.isOpen = true;
    this.preflight.reset();
    void this.tiers.load().then(() => {
      if (scaledFor !== undefined) {
        this.form.unscaleQuantity(order.quantity, this.tiers.multiplierOf(scaledFor));
      }
    });
    const contract = parseOsiSymbol(order.symbol);
    if (contract === null) {
      return Promise.resolve(null);
    }
    this.side = contract.side;
    return this.loadChain({ contract, order });
  }

  /** Closes the dialog (CANCEL, backdrop); ignored while placing. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /** Sets Stock Pair (upper-cased); a different ticker forgets the chain and the chosen contract. */
  setStockPair(value: string): void {
    const ticker = value.toUpperCase();
    if (ticker !== this.stockPair) {
      this.stockPair = ticker;
      this.forgetChain();
      this.side = null;
    }
  }

  /**
   * Checks or unchecks CALL or PUT. Checking one unchecks the other and loads that side's chain; the answer
   * tells whether the chain loaded (null) or the failure text.
   */
  async setSide(side: OptionSide, checked: boolean): Promise<Outcome | null> {
    if (!checked) {
      if (this.side === side) {
        this.side = null;
        this.forgetChain();
      }
      return null;
    }
    this.side = side;
    return this.loadChain();
  }

  /** Chooses an expiry, and its first strike. */
  setExpiry(key: string): void {
    this.expiryKey = key;
    const first = this.expiry?.strikes[0];
    if (first === undefined) {
      this.strike = null;
      this.strikeQuery = "";
    } else {
      this.setStrike(first);
    }
  }

  /** Chooses a strike: description, symbol and price (its bid) follow. */
  setStrike(entry: ChainStrike): void {
    this.strike = entry.strike;
    this.strikeQuery = "";
    this.description = entry.contract.description;
    this.symbol = entry.contract.symbol;
    // A contract without a bid above 0 leaves the price empty to be typed, never a made-up 0.
    const bid = prefillPrice(entry.contract.bid);
    this.form.presetPrice(bid === null ? "" : priceOnTick(bid, false));
  }

  /** Sets what is typed in the strike type-ahead (upper-cased). */
  setStrikeQuery(value: string): void {
    this.strikeQuery = value.toUpperCase();
  }

  /** What is wrong with the left panel's ticker input (not a ticker), or null. */
  get contractInputProblem(): string | null {
    return tickerProblem(this.contractInput);
  }

  /** Sets the left panel's ticker input (upper-cased). */
  setContractInput(value: string): void {
    this.contractInput = value.toUpperCase();
  }

  /**
   * Picks a ticker of the left panel: it becomes Stock Pair and the form goes back to a new order's
   * defaults (first instruction, LIMIT, quantity 1, price 0).
   */
  pickContract(ticker: string): void {
    this.pickedContract = ticker;
    this.stockPair = ticker;
    this.side = null;
    this.forgetChain();
    this.form.reset();
  }

  /** Adds the left panel's input to the option contract list. */
  async addContract(): Promise<Outcome | null> {
    const outcome = await this.links.contracts.add(this.contractInput, "dialog");
    if (outcome?.ok === true) {
      runInAction(() => {
        this.contractInput = "";
      });
    }
    return outcome;
  }

  /** Removes the picked ticker from the option contract list. */
  async removeContract(): Promise<Outcome | null> {
    const ticker = this.pickedContract ?? "";
    const outcome = await this.links.contracts.remove(ticker, "dialog");
    if (outcome?.ok === true) {
      runInAction(() => {
        this.pickedContract = null;
      });
    }
    return outcome;
  }

  /**
   * Saves the form as a reusable order. Every field must be filled (spec 01 §5): the message names the ones
   * that are not (a 0 price, e.g. from a strike without a bid, is "Price is 0") and they are marked; a quantity
   * or price that cannot be sent is marked on its field; either way nothing is sent.
   */
  saveOrder(): Promise<Outcome> {
    const body = { optionChainSymbol: this.symbol, optionChainDescription: this.description, ...this.form.payload() };
    const missing = incompleteSaveFields(body);
    if (missing.length > 0) {
      this.checked = true;
      this.form.check();
      const what = missing.map((label) => (label === "Price" || label === "Quantity" ? `${label} is 0` : `${label} is empty`));
      return Promise.resolve(failedWith(OptionMessages.saveIncomplete, what.join(", ")));
    }
    const problem = this.form.check();
    if (problem !== null) {
      return Promise.resolve(failedWith(OptionMessages.saveFailed, problem));
    }
    return this.links.savedOrders.save(body);
  }

  /**
   * Places the order on every active account. `success` closes the dialog ("Place order successful"); an
   * answer some accounts accepted closes it too, with a warning saying how many and why the others did not; an
   * answer no account accepted, or an error, is "Place order failed" with the reason (the refused accounts grouped
   * by reason), and the dialog stays open. A missing contract or a quantity or price that cannot be sent is marked
   * on its field and nothing is sent; a press while the order is being placed sends nothing and says nothing.
   */
  async place(): Promise<Outcome> {
    if (this.pending) {
      return NOT_SENT;
    }
    this.checked = true;
    const formProblem = this.form.check();
    const problem = this.contractProblem() ?? formProblem ?? this.splitProblem();
    if (problem !== null) {
      return failedWith(OptionMessages.placeFailed, problem);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = await this.preflight.send(this.command());
      outcome = commandOutcome(answer, PLACE_TEXTS, copyAnswerReason);
    } catch (error) {
      console.error("Placing the option order failed", error);
      outcome = commandFailure(OptionMessages.placeFailed, error);
    }
    runInAction(() => {
      this.pending = false;
      if (outcome.ok) {
        this.isOpen = false;
      }
    });
    this.links.reloadTables();
    return outcome;
  }

  /**
   * Check accounts: previews the order on every active account (nothing is sent); what stops placing stops
   * checking too, marked on its field.
   */
  checkAccounts(): Promise<Outcome | null> {
    this.checked = true;
    const formProblem = this.form.check();
    const problem = this.contractProblem() ?? formProblem ?? this.splitProblem();
    if (problem !== null) {
      return Promise.resolve(failedWith(CHECK_FAILED, problem));
    }
    return this.preflight.check(this.command());
  }

  /** The place call of the form: every active account. */
  private command(): PreflightCommand {
    return {
      method: "post",
      path: OptionPaths.placeOrder,
      body: {
        allTradingAccountsOrderList: [],
        optionChainSymbol: this.symbol,
        ...this.form.payload(),
        ...this.split.payload(),
      },
    };
  }

  /** The sentence naming Split a total when what is typed there cannot be sent, or null. */
  private splitProblem(): string | null {
    const helper = this.split.problem;
    return helper === null ? null : problemSentence({ label: SPLIT_TOTAL_LABEL, helper });
  }

  /** The sentence naming the first of Stock Pair and Strike Price that stops placing, or null. */
  private contractProblem(): string | null {
    if (this.stockPairProblem !== null) {
      return problemSentence({ label: "Stock Pair", helper: this.stockPairProblem });
    }
    return this.strikeProblem === null ? null : problemSentence({ label: "Strike Price", helper: this.strikeProblem });
  }

  /**
   * Loads the chain of Stock Pair and the checked side and picks its first expiry and strike, or, for an
   * order being placed again, that order's contract at the order's price.
   */
  private async loadChain(prefill?: ChainPrefill): Promise<Outcome | null> {
    const side = this.side;
    const ticker = this.stockPair.trim();
    // Forgetting the old chain also makes any answer still on its way stale.
    this.forgetChain();
    const request = this.chainRequests;
    const keepOrder = () => {
      if (prefill !== undefined) {
        this.symbol = prefill.order.symbol;
        this.description = prefill.order.description;
      }
    };
    keepOrder();
    const tickerWrong = tickerProblem(ticker);
    if (tickerWrong !== null) {
      return failedWith(OptionMessages.chainFailed, problemSentence({ label: "Stock Pair", helper: tickerWrong }));
    }
    if (ticker === "" || side === null) {
      return failed(OptionMessages.chainFailed);
    }
    this.chainLoading = true;
    let chain: ChainExpiry[] | null = null;
    let reason: string | null = null;
    try {
      chain = parseOptionChain(
        await this.deps.api.get(
          OptionPaths.optionChain,
          { optionContractTickerName: ticker, optionChainCallPut: side },
          { timeoutMs: OPTION_CHAIN_TIMEOUT_MS },
        ),
      );
    } catch (error) {
      console.error("Loading the option chain failed", error);
      reason = reasonOf(error);
    }
    return runInAction(() => {
      if (request !== this.chainRequests) {
        return null;
      }
      this.chainLoading = false;
      const first = chain?.[0];
      if (chain === null || first === undefined) {
        return failedWith(OptionMessages.chainFailed, reason);
      }
      if (prefill === undefined) {
        this.chain = chain;
        this.setExpiry(first.key);
        return null;
      }
      const { contract, order } = prefill;
      const expiry = chain.find((entry) => entry.key.split(":")[0] === contract.expiry);
      const strike = expiry?.strikes.find((entry) => Number(entry.strike) === contract.strike);
      if (expiry === undefined || strike === undefined) {
        return failedWith(OptionMessages.chainFailed, `${order.description} is not in the option chain`);
      }
      this.chain = chain;
      this.expiryKey = expiry.key;
      this.setStrike(strike);
      this.form.presetPrice(order.price);
      return null;
    });
  }

  private forgetChain(): void {
    this.chainRequests += 1;
    this.chainLoading = false;
    this.chain = [];
    this.expiryKey = null;
    this.strike = null;
    this.strikeQuery = "";
    this.description = "";
    this.symbol = "";
  }

  private clear(): void {
    this.checked = false;
    this.stockPair = "";
    this.side = null;
    this.forgetChain();
    this.pickedContract = null;
    this.contractInput = "";
    this.form.reset();
    this.split.reset();
  }
}

/** The underlying's ticker of an option: the first word of its description, else the symbol's root. */
function underlyingOf(description: string, symbol: string): string {
  const fromDescription = description.trim().split(/\s+/)[0] ?? "";
  if (fromDescription !== "") {
    return fromDescription.toUpperCase();
  }
  return (symbol.trim().split(/\s+/)[0] ?? "").toUpperCase();
}
