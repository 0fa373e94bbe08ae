// Tests of the order form's checks: when a problem shows on its field, and the sentence naming the field.
import { describe, expect, it } from "vitest";
import { OptionOrderForm } from "./OptionOrderForm";

function form(): OptionOrderForm {
  const made = new OptionOrderForm(["BUY_TO_OPEN", "SELL_TO_OPEN"], "Option Contract Total");
  made.fill({ instruction: "BUY_TO_OPEN", orderType: "LIMIT", quantity: "1", price: "0" });
  return made;
}

describe("OptionOrderForm checks", () => {
  it("shows a problem once the field is edited, not before", () => {
    const order = form();
    expect(order.priceProblem).toBe("Must be more than 0 for a LIMIT order");
    expect(order.shownPriceProblem).toBeNull();

    order.setQuantity("1.5");
    expect(order.shownQuantityProblem).toBe("Must be a whole number of at least 1");
    expect(order.shownPriceProblem).toBeNull();

    order.setPrice("0.5");
    expect(order.shownPriceProblem).toBeNull();
    order.setQuantity("3");
    expect(order.shownQuantityProblem).toBeNull();
  });

  it("check shows every problem and names the first field by its label", () => {
    const order = form();
    order.fill({ instruction: "BUY_TO_OPEN", orderType: "LIMIT", quantity: "0", price: "0" });

    expect(order.check()).toBe("Option Contract Total must be a whole number of at least 1");
    expect(order.shownQuantityProblem).toBe("Must be a whole number of at least 1");
    expect(order.shownPriceProblem).toBe("Must be more than 0 for a LIMIT order");

    order.setQuantity("2");
    expect(order.check()).toBe("Price must be more than 0 for a LIMIT order");
    order.setPrice("1.25");
    expect(order.check()).toBeNull();
  });

  it("does not check the price of a MARKET order, which sends 0", () => {
    const order = form();
    order.setOrderType("MARKET");

    expect(order.priceProblem).toBeNull();
    expect(order.check()).toBeNull();
    expect(order.payload().optionChainPrice).toBe(0);
  });

  it("filling the form again hides the problems until the next edit or check", () => {
    const order = form();
    order.check();
    expect(order.shownPriceProblem).not.toBeNull();

    order.fill({ instruction: "BUY_TO_OPEN", orderType: "LIMIT", quantity: "x", price: "0" });

    expect([order.shownQuantityProblem, order.shownPriceProblem]).toEqual([null, null]);
  });

  it("a price put in while the price field has the focus is not written, and is once the focus left", () => {
    const order = form();
    order.setPriceFocused(true);
    order.presetPrice("22.38");
    expect(order.price).toBe("0");

    order.setPriceFocused(false);
    order.presetPrice("22.38");
    expect(order.price).toBe("22.38");
  });

  it("a price put in by a chosen strike does not count as edited", () => {
    const order = form();
    order.presetPrice("0");

    expect(order.shownPriceProblem).toBeNull();
  });
});
