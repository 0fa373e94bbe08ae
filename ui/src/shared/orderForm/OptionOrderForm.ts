// The order fields shared by the place, replace and exit forms: instruction, order type, quantity, price.
import { makeAutoObservable } from "mobx";
import { priceProblem, problemSentence, quantityProblem, type FieldProblem } from "./fieldChecks";
import { plainNumberText, wholeNumberOf } from "./numberText";

/** Instructions of a new order (spec 01 §4). */
export const OPENING_INSTRUCTIONS = ["BUY_TO_OPEN", "SELL_TO_OPEN"] as const;

/** Instructions that close a position. */
export const CLOSING_INSTRUCTIONS = ["SELL_TO_CLOSE", "BUY_TO_CLOSE"] as const;

/** Instructions a replacement may carry: the opening ones plus the closing ones. */
export const REPLACE_INSTRUCTIONS = [...OPENING_INSTRUCTIONS, ...CLOSING_INSTRUCTIONS] as const;

/** Order types of single-leg option orders. */
export const ORDER_TYPES = ["LIMIT", "MARKET"] as const;

/** One order type. */
export type OrderType = (typeof ORDER_TYPES)[number];

/** The default order type. */
export const DEFAULT_ORDER_TYPE: OrderType = "LIMIT";

/** The order fields of a request body. */
export interface OrderFieldsPayload {
  /** The instruction. */
  readonly optionChainInstruction: string;
  /** LIMIT or MARKET. */
  readonly optionChainOrderType: string;
  /** The quantity: a number when the text is one, else the text (the server names the field). */
  readonly optionChainQuantity: number | string;
  /** The price: 0 for MARKET; a number when the text is one, else the text. */
  readonly optionChainPrice: number | string;
}

/** The values to fill the form with. */
export interface OrderFieldValues {
  /** The instruction. */
  readonly instruction: string;
  /** The order type. */
  readonly orderType: string;
  /** Quantity as text. */
  readonly quantity: string;
  /** Price as text. */
  readonly price: string;
}

/**
 * The instruction, order type, quantity and price of one order form. Quantity and price are kept as typed;
 * choosing MARKET sets the price to 0 and hides it (spec 01 §4). Quantity and price are checked before
 * sending: a problem shows under its field once the field was edited or sending was tried.
 */
export class OptionOrderForm {
  /** The instructions offered. */
  readonly instructions: readonly string[];
  /** The quantity field's label, e.g. `Option Contract Total`. */
  readonly quantityLabel: string;
  /**
   * True for a leg of a spread: its LIMIT price may be 0, since only the spread's net is an order's price (a
   * single order's LIMIT price must be more than 0).
   */
  readonly legOfSpread: boolean;
  /** True once sending was tried: every problem shows, edited or not. */
  checked = false;
  /** True once the quantity was edited. */
  quantityEdited = false;
  /** True once the price was edited. */
  priceEdited = false;
  /** True while the price field has the focus: the agent may be about to type in it. */
  priceFocused = false;
  /** The instruction chosen. */
  instruction: string;
  /** The order type chosen. */
  orderType: string = DEFAULT_ORDER_TYPE;
  /** The quantity as typed. */
  quantity = "1";
  /** The price as typed. */
  price = "0";

  /**
   * @param instructions The instructions offered; the first is the default.
   * @param quantityLabel The quantity field's label.
   * @param legOfSpread True for a leg of a spread (its LIMIT price may be 0).
   */
  constructor(instructions: readonly string[], quantityLabel = "Quantity", legOfSpread = false) {
    this.instructions = instructions;
    this.quantityLabel = quantityLabel;
    this.legOfSpread = legOfSpread;
    this.instruction = instructions[0] ?? "";
    makeAutoObservable<this>(
      this,
      { instructions: false, quantityLabel: false, legOfSpread: false },
      { autoBind: true },
    );
  }

  /** Why the quantity cannot be sent, or null. */
  get quantityProblem(): string | null {
    return quantityProblem(this.quantity);
  }

  /** Why the price cannot be sent (only while it is shown, i.e. for LIMIT), or null. */
  get priceProblem(): string | null {
    return this.priceShown ? priceProblem(this.price, this.orderType === "LIMIT" && !this.legOfSpread) : null;
  }

  /** The quantity's problem once it was edited or sending was tried, else null. */
  get shownQuantityProblem(): string | null {
    return this.checked || this.quantityEdited ? this.quantityProblem : null;
  }

  /** The price's problem once it was edited or sending was tried, else null. */
  get shownPriceProblem(): string | null {
    return this.checked || this.priceEdited ? this.priceProblem : null;
  }

  /** Every field that cannot be sent, in form order. */
  get problems(): FieldProblem[] {
    const problems: FieldProblem[] = [];
    if (this.quantityProblem !== null) {
      problems.push({ label: this.quantityLabel, helper: this.quantityProblem });
    }
    if (this.priceProblem !== null) {
      problems.push({ label: "Price", helper: this.priceProblem });
    }
    return problems;
  }

  /**
   * Before sending: shows every problem on its field and returns the first as a sentence naming the field
   * (e.g. `Quantity must be a whole number of at least 1`), or null when the form can be sent.
   */
  check(): string | null {
    this.checked = true;
    const first = this.problems[0];
    return first === undefined ? null : problemSentence(first);
  }

  /** Whether the price field is shown: only for LIMIT. */
  get priceShown(): boolean {
    return this.orderType === "LIMIT";
  }

  /** The quantity as a positive whole number, or null when the text is not one. */
  get wholeQuantity(): number | null {
    return wholeNumberOf(this.quantity);
  }

  /** Sets the instruction. */
  setInstruction(value: string): void {
    this.instruction = value;
  }

  /** Sets the order type; MARKET sets the price to 0. */
  setOrderType(value: string): void {
    this.orderType = value;
    if (value === "MARKET") {
      this.price = "0";
    }
  }

  /** Sets the quantity text (as the agent types it). */
  setQuantity(value: string): void {
    this.quantity = value;
    this.quantityEdited = true;
  }

  /** Sets the price text (as the agent types it). */
  setPrice(value: string): void {
    this.price = value;
    this.priceEdited = true;
  }

  /** Puts a price in the field without marking it edited (e.g. a strike's bid); never while the field has the
   * focus, so a price arriving (a quote read after the dialog opened) never lands under the agent's typing. */
  presetPrice(value: string): void {
    if (!this.priceFocused) {
      this.price = value;
    }
  }

  /** The price field took or lost the focus. */
  setPriceFocused(focused: boolean): void {
    this.priceFocused = focused;
  }

  /** Fills every field; nothing counts as edited. */
  fill(values: OrderFieldValues): void {
    this.checked = false;
    this.quantityEdited = false;
    this.priceEdited = false;
    this.instruction = values.instruction;
    this.orderType = values.orderType;
    this.quantity = values.quantity;
    this.price = values.orderType === "MARKET" ? "0" : values.price;
  }

  /**
   * Turns a quantity a tier multiplier was applied to back into the quantity to type: when the field still
   * holds `scaled` and `multiplier` divides it, the field becomes `scaled / multiplier`. Any other value
   * (the agent typed something, or the multiplier is unknown) is left alone.
   */
  unscaleQuantity(scaled: string, multiplier: number | null): void {
    const quantity = Number(scaled);
    if (this.quantity !== scaled || multiplier === null || multiplier <= 0 || !Number.isInteger(quantity)) {
      return;
    }
    if (quantity % multiplier === 0) {
      this.quantity = String(quantity / multiplier);
    }
  }

  /** The defaults of a new order: first instruction, LIMIT, quantity 1, price 0. */
  reset(): void {
    this.fill({ instruction: this.instructions[0] ?? "", orderType: DEFAULT_ORDER_TYPE, quantity: "1", price: "0" });
  }

  /** The fields as a request sends them. */
  payload(): OrderFieldsPayload {
    return {
      optionChainInstruction: this.instruction,
      optionChainOrderType: this.orderType,
      optionChainQuantity: numberOrText(this.quantity),
      optionChainPrice: this.priceShown ? numberOrText(this.price) : 0,
    };
  }
}

/** `text` as a number when it is a decimal number (thousands separators allowed: `1,000` is 1000), else the trimmed text. */
export function numberOrText(text: string): number | string {
  const trimmed = plainNumberText(text);
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}
