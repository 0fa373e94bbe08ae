// An order leg being edited in a dialog: the row it starts from, its fields, and whether it is chosen.
import { makeAutoObservable } from "mobx";
import { OptionOrderForm, REPLACE_INSTRUCTIONS } from "../../shared/orderForm/OptionOrderForm";
import type { Quote } from "../../shared/quotes/Quote";
import { legFromTexts, type OrderLeg } from "../OrderLeg";
import { priceOnTick } from "../../shared/format/priceOnTick";
import { marksOf, splitNet } from "./legPrices";
import { byOrder, orderKey, type VerticalOrderRow } from "./VerticalOrderRow";

/**
 * One leg of a shown order with editable instruction, order type, quantity and price. The brokerage holds a
 * spread at its net price only, so a leg starts at its share of that net ({@link draftsOf}): one leg carries the
 * whole net and the others 0.00, which is the order's own price exactly. A replace keeps that start; placing the
 * legs again as a new order may give each leg its own price from the quotes, with the same net
 * ({@link priceLegsFromQuotes}).
 */
export class LegDraft {
  /** The row the leg starts from. */
  readonly row: VerticalOrderRow;
  /** The leg's fields (a leg's LIMIT price may be 0: only the net is an order's price). */
  readonly form = new OptionOrderForm(REPLACE_INSTRUCTIONS, "Quantity", true);

  /**
   * @param row The leg's row.
   * @param quantity The quantity to start from (the row's, or the row's before its tier multiplier).
   * @param price The price to start from, as text; for a leg of a spread, its share of the net ({@link draftsOf}).
   */
  constructor(
    row: VerticalOrderRow,
    quantity: number = row.optionChainQuantity,
    price: string = priceOnTick(row.optionChainLegIndex === 0 ? row.optionChainPrice : 0, false),
  ) {
    this.row = row;
    this.form.fill({
      instruction: row.optionChainInstruction,
      orderType: row.optionChainOrderType === "MARKET" ? "MARKET" : "LIMIT",
      quantity: String(quantity),
      price,
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
      this.form.presetPrice(priceOnTick(price, false));
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
 * The legs of `rows` as drafts, each starting at the order's own terms: the net of a spread on one leg (the
 * first bought leg of a debit or zero net, the first sold leg of a credit) and 0.00 on the others, so the legs
 * add up to the order's net exactly; a single-leg order at its own price; MARKET legs without a price.
 * `quantityOf` gives each leg's starting quantity (the row's when not given).
 */
export function draftsOf(
  rows: readonly VerticalOrderRow[],
  quantityOf: (row: VerticalOrderRow) => number = (row) => row.optionChainQuantity,
): LegDraft[] {
  const prices = new Map<VerticalOrderRow, string>();
  for (const legs of byOrder(rows, (row) => row).values()) {
    const first = legs[0];
    if (first === undefined) {
      continue;
    }
    const split = splitNet(
      legs.map((row) => ({ instruction: row.optionChainInstruction, mark: null })),
      first.optionChainPrice,
      first.optionChainOrderType,
    );
    legs.forEach((row, index) => {
      const price = split?.[index] ?? (index === 0 ? first.optionChainPrice : 0);
      prices.set(row, priceOnTick(price, false));
    });
  }
  return rows.map((row) => new LegDraft(row, quantityOf(row), prices.get(row)));
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
  for (const [key, legs] of byOrder(drafts, (draft) => draft.row)) {
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
