// The stock order dialog: place (all accounts or a session's), replace (checked or one order), exit, and save.
import { notReplacedText, type LeftOutAccount } from "../../shared/orders/notReplaced";
import { makeAutoObservable, reaction, runInAction } from "mobx";
import { copyOutcome, type CommandKind } from "../../shared/orders/CopyAnswer";
import { commandFailure } from "../../shared/commands/CommandSender";
import { NOTHING_TO_CHANGE, saysNothingToChange } from "../../shared/orders/nothingToChange";
import { prefillPrice } from "../../shared/quotes/Quote";
import { priceOnTick, priceTextOnTick } from "../../shared/format/priceOnTick";
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";

import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { TierPreviewStore } from "../../shared/accounts/TierPreviewStore";
import { PlanPreviewStore, type PlanCommand } from "../../shared/planPreview/PlanPreviewStore";
import { SPLIT_TOTAL_LABEL, SplitTotal } from "../../shared/orderForm/SplitTotal";
import { problemSentence } from "../../shared/orderForm/fieldChecks";
import { CHECK_FAILED, PreflightStore, type PreflightCommand } from "../../shared/preflight/PreflightStore";
import { StockMessages, withReason } from "../StockMessages";
import { StockPaths } from "../stockPaths";
import {
  choiceOf,
  STOCK_CLOSING_INSTRUCTIONS,
  STOCK_OPENING_INSTRUCTIONS,
  STOCK_SAVE_INSTRUCTIONS,
  StockOrderForm,
  type StockFormValues,
  type StockOrderFields,
} from "../form/StockOrderForm";
import { stockOrderTarget, type StockOrderRow } from "./StockOrderRow";
import { stockExitDefaults, stockPositionAccount, type StockPosition } from "../positions/StockPosition";

/** What the dialog does. */
export type StockOrderMode = "place" | "replaceSelected" | "replaceIndividual" | "exit" | "save";

/** An account a place from a session goes to. */
export interface StockAccountRef {
  readonly accountId: number;
  readonly accountName: string;
  readonly accountUsername: string;
}

/** What the dialog works with besides the API client. */
export interface StockOrderDialogLinks {
  /** Reloads the order and position tables after a request. */
  readonly reloadTables: () => void;
  /** Tells the screen the selected positions were exited (it leaves selection mode). */
  readonly exitedSelected: () => void;
  /** Unticks the session dialog's SELECTED ORDER checks once the checked orders were replaced. */
  readonly doneWithSelected: () => void;
  /** Saves an order (the saved-order dialog). */
  readonly saveOrder: (fields: StockOrderFields) => Promise<Outcome>;
  /** The live order of a row (a REPLACED row followed to the order that replaced it); the row itself by default. */
  readonly liveRowOf?: (row: StockOrderRow) => StockOrderRow;
}

/** The row's order as form values; prices as an order carries them (`1.00`, `0.1235` below $1). */
export function rowValues(row: StockOrderRow): StockFormValues {
  return {
    symbol: row.stockSymbol,
    instruction: row.stockInstruction,
    choice: choiceOf(row.stockSession, row.stockDuration),
    orderType: row.stockOrderType,
    quantity: String(row.stockQuantity),
    price: priceOnTick(row.stockPrice, true),
    stopPrice: priceOnTick(row.stockStopPrice, true),
    linkType: row.stockStopPriceLinkType,
    offset: String(row.stockStopPriceOffset),
    linkBasis: row.stockStopPriceLinkBasis,
  };
}

/** State of the one stock order dialog, whichever mode it is opened in. */
export class StockOrderDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** What the dialog does. */
  mode: StockOrderMode = "place";
  /** The session of the orders replaced. */
  sessionId = 0;
  /** The orders replaced. */
  orders: StockOrderRow[] = [];
  /** The session's accounts a session replace leaves out, and why. */
  leftOut: LeftOutAccount[] = [];
  /** The accounts a place goes to, or null for all active accounts. */
  placeAccounts: StockAccountRef[] | null = null;
  /** The positions exited. */
  positions: StockPosition[] = [];
  /** True when the exit is of the selected positions. */
  exitingSelected = false;
  /** True when the orders replaced close a position (SELL, BUY_TO_COVER): the replacement keeps doing so. */
  closingReplace = false;
  /** True while the request is in flight. */
  pending = false;
  /** The place and replace form (BUY, SELL_SHORT). */
  readonly openingForm = new StockOrderForm(STOCK_OPENING_INSTRUCTIONS);
  /** The exit form (SELL, BUY_TO_COVER). */
  readonly closingForm = new StockOrderForm(STOCK_CLOSING_INSTRUCTIONS);
  /** The saved-order form (BUY, SELL). */
  readonly saveForm = new StockOrderForm(STOCK_SAVE_INSTRUCTIONS);
  /** Tier multipliers and accounts for the preview. */
  readonly tiers: TierPreviewStore;
  /** Split a total (place only): one total split equally over the accounts instead of the quantity. */
  readonly split = new SplitTotal();
  /** Each account's planned quantity (place and replace), asked once the form is complete. */
  readonly plan: PlanPreviewStore;
  /** The fan-out mode and Check accounts (every mode but save). */
  readonly preflight: PreflightStore;
  /** The bid, ask and last of the form's symbol, read while the dialog is open. */
  readonly quotes: QuoteFeed;
  /** The price the quote prefilled, while the field still holds it (a typed price is never overwritten). */
  prefilledPrice: string | null = null;

  /** The form's terms last refused as changing nothing (marked while the form still holds them), or null. */
  refusedTerms: string | null = null;

  private readonly links: StockOrderDialogLinks;

  /**
   * @param deps The root store (API client).
   * @param links The screen's callbacks.
   */
  constructor(deps: StoreDeps, links: StockOrderDialogLinks) {
    this.links = links;
    this.tiers = new TierPreviewStore(deps, "share");
    this.preflight = new PreflightStore(deps);
    makeAutoObservable<this, "links">(
      this,
      {
        links: false,
        openingForm: false,
        closingForm: false,
        saveForm: false,
        tiers: false,
        quotes: false,
        preflight: false,
        split: false,
        plan: false,
      },
      { autoBind: true },
    );
    this.quotes = new QuoteFeed(deps, "stock", () => (this.isOpen ? [this.form.symbol] : []));
    this.plan = new PlanPreviewStore(deps, "share", () => this.planCommand);
    reaction(
      () => {
        const quote = this.isOpen ? this.quotes.quoteOf(this.form.symbol) : undefined;
        return { bid: quote?.bid ?? null, orderType: this.form.orderType, symbol: this.form.symbol };
      },
      ({ bid }) => this.prefillFromQuote(bid),
      { equals: (a, b) => a.bid === b.bid && a.orderType === b.orderType && a.symbol === b.symbol },
    );
  }

  /** True while a replace form holds terms refused as changing nothing: every order already has them. */
  get nothingToChange(): boolean {
    return this.refusedTerms !== null && this.refusedTerms === typedTerms(this.form);
  }

  /** The form's symbol and its quote, for the dialog's quote line. */
  get quoted(): { readonly symbol: string; readonly label: string } | null {
    const symbol = this.form.symbol.trim().toUpperCase();
    return symbol === "" ? null : { symbol, label: symbol };
  }

  /**
   * A new order with a limit price starts from the quote's bid, as an option order starts from its contract's
   * bid: while placing or saving, with the price still 0 (or still the bid put there before) and never typed, a
   * bid above 0 becomes the price, unless the price field has the focus. A missing bid never prefills anything.
   */
  prefillFromQuote(bid: number | null): void {
    const form = this.form;
    const price = prefillPrice(bid);
    if (price === null || (this.mode !== "place" && this.mode !== "save") || !form.priceShown) {
      return;
    }
    const untouched =
      !form.priceEdited &&
      (form.price.trim() === "" || Number(form.price) === 0 || form.price === this.prefilledPrice);
    if (!untouched) {
      return;
    }
    const text = priceOnTick(price, true);
    // A price field with the focus is the agent's, even before the first key: the bid waits for the next quote.
    if (form.presetPrice(text)) {
      this.prefilledPrice = text;
    }
  }

  /** The form of the current mode. */
  get form(): StockOrderForm {
    if (this.mode === "exit" || (this.closingReplace && this.mode !== "place" && this.mode !== "save")) {
      return this.closingForm;
    }
    return this.mode === "save" ? this.saveForm : this.openingForm;
  }

  /** The title bar text. */
  get title(): string {
    switch (this.mode) {
      case "place":
        return this.placeAccounts === null
          ? "Stock Place Order all accounts"
          : `Stock Place Order ( ${this.placeAccounts.length} accounts )`;
      case "replaceSelected":
        return "Stock Replace Order (Selected)";
      case "replaceIndividual":
        return `Stock Replace Order: ${this.orders[0]?.accountUsername ?? ""}`;
      case "exit":
        return "Stock Exit Order";
      case "save":
        return "Stock Save Order";
    }
  }

  /** The submit button's text. */
  get actionText(): string {
    switch (this.mode) {
      case "place":
        return "Place order";
      case "replaceSelected":
      case "replaceIndividual":
        return "Replace order";
      case "exit":
        return "Exit order";
      case "save":
        return "Save order";
    }
  }

  /** The accounts the request goes to, in words (empty for all active accounts and for saving). */
  get accountNames(): string {
    if (this.mode === "exit") {
      return this.positions.map((position) => position.accountName).join(", ");
    }
    if (this.mode === "place") {
      return this.placeAccounts?.map((account) => account.accountName).join(", ") ?? "";
    }
    return this.mode === "save" ? "" : this.orders.map((row) => row.accountName).join(", ");
  }

  /** Whether the dialog shows the tier preview (place and replace send quantities scaled per tier). */
  get previewShown(): boolean {
    return this.mode === "place" || this.mode === "replaceSelected" || this.mode === "replaceIndividual";
  }

  /**
   * The place or replace call the plan preview asks about (one order's replacement is asked as a replace of that
   * one order): null while closed, in another mode, or while the form cannot be sent.
   */
  get planCommand(): PlanCommand | null {
    const fields = this.form.fields;
    if (!this.isOpen || !this.previewShown || fields === null || (this.mode === "place" && this.split.problem !== null)) {
      return null;
    }
    const first = this.orders[0];
    if (this.mode === "replaceIndividual" && first !== undefined) {
      return {
        path: StockPaths.replaceOrder,
        body: { agentTradingSessionID: this.sessionId, allTradingAccountsOrderList: [stockOrderTarget(first)], ...fields },
      };
    }
    return this.command(this.mode, fields);
  }

  /** The sentence naming Split a total when a place cannot send what is typed there, or null. */
  private splitProblem(): string | null {
    const helper = this.mode === "place" ? this.split.problem : null;
    return helper === null ? null : problemSentence({ label: SPLIT_TOTAL_LABEL, helper });
  }

  /** What each tier will be sent, in shares. */
  get previewText(): string {
    const quantity = this.form.wholeQuantity;
    const accounts =
      this.mode === "place"
        ? this.placeAccounts === null
          ? undefined
          : this.tiers.accountsWithIds(this.placeAccounts.map((account) => account.accountId))
        : this.tiers.accountsWithIds(this.orders.map((row) => row.accountId));
    return this.tiers.textFor(quantity, accounts);
  }

  /** BUY/SELL: a new order on all active accounts, starting from the defaults (and `symbol` if given). */
  openPlace(symbol = ""): void {
    if (this.pending) {
      return;
    }
    this.mode = "place";
    this.placeAccounts = null;
    this.openingForm.reset(symbol);
    this.split.reset();
    this.show();
  }

  /**
   * P on a session or a saved order: the place dialog filled with `values`, prices on their tick (`1.50`). With
   * `accounts` it places on those accounts; `scaledFor` names the account whose tier multiplier the quantity
   * carries.
   */
  openPlaceWith(values: StockFormValues, accounts: StockAccountRef[] | null, scaledFor?: number): void {
    if (this.pending) {
      return;
    }
    this.mode = "place";
    this.placeAccounts = accounts;
    this.split.reset();
    this.openingForm.fill({
      ...values,
      price: priceTextOnTick(values.price, true),
      stopPrice: priceTextOnTick(values.stopPrice, true),
    });
    this.show(scaledFor);
  }

  /**
   * R: replaces `rows` of session `sessionId` (the checked ones, a session's open ones, or one order). The form
   * starts from `live`: the first row's live order (a REPLACED row followed to the order that replaced it).
   * `leftOut` are the session's accounts not among `rows`, named in the dialog before anything is sent.
   */
  openReplace(
    individual: boolean,
    sessionId: number,
    rows: readonly StockOrderRow[],
    live: StockOrderRow | undefined = rows[0],
    leftOut: readonly LeftOutAccount[] = [],
  ): void {
    const first = live ?? rows[0];
    if (first === undefined || this.pending) {
      return;
    }
    this.mode = individual ? "replaceIndividual" : "replaceSelected";
    this.sessionId = sessionId;
    this.orders = [...rows];
    this.leftOut = [...leftOut];
    this.closingReplace = STOCK_CLOSING_INSTRUCTIONS.some((instruction) => instruction === first.stockInstruction);
    this.refusedTerms = null;
    this.form.fill(rowValues(first));
    this.show(first.accountId);
  }

  /** Which of the session's accounts a replace leaves out and why ("Not replaced: Big C (FILLED)"), or null. */
  get notReplaced(): string | null {
    return this.mode === "replaceSelected" ? notReplacedText(this.leftOut) : null;
  }

  /** S: exits `positions` (one, or several accounts' holdings of one stock with one quantity). */
  openExit(positions: readonly StockPosition[], selected: boolean): void {
    const first = positions[0];
    if (first === undefined || this.pending) {
      return;
    }
    this.mode = "exit";
    this.positions = [...positions];
    this.exitingSelected = selected;
    this.closingForm.fill(stockExitDefaults(first));
    this.show();
  }

  /** The saved-order dialog, empty. */
  openSave(): void {
    if (this.pending) {
      return;
    }
    this.mode = "save";
    this.saveForm.reset();
    this.show();
  }

  /** Closes the dialog; ignored while sending. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /**
   * Checks the form and sends the request of the mode. A field marked wrong sends nothing, and so does a press
   * while the request is in flight. Success closes the dialog, and so does an answer some accounts accepted (a
   * warning saying how many and why the others did not); a failure keeps it open, except for the individual
   * replace, which closes either way (unless the agent chose not to send it again, or it changes nothing). A
   * replace whose terms every order already has (its quantity with its tier multiplier) is refused as "nothing to
   * change", marked on the form, and nothing is sent; so is it when the server says so.
   */
  async submit(): Promise<Outcome> {
    const mode = this.mode;
    const texts = modeTexts(mode);
    if (this.pending) {
      return NOT_SENT;
    }
    const fields = this.form.check();
    if (fields === null) {
      return failed(mode === "save" ? StockMessages.saveIncomplete : withReason(texts.failed, this.form.firstError ?? ""));
    }
    const splitProblem = this.splitProblem();
    if (splitProblem !== null) {
      return failed(withReason(texts.failed, splitProblem));
    }
    const typed = typedTerms(this.form);
    if ((mode === "replaceSelected" || mode === "replaceIndividual") && this.changesNothing(fields)) {
      this.refusedTerms = typed;
      return failed(withReason(texts.failed, NOTHING_TO_CHANGE));
    }
    this.pending = true;
    let outcome: Outcome;
    if (mode === "save") {
      outcome = await this.links.saveOrder(fields);
    } else {
      try {
        const answer = await this.send(mode, fields);
        outcome = copyOutcome(answer, texts.ok, texts.failed, MODE_KINDS[mode]);
      } catch (error) {
        console.error("The stock order request failed", error);
        outcome = commandFailure(texts.failed, error);
        if (saysNothingToChange(error)) {
          runInAction(() => {
            this.refusedTerms = typed;
          });
        }
      }
    }
    const unchanged = this.refusedTerms === typed;
    runInAction(() => {
      this.pending = false;
      if (outcome.ok || (mode === "replaceIndividual" && outcome.quiet !== true && !unchanged)) {
        this.isOpen = false;
      }
    });
    if (outcome.ok && mode === "exit" && this.exitingSelected) {
      this.links.exitedSelected();
    }
    if (outcome.ok && mode === "replaceSelected") {
      this.links.doneWithSelected();
    }
    if (mode !== "save") {
      this.links.reloadTables();
    }
    return outcome;
  }

  /**
   * Whether `fields` are every replaced order's own terms: each live order's, read as the form would send them,
   * with the form's quantity times the account's tier multiplier. False while a multiplier is unknown (the
   * server then decides).
   */
  private changesNothing(fields: StockOrderFields): boolean {
    const liveOf = this.links.liveRowOf ?? ((row: StockOrderRow) => row);
    return this.orders.every((row) => {
      const multiplier = this.tiers.multiplierOf(row.accountId);
      const own = new StockOrderForm(this.closingReplace ? STOCK_CLOSING_INSTRUCTIONS : STOCK_OPENING_INSTRUCTIONS);
      own.fill(rowValues(liveOf(row)));
      const terms = own.check();
      return (
        multiplier !== null &&
        terms !== null &&
        JSON.stringify({ ...fields, stockQuantity: fields.stockQuantity * multiplier }) === JSON.stringify(terms)
      );
    });
  }

  /**
   * Check accounts: previews the mode's request on every account it targets (nothing is sent); a field
   * marked wrong checks nothing, and a replace with every order's own terms is refused as "nothing to change".
   */
  checkAccounts(): Promise<Outcome | null> {
    const fields = this.form.check();
    if (fields === null) {
      return Promise.resolve(failedWith(CHECK_FAILED, this.form.firstError));
    }
    const splitProblem = this.splitProblem();
    if (splitProblem !== null) {
      return Promise.resolve(failedWith(CHECK_FAILED, splitProblem));
    }
    if ((this.mode === "replaceSelected" || this.mode === "replaceIndividual") && this.changesNothing(fields)) {
      this.refusedTerms = typedTerms(this.form);
      return Promise.resolve(failedWith(CHECK_FAILED, NOTHING_TO_CHANGE));
    }
    const command = this.command(this.mode, fields);
    return command === null ? Promise.resolve(null) : this.preflight.check(command);
  }

  private send(mode: StockOrderMode, fields: StockOrderFields): Promise<unknown> {
    const command = this.command(mode, fields);
    return command === null
      ? Promise.reject(new Error("saving is not a copy-trading request"))
      : this.preflight.send(command);
  }

  /** The copy-trading call of `mode` with `fields`; null for save, which is not one. */
  private command(mode: StockOrderMode, fields: StockOrderFields): PreflightCommand | null {
    const first = this.orders[0];
    switch (mode) {
      case "place":
        return {
          method: "post",
          path: StockPaths.placeOrder,
          body: { allTradingAccountsOrderList: this.placeAccounts ?? [], ...fields, ...this.split.payload() },
        };
      case "replaceSelected":
        return {
          method: "put",
          path: StockPaths.replaceOrder,
          body: {
            agentTradingSessionID: this.sessionId,
            allTradingAccountsOrderList: this.orders.map(stockOrderTarget),
            ...fields,
          },
        };
      case "replaceIndividual":
        return {
          method: "put",
          path: StockPaths.replaceOrderIndividual,
          body: {
            agentTradingSessionID: this.sessionId,
            ...(first === undefined ? {} : stockOrderTarget(first)),
            ...fields,
          },
        };
      case "exit":
        return {
          method: "post",
          path: StockPaths.exitOrder,
          body: { allTradingAccountsOrderList: this.positions.map(stockPositionAccount), ...fields },
        };
      case "save":
        return null;
    }
  }

  private show(scaledFor?: number): void {
    this.prefilledPrice = null;
    this.isOpen = true;
    if (this.mode !== "save") {
      this.preflight.reset();
    }
    if (!this.previewShown) {
      return;
    }
    const form = this.form;
    const quantity = form.quantity;
    void this.tiers.load().then(() => {
      if (scaledFor !== undefined) {
        unscale(form, quantity, this.tiers.multiplierOf(scaledFor));
      }
    });
  }
}

/** The success and failure texts of a mode. */
/** What each mode's command does, for a partial answer's words. */
const MODE_KINDS: Readonly<Record<StockOrderMode, CommandKind>> = {
  place: "place",
  replaceSelected: "replace",
  replaceIndividual: "replace",
  exit: "exit",
  save: "place",
};

/** The form's fields as typed, to tell whether it still holds terms refused as changing nothing. */
function typedTerms(form: StockOrderForm): string {
  const { symbol, instruction, choice, orderType, quantity, price, stopPrice, linkType, offset, linkBasis } = form;
  return JSON.stringify([symbol, instruction, choice, orderType, quantity, price, stopPrice, linkType, offset, linkBasis]);
}

function modeTexts(mode: StockOrderMode): { ok: string; failed: string } {
  switch (mode) {
    case "place":
      return { ok: StockMessages.placeSucceeded, failed: StockMessages.placeFailed };
    case "replaceSelected":
      return { ok: StockMessages.replaceSucceeded, failed: StockMessages.replaceFailed };
    case "replaceIndividual":
      return { ok: StockMessages.replaceIndividualSucceeded, failed: StockMessages.replaceIndividualFailed };
    case "exit":
      return { ok: StockMessages.exitSucceeded, failed: StockMessages.exitFailed };
    case "save":
      return { ok: StockMessages.saveSucceeded, failed: StockMessages.saveFailed };
  }
}

/**
 * A quantity read from a row carries its account's tier multiplier: while the field still holds `scaled`
 * and `multiplier` divides it, the field becomes the quantity to type.
 */
function unscale(form: StockOrderForm, scaled: string, multiplier: number | null): void {
  const quantity = Number(scaled);
  if (form.quantity !== scaled || multiplier === null || multiplier <= 0 || !Number.isInteger(quantity)) {
    return;
  }
  if (quantity % multiplier === 0) {
    form.setQuantity(String(quantity / multiplier));
  }
}
