// Tests of the stock order form: visibility and labels, defaults, the session split, checks and the body.
import { describe, expect, it } from "vitest";
import {
  choiceOf,
  orderTypesOf,
  splitChoice,
  STOCK_CLOSING_INSTRUCTIONS,
  STOCK_OPENING_INSTRUCTIONS,
  STOCK_ORDER_TYPES,
  StockOrderForm,
} from "./StockOrderForm";

function form(): StockOrderForm {
  const made = new StockOrderForm(STOCK_OPENING_INSTRUCTIONS);
  made.setSymbol("aapl");
  return made;
}

describe("StockOrderForm", () => {
  it("starts with BUY, DAY, LIMIT, quantity 1, prices 0, VALUE 0.1", () => {
    const made = new StockOrderForm(STOCK_OPENING_INSTRUCTIONS);
    expect([made.instruction, made.choice, made.orderType, made.quantity, made.price, made.stopPrice]).toEqual([
      "BUY",
      "DAY",
      "LIMIT",
      "1",
      "0",
      "0",
    ]);
    expect([made.linkType, made.offset]).toEqual(["VALUE", "0.1"]);
    expect(new StockOrderForm(STOCK_CLOSING_INSTRUCTIONS).instruction).toBe("SELL");
  });

  it.each([
    ["MARKET", false, false, false, "Stop Price"],
    ["LIMIT", true, false, false, "Stop Price"],
    ["STOP", false, true, false, "Stop Price"],
    ["STOP_LIMIT", true, true, false, "Activation Price"],
    ["TRAILING_STOP", false, false, true, "Stop Price"],
  ])("shows for %s: price %s, stop price %s, link type and offset %s", (type, price, stop, trailing, label) => {
    const made = form();
    made.setOrderType(type);
    expect([made.priceShown, made.stopPriceShown, made.trailingShown, made.stopPriceLabel]).toEqual([
      price,
      stop,
      trailing,
      label,
    ]);
  });

  it("sets the offset default of the link type: 1 for percent, 0.1 for dollars", () => {
    const made = form();
    made.setOrderType("TRAILING_STOP");
    made.setLinkType("PERCENT");
    expect(made.offset).toBe("1");
    made.setLinkType("VALUE");
    expect(made.offset).toBe("0.1");
  });

  it("splits each session choice into stockSession and stockDuration, and reads it back", () => {
    expect(splitChoice("DAY")).toEqual({ stockSession: "NORMAL", stockDuration: "DAY" });
    expect(splitChoice("GTC")).toEqual({ stockSession: "NORMAL", stockDuration: "GOOD_TILL_CANCEL" });
    expect(splitChoice("EXT")).toEqual({ stockSession: "SEAMLESS", stockDuration: "DAY" });
    expect(splitChoice("GTC_EXT")).toEqual({ stockSession: "SEAMLESS", stockDuration: "GOOD_TILL_CANCEL" });
    expect(choiceOf("SEAMLESS", "GOOD_TILL_CANCEL")).toBe("GTC_EXT");
    expect(choiceOf("NORMAL", "GOOD_TILL_CANCEL")).toBe("GTC");
  });

  it("builds the exact body of a LIMIT order, the symbol upper-cased", () => {
    const made = form();
    made.setChoice("EXT");
    made.setQuantity("5");
    made.setPrice("101.25");
    expect(made.check()).toEqual({
      stockSymbol: "AAPL",
      stockSession: "SEAMLESS",
      stockDuration: "DAY",
      stockInstruction: "BUY",
      stockOrderType: "LIMIT",
      stockQuantity: 5,
      stockPrice: 101.25,
      stockStopPrice: 0,
      stockStopPriceLinkType: "VALUE",
      stockStopPriceOffset: 0.1,
      stockStopPriceLinkBasis: "BID",
    });
  });

  it.each([
    ["DAY", [...STOCK_ORDER_TYPES]],
    ["GTC", [...STOCK_ORDER_TYPES]],
    ["EXT", ["LIMIT"]],
    ["GTC_EXT", ["LIMIT"]],
  ] as const)("offers for %s the order types %j", (choice, types) => {
    const made = form();
    made.setChoice(choice);
    expect(made.orderTypes).toEqual(types);
    expect(orderTypesOf(choice)).toEqual(types);
  });

  it.each(["MARKET", "STOP", "STOP_LIMIT", "TRAILING_STOP"])(
    "resets a %s order to LIMIT when extended hours are chosen, and refuses it there",
    (type) => {
      const made = form();
      made.setOrderType(type);
      made.setChoice("GTC_EXT");
      expect([made.choice, made.orderType]).toEqual(["GTC_EXT", "LIMIT"]);
      made.setOrderType(type);
      expect(made.orderType).toBe("LIMIT");
      made.setChoice("DAY");
      made.setOrderType(type);
      expect(made.orderType).toBe(type);
    },
  );

  it("fills an extended-hours order of another type as a LIMIT", () => {
    const made = form();
    made.fill({
      symbol: "msft",
      instruction: "BUY",
      choice: "EXT",
      orderType: "TRAILING_STOP",
      quantity: "3",
      price: "0",
      stopPrice: "0",
      linkType: "PERCENT",
      offset: "2.5",
      linkBasis: "MARK",
    });
    expect([made.choice, made.orderType]).toEqual(["EXT", "LIMIT"]);
  });

  it("lets a trailing stop follow BID (the default), ASK, LAST or MARK and sends it", () => {
    const made = form();
    made.setOrderType("TRAILING_STOP");
    expect(made.linkBasis).toBe("BID");
    expect(made.check()).toMatchObject({ stockStopPriceLinkBasis: "BID" });
    for (const basis of ["ASK", "LAST", "MARK"]) {
      made.setLinkBasis(basis);
      expect(made.check()).toMatchObject({ stockOrderType: "TRAILING_STOP", stockStopPriceLinkBasis: basis });
    }
    made.setLinkBasis("AVERAGE");
    expect(made.linkBasis).toBe("BID");
    made.fill({
      symbol: "aapl",
      instruction: "BUY",
      choice: "GTC",
      orderType: "TRAILING_STOP",
      quantity: "1",
      price: "0",
      stopPrice: "0",
      linkType: "VALUE",
      offset: "1",
      linkBasis: "LAST",
    });
    expect(made.linkBasis).toBe("LAST");
    made.reset();
    expect(made.linkBasis).toBe("BID");
  });

  it("sends hidden prices as 0 and the trailing stop's link type and offset", () => {
    const made = form();
    made.setPrice("99");
    made.setOrderType("TRAILING_STOP");
    made.setLinkType("PERCENT");
    made.setOffset("2.5");
    expect(made.check()).toMatchObject({
      stockOrderType: "TRAILING_STOP",
      stockPrice: 0,
      stockStopPrice: 0,
      stockStopPriceLinkType: "PERCENT",
      stockStopPriceOffset: 2.5,
    });
  });

  it("sends the stop price of a STOP order and no price", () => {
    const made = form();
    made.setPrice("99");
    made.setOrderType("STOP");
    made.setStopPrice("140");
    expect(made.check()).toMatchObject({ stockPrice: 0, stockStopPrice: 140 });
  });

  it("marks each wrong field and builds no body", () => {
    const made = new StockOrderForm(STOCK_OPENING_INSTRUCTIONS);
    made.setSymbol("1ab$");
    made.setQuantity("1.5");
    made.setOrderType("STOP_LIMIT");
    expect(made.errorOf("symbol")).toBeUndefined();
    expect(made.check()).toBeNull();
    expect(made.errorOf("symbol")).toBe("Symbol must be a stock symbol such as AAPL");
    expect(made.errorOf("quantity")).toBe("Quantity must be a whole number of at least 1");
    expect(made.errorOf("price")).toBe("Price must be greater than 0");
    expect(made.errorOf("stopPrice")).toBe("Activation Price must be greater than 0");
    made.setQuantity("0");
    expect(made.errorOf("quantity")).toBe("Quantity must be a whole number of at least 1");
  });

  it("refuses more decimals than a stock price may carry, and takes four below $1", () => {
    const made = form();
    made.setOrderType("STOP_LIMIT");
    made.setPrice("229.8312");
    made.setStopPrice("0.12345");
    expect(made.check()).toBeNull();
    expect(made.errorOf("price")).toBe("Price must have at most 2 decimals (4 below $1)");
    expect(made.errorOf("stopPrice")).toBe("Activation Price must have at most 2 decimals (4 below $1)");
    made.setPrice("229.8300");
    made.setStopPrice("0.1234");
    expect(made.check()).toMatchObject({ stockPrice: 229.83, stockStopPrice: 0.1234 });
  });

  it("refuses a zero offset of a trailing stop", () => {
    const made = form();
    made.setOrderType("TRAILING_STOP");
    made.setOffset("0");
    expect(made.check()).toBeNull();
    expect(made.errorOf("offset")).toBe("Stop Price Offset must be greater than 0");
  });

  it("takes thousands separators in quantity and prices and sends the numbers", () => {
    const made = form();
    made.setQuantity("2,500");
    made.setPrice("1,000");
    expect(made.check()).toMatchObject({ stockQuantity: 2500, stockPrice: 1000 });
    made.setOrderType("STOP_LIMIT");
    made.setPrice(" 1,234.56 ");
    made.setStopPrice("1,200.5");
    expect(made.check()).toMatchObject({ stockPrice: 1234.56, stockStopPrice: 1200.5 });
    made.setOrderType("TRAILING_STOP");
    made.setOffset("1,000");
    expect(made.check()).toMatchObject({ stockStopPriceOffset: 1000 });
  });

  it("says a price that is no number must be a number, and nothing is built", () => {
    const made = form();
    made.setOrderType("STOP_LIMIT");
    for (const text of ["abc", "1,5", "1,00", "$10", "1.2.3"]) {
      made.setPrice(text);
      made.setStopPrice(text);
      expect(made.check()).toBeNull();
      expect(made.errorOf("price")).toBe("Price must be a number");
      expect(made.errorOf("stopPrice")).toBe("Activation Price must be a number");
    }
    made.setPrice("-5");
    expect(made.check()).toBeNull();
    expect(made.errorOf("price")).toBe("Price must be greater than 0");
    made.setOrderType("TRAILING_STOP");
    made.setOffset("x");
    expect(made.check()).toBeNull();
    expect(made.errorOf("offset")).toBe("Stop Price Offset must be a number");
  });

  it("refuses quantities grouped wrongly", () => {
    const made = form();
    for (const text of ["1,5", "10,00", "1,000.5", ",100"]) {
      made.setQuantity(text);
      expect(made.check()).toBeNull();
      expect(made.errorOf("quantity")).toBe("Quantity must be a whole number of at least 1");
    }
  });
});
