// The stock order form shared by the place, replace, exit and save dialogs: fields, visibility, checks, body.
import { makeAutoObservable } from "mobx";
import { onTick } from "../../shared/format/priceOnTick";
import { plainNumberText, wholeNumberOf } from "../../shared/orderForm/numberText";

/** The decimals a stock price may carry, as the form says it. */
const TICK_RULE = "at most 2 decimals (4 below $1)";

/** Instructions that open a position (place and replace). */
export const STOCK_OPENING_INSTRUCTIONS = ["BUY", "SELL_SHORT"] as const;

/** Instructions that close a position (exit). */
export const STOCK_CLOSING_INSTRUCTIONS = ["SELL", "BUY_TO_COVER"] as const;

/** Instructions of the saved-order dialog. */
export const STOCK_SAVE_INSTRUCTIONS = ["BUY", "SELL"] as const;

/** Stock order types. */
export const STOCK_ORDER_TYPES = ["MARKET", "LIMIT", "STOP", "STOP_LIMIT", "TRAILING_STOP"] as const;

/** The session/duration choices of the form. */
export const SESSION_CHOICES = ["DAY", "GTC", "EXT", "GTC_EXT"] as const;

/** One session/duration choice. */
export type SessionChoice = (typeof SESSION_CHOICES)[number];

/** The choices that work in extended hours, where Schwab takes only LIMIT orders. */
export const EXTENDED_CHOICES: readonly SessionChoice[] = ["EXT", "GTC_EXT"];

/** The order types `choice` allows: every type in the regular session, LIMIT alone in extended hours. */
export function orderTypesOf(choice: SessionChoice): readonly string[] {
  return EXTENDED_CHOICES.includes(choice) ? ["LIMIT"] : STOCK_ORDER_TYPES;
}

/** The prices a trailing stop may follow, with their labels; the first (BID) is Schwab's default. */
export const LINK_BASES = [
  { value: "BID", label: "Bid" },
  { value: "ASK", label: "Ask" },
  { value: "LAST", label: "Last" },
  { value: "MARK", label: "Mark" },
] as const;

/** The basis a trailing stop follows unless another is chosen. */
export const DEFAULT_LINK_BASIS = "BID";

/** `basis` when the form offers it, else the default (BID). */
function linkBasisOf(basis: string | undefined): string {
  return LINK_BASES.some((offered) => offered.value === basis) ? (basis as string) : DEFAULT_LINK_BASIS;
}

/** The trailing stop's link types with their labels. */
export const LINK_TYPES = [
  { value: "VALUE", label: "$ Dollars" },
  { value: "PERCENT", label: "% Percent" },
] as const;

/** The offset a link type starts with: 0.1 dollars or 1 percent. */
export const DEFAULT_OFFSETS: Readonly<Record<string, string>> = { VALUE: "0.1", PERCENT: "1" };

/** What each choice sends as stockSession and stockDuration. */
const CHOICE_SPLIT: Readonly<Record<SessionChoice, { session: string; duration: string }>> = {
  DAY: { session: "NORMAL", duration: "DAY" },
  GTC: { session: "NORMAL", duration: "GOOD_TILL_CANCEL" },
  EXT: { session: "SEAMLESS", duration: "DAY" },
  GTC_EXT: { session: "SEAMLESS", duration: "GOOD_TILL_CANCEL" },
};

/** stockSession and stockDuration of `choice`. */
export function splitChoice(choice: SessionChoice): { stockSession: string; stockDuration: string } {
  const split = CHOICE_SPLIT[choice];
  return { stockSession: split.session, stockDuration: split.duration };
}

/** The choice a row's session and duration came from (DAY when unknown). */
export function choiceOf(session: string, duration: string): SessionChoice {
  const found = SESSION_CHOICES.find(
    (choice) => CHOICE_SPLIT[choice].session === session && CHOICE_SPLIT[choice].duration === duration,
  );
  return found ?? (SESSION_CHOICES.includes(session as SessionChoice) ? (session as SessionChoice) : "DAY");
}

/** The order fields of a stock request body. */
export interface StockOrderFields {
  readonly stockSymbol: string;
  readonly stockSession: string;
  readonly stockDuration: string;
  readonly stockInstruction: string;
  readonly stockOrderType: string;
  readonly stockQuantity: number;
  readonly stockPrice: number;
  readonly stockStopPrice: number;
  readonly stockStopPriceLinkType: string;
  readonly stockStopPriceOffset: number;
  /** BID, ASK, LAST or MARK: the price a TRAILING_STOP follows. */
  readonly stockStopPriceLinkBasis: string;
}

/** Values to fill the form with (numbers or their text). */
export interface StockFormValues {
  readonly symbol: string;
  readonly instruction: string;
  readonly choice: SessionChoice;
  readonly orderType: string;
  readonly quantity: string;
  readonly price: string;
  readonly stopPrice: string;
  readonly linkType: string;
  readonly offset: string;
  /** The trailing stop's basis; BID when absent. */
  readonly linkBasis?: string;
}

/** The fields a check can mark. */
export type StockField = "symbol" | "instruction" | "quantity" | "price" | "stopPrice" | "offset";

/** A stock symbol: a letter, then letters, digits, dots or slashes (up to 10 characters). */
const SYMBOL_PATTERN = /^[A-Z][A-Z0-9./]{0,9}$/;

/** A decimal number, perhaps negative (`12`, `-3.5`, `.25`, `10.`), once its thousands separators are out. */
const NUMBER_PATTERN = /^-?(\d+(\.\d*)?|\.\d+)$/;

/**
 * One stock order as typed. Fields are kept as text; the checks mark a field whose value would be refused,
 * and {@link fields} is only built when there is none, so a bad value never makes a request.
 */
export class StockOrderForm {
  /** The instructions offered; the first is the default. */
  readonly instructions: readonly string[];
  /** The symbol, upper-cased. */
  symbol = "";
  /** The instruction. */
  instruction: string;
  /** The session/duration choice. */
  choice: SessionChoice = "DAY";
  /** The order type. */
  orderType = "LIMIT";
  /** Quantity as typed. */
  quantity = "1";
  /** Price as typed. */
  price = "0";
  /** Stop (or activation) price as typed. */
  stopPrice = "0";
  /** The trailing stop's link type. */
  linkType = "VALUE";
  /** The trailing stop's offset as typed. */
  offset = "0.1";
  /** The price the trailing stop follows: BID, ASK, LAST or MARK. */
  linkBasis: string = DEFAULT_LINK_BASIS;
  /** True once a submit was tried: the marks are shown from then on. */
  checked = false;
  /** True once the price was typed (a quote no longer fills it). */
  priceEdited = false;
  /** True while the price field has the focus (a quote read meanwhile does not fill it). */
  priceFocused = false;

  /** @param instructions The instructions offered. */
  constructor(instructions: readonly string[]) {
    this.instructions = instructions;
    this.instruction = instructions[0] ?? "";
    makeAutoObservable<this>(this, { instructions: false }, { autoBind: true });
  }

  /** The order types the chosen session allows (LIMIT alone for EXT and GTC_EXT). */
  get orderTypes(): readonly string[] {
    return orderTypesOf(this.choice);
  }

  /** Price is shown unless the type is MARKET, TRAILING_STOP or STOP. */
  get priceShown(): boolean {
    return !["MARKET", "TRAILING_STOP", "STOP"].includes(this.orderType);
  }

  /** The stop price is shown for STOP and STOP_LIMIT. */
  get stopPriceShown(): boolean {
    return this.orderType === "STOP" || this.orderType === "STOP_LIMIT";
  }

  /** "Stop Price" for STOP, "Activation Price" for STOP_LIMIT. */
  get stopPriceLabel(): string {
    return this.orderType === "STOP_LIMIT" ? "Activation Price" : "Stop Price";
  }

  /** Link type and offset are shown for TRAILING_STOP. */
  get trailingShown(): boolean {
    return this.orderType === "TRAILING_STOP";
  }

  /** The quantity as a whole number of at least 1, or null. */
  get wholeQuantity(): number | null {
    return wholeNumberOf(this.quantity);
  }

  /** What is wrong with each field, by field; a field absent is fine. */
  get errors(): Partial<Record<StockField, string>> {
    const errors: Partial<Record<StockField, string>> = {};
    if (!SYMBOL_PATTERN.test(this.symbol.trim())) {
      errors.symbol = "Symbol must be a stock symbol such as AAPL";
    }
    if (!this.instructions.includes(this.instruction)) {
      errors.instruction = `Instruction must be one of ${this.instructions.join(", ")}`;
    }
    if (this.wholeQuantity === null) {
      errors.quantity = "Quantity must be a whole number of at least 1";
    }
    const price = this.priceShown ? priceError("Price", this.price) : null;
    if (price !== null) {
      errors.price = price;
    }
    const stopPrice = this.stopPriceShown ? priceError(this.stopPriceLabel, this.stopPrice) : null;
    if (stopPrice !== null) {
      errors.stopPrice = stopPrice;
    }
    const offset = this.trailingShown ? positiveNumberError("Stop Price Offset", this.offset) : null;
    if (offset !== null) {
      errors.offset = offset;
    }
    return errors;
  }

  /** The first problem, or null when the form can be sent. */
  get firstError(): string | null {
    return Object.values(this.errors)[0] ?? null;
  }

  /** The mark shown on `field`: its problem once a submit was tried. */
  errorOf(field: StockField): string | undefined {
    return this.checked ? this.errors[field] : undefined;
  }

  /** Sets the symbol, upper-cased. */
  setSymbol(value: string): void {
    this.symbol = value.toUpperCase();
  }

  /** Sets the instruction. */
  setInstruction(value: string): void {
    this.instruction = value;
  }

  /** Sets the session/duration choice; an order type the choice does not allow becomes LIMIT. */
  setChoice(value: string): void {
    if (SESSION_CHOICES.includes(value as SessionChoice)) {
      this.choice = value as SessionChoice;
      if (!this.orderTypes.includes(this.orderType)) {
        this.orderType = "LIMIT";
      }
    }
  }

  /** Sets the order type, when the chosen session allows it. */
  setOrderType(value: string): void {
    if (this.orderTypes.includes(value)) {
      this.orderType = value;
    }
  }

  /** Sets the trailing stop's basis (BID, ASK, LAST or MARK). */
  setLinkBasis(value: string): void {
    this.linkBasis = linkBasisOf(value);
  }

  /** Sets the quantity text. */
  setQuantity(value: string): void {
    this.quantity = value;
  }

  /** Sets the price text as typed. */
  setPrice(value: string): void {
    this.price = value;
    this.priceEdited = true;
  }

  /**
   * Puts `value` in the price field for the agent (from a quote); it does not count as typed. Never while the
   * field has the focus, so a bid read after the dialog opened never lands under the agent's typing.
   * @returns Whether the field took `value`.
   */
  presetPrice(value: string): boolean {
    if (this.priceFocused) {
      return false;
    }
    this.price = value;
    return true;
  }

  /** The price field took or lost the focus. */
  setPriceFocused(focused: boolean): void {
    this.priceFocused = focused;
  }

  /** Sets the stop price text. */
  setStopPrice(value: string): void {
    this.stopPrice = value;
  }

  /** Sets the link type; the offset takes that type's default (0.1 dollars, 1 percent). */
  setLinkType(value: string): void {
    this.linkType = value;
    this.offset = DEFAULT_OFFSETS[value] ?? this.offset;
  }

  /** Sets the offset text. */
  setOffset(value: string): void {
    this.offset = value;
  }

  /**
   * Fills every field; the marks are hidden until the next submit. An instruction this form does not offer
   * (a saved SELL order placed again) is left unchosen, so the agent picks one before sending.
   */
  fill(values: StockFormValues): void {
    this.symbol = values.symbol.toUpperCase();
    this.instruction = this.instructions.includes(values.instruction) ? values.instruction : "";
    this.choice = values.choice;
    this.orderType = this.orderTypes.includes(values.orderType) ? values.orderType : "LIMIT";
    this.quantity = values.quantity;
    this.price = values.price;
    this.stopPrice = values.stopPrice;
    this.linkType = values.linkType === "PERCENT" ? "PERCENT" : "VALUE";
    this.offset = values.offset;
    this.linkBasis = linkBasisOf(values.linkBasis);
    this.checked = false;
    this.priceEdited = false;
  }

  /** The defaults of a new order: first instruction, DAY, LIMIT, quantity 1, prices 0, VALUE 0.1, BID. */
  reset(symbol = ""): void {
    this.fill({
      symbol,
      instruction: this.instructions[0] ?? "",
      choice: "DAY",
      orderType: "LIMIT",
      quantity: "1",
      price: "0",
      stopPrice: "0",
      linkType: "VALUE",
      offset: "0.1",
      linkBasis: DEFAULT_LINK_BASIS,
    });
  }

  /**
   * Marks the fields and returns the order fields of a request, or null when a field is wrong (nothing is to
   * be sent). Hidden prices are sent as 0.
   */
  check(): StockOrderFields | null {
    this.checked = true;
    return this.fields;
  }

  /** The order fields of a request, or null when a field is wrong; unlike {@link check}, marks nothing. */
  get fields(): StockOrderFields | null {
    const quantity = this.wholeQuantity;
    if (this.firstError !== null || quantity === null) {
      return null;
    }
    return {
      stockSymbol: this.symbol.trim(),
      ...splitChoice(this.choice),
      stockInstruction: this.instruction,
      stockOrderType: this.orderType,
      stockQuantity: quantity,
      stockPrice: this.priceShown ? Number(plainNumberText(this.price)) : 0,
      stockStopPrice: this.stopPriceShown ? Number(plainNumberText(this.stopPrice)) : 0,
      stockStopPriceLinkType: this.linkType,
      stockStopPriceOffset: this.trailingShown ? Number(plainNumberText(this.offset)) : 0.1,
      stockStopPriceLinkBasis: this.trailingShown ? this.linkBasis : DEFAULT_LINK_BASIS,
    };
  }
}

/**
 * What is wrong with a field labelled `label` holding `text` (thousands separators allowed) that takes a number
 * above 0, or null: not a number, or not above 0.
 */
function positiveNumberError(label: string, text: string): string | null {
  const plain = plainNumberText(text);
  if (!NUMBER_PATTERN.test(plain)) {
    return `${label} must be a number`;
  }
  return Number(plain) > 0 ? null : `${label} must be greater than 0`;
}

/**
 * What is wrong with a price field labelled `label` holding `text`, or null: not a number above 0
 * ({@link positiveNumberError}), or finer than an order may carry.
 */
function priceError(label: string, text: string): string | null {
  const problem = positiveNumberError(label, text);
  if (problem !== null) {
    return problem;
  }
  return onTick(plainNumberText(text), true) ? null : `${label} must have ${TICK_RULE}`;
}
