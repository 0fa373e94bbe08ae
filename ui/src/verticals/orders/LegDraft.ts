// An order leg being edited in a dialog: the row it starts from, its fields, and whether it is chosen.
import { makeAutoObservable } from "mobx";
import { OptionOrderForm, REPLACE_INSTRUCTIONS } from "../../shared/orderForm/OptionOrderForm";
import { legFromTexts, type OrderLeg } from "../OrderLeg";
import { orderKey, type VerticalOrderRow } from "./VerticalOrderRow";

/**
 * One leg of a shown order with editable instruction, order type, quantity and price. The row's price is the
 * net per spread, so the primary leg starts at it and the others at 0, which keeps the net as it was.
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
