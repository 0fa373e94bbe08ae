// An order leg being edited in a dialog: the row it starts from, its fields, and whether it is chosen.
import { makeAutoObservable } from "mobx";
import { OptionOrderForm, REPLACE_INSTRUCTIONS } from "../../shared/orderForm/OptionOrderForm";
import type { Quote } from "../../shared/quotes/Quote";
import { legFromTexts, type OrderLeg } from "../OrderLeg";
import { marksOf, splitNet } from "./legPrices";
import { orderKey, type VerticalOrderRow } from "./VerticalOrderRow";

/**
 * One leg of a shown order with editable instruction, order type, quantity and price. The row's price is the
 * net per spread, so the primary leg starts at it and the others at 0, which keeps the net as it was; once
 * the legs' quotes are read, {@link priceLegsFromQuotes} gives each leg its own price with the same net.
 */
export class LegDraft {
  /** The row the leg starts from. */
  readonly row: VerticalOrderRow;
  /** The leg's fields. */
  readonly form = new OptionOrderForm(REPLACE_INSTRUCTIONS);

  /**
   * @param row The leg's row.
   * @param quantity The quantity to start from (the row's, or the row's before its tier multiplier).
   */
  constructor(row: VerticalOrderRow, quantity: number = row.optionChainQuantity) {
    this.row = row;
    this.form.fill({
      instruction: row.optionChainInstruction,
      orderType: row.optionChainOrderType === "MARKET" ? "MARKET" : "LIMIT",
      quantity: String(quantity),
      price: row.optionChainLegIndex === 0 ? String(row.optionChainPrice) : "0",
    });
    makeAutoObservable(this, { row: false, form: false });
  }

  /** The price the leg was given, while the field still holds it and is not being edited (a typed price is never
   * overwritten, nor one the agent is about to type). */
  get untouched(): boolean {
    return !this.form.priceEdited && !this.form.priceFocused;
  }

  /** Gives the leg `price` unless a price was typed. */
  presetPrice(price: number): void {
    if (this.untouched) {
      this.form.presetPrice(String(price));
    }
  }

  /** The key of the account order the leg belongs to. */
  get orderKey(): string {
    return orderKey(this.row);
  }

  /** The leg as place_order sends it. */
  get leg(): OrderLeg {
    return legFromTexts(
      this.row.optionChainSymbol,
      this.row.optionChainDescription,
      this.form.instruction,
      this.form.orderType,
      this.form.quantity,
      this.form.price,
    );
  }

  /** The leg as replace_individual_legs sends it. */
  get replacement() {
    const leg = this.leg;
    return {
      accountId: this.row.accountId,
      optionChainOrderId: this.row.optionChainOrderId,
      optionChainSymbol: this.row.optionChainSymbol,
      newInstruction: leg.optionChainInstruction,
      newOrderType: leg.optionChainOrderType,
      newQuantity: leg.optionChainQuantity,
      newPrice: leg.optionChainPrice,
    };
  }
}

/**
 * Gives the legs of each spread among `drafts` their own prices from the quotes' marks, keeping each order's
 * net ({@link splitNet}), once every leg of the order has been quoted; `done` names the orders already
 * priced (they are not priced again as the quotes move). Legs whose price was typed keep it.
 */
export function priceLegsFromQuotes(
  drafts: readonly LegDraft[],
  quoteOf: (symbol: string) => Quote | undefined,
  done: Set<string>,
): void {
  const orders = new Map<string, LegDraft[]>();
  for (const draft of drafts) {
    orders.set(draft.orderKey, [...(orders.get(draft.orderKey) ?? []), draft]);
  }
  for (const [key, legs] of orders) {
    const first = legs[0];
    if (done.has(key) || first === undefined || legs.length < 2) {
      continue;
    }
    const marks = marksOf(
      legs.map((draft) => draft.row.optionChainSymbol),
      quoteOf,
    );
    if (marks === null) {
      continue;
    }
    done.add(key);
    const prices = splitNet(
      legs.map((draft, index) => ({ instruction: draft.row.optionChainInstruction, mark: marks[index] ?? null })),
      first.row.optionChainPrice,
      first.row.optionChainOrderType,
    );
    if (prices === null || legs.some((draft) => !draft.untouched)) {
      continue;
    }
    legs.forEach((draft, index) => {
      draft.presetPrice(prices[index] ?? 0);
    });
  }
}
