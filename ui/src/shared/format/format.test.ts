// Tests of the display formats: money, durations, token countdowns and ages.
import { describe, expect, it } from "vitest";
import { formatAge } from "./formatAge";
import { formatCountdown } from "./formatCountdown";
import { formatDuration } from "./formatDuration";
import { formatMoney } from "./formatMoney";
import { formatPrice } from "./formatPrice";
import { formatCount, formatQuantity } from "./formatQuantity";
import { onTick, priceOnTick, priceTextOnTick } from "./priceOnTick";
import { dayOf, formatTime, formatTimeOfDay } from "./formatTime";

describe("priceOnTick", () => {
  it("rounds to the cent, or to four decimals below $1 for stocks", () => {
    expect(priceOnTick(229.8312, true)).toBe("229.83");
    expect(priceOnTick(229.835, true)).toBe("229.84");
    expect(priceOnTick(1.005, false)).toBe("1.01");
    expect(priceOnTick(0.12345, true)).toBe("0.1235");
    expect(priceOnTick(0.12345, false)).toBe("0.12");
    expect(priceOnTick(25, false)).toBe("25.00");
    expect(priceOnTick(1, false)).toBe("1.00");
    expect(priceOnTick(0.5, true)).toBe("0.50");
    expect(priceOnTick(0, true)).toBe("0.00");
    expect(priceOnTick(0.123, true)).toBe("0.123");
  });

  it("writes a prefilled price text on its tick and leaves other text alone", () => {
    expect(priceTextOnTick("1", false)).toBe("1.00");
    expect(priceTextOnTick("0.5", false)).toBe("0.50");
    expect(priceTextOnTick("", false)).toBe("");
    expect(priceTextOnTick("abc", false)).toBe("abc");
  });

  it("tells text with more decimals than an order may carry", () => {
    expect(onTick("229.83", true)).toBe(true);
    expect(onTick("229.8300", true)).toBe(true);
    expect(onTick("229.831", true)).toBe(false);
    expect(onTick("0.1234", true)).toBe(true);
    expect(onTick("0.1234", false)).toBe(false);
    expect(onTick("12", true)).toBe(true);
  });
});

describe("formatMoney", () => {
  it.each([
    [100000, "$100,000.00"],
    [99500.5, "$99,500.50"],
    [0, "$0.00"],
    [-1234.567, "-$1,234.57"],
    [null, "—"],
  ])("formats %s as %s", (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0s"],
    [45.9, "45s"],
    [60, "1m 0s"],
    [1799, "29m 59s"],
    [3600, "1h 0m"],
    [7261, "2h 1m"],
    [604_000, "6d 23h"],
    [-5, "0s"],
  ])("formats %s seconds as %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe("formatCountdown", () => {
  it.each([
    [1799, "29m 59s"],
    [1, "1s"],
    [0, "expired"],
    [-30, "expired"],
    [null, "—"],
  ])("formats %s as %s", (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

describe("formatAge", () => {
  const now = Date.UTC(2025, 0, 2, 3, 4, 5);

  it.each([
    ["2025-01-02T03:03:53Z", "12s ago"],
    ["2025-01-02T04:03:53+01:00", "12s ago"],
    ["2025-01-02T02:04:05Z", "1h 0m ago"],
    ["2025-01-02T03:04:07Z", "0s ago"],
    ["yesterday", "yesterday"],
    [null, "—"],
  ])("formats %s as %s", (time, text) => {
    expect(formatAge(time, now)).toBe(text);
  });
});

describe("formatQuantity", () => {
  it.each([
    [5, "5"],
    [0, "0"],
    [25000, "25,000"],
    [-1200, "-1,200"],
    [0.5, "0.5"],
    [1234567, "1,234,567"],
  ])("formats %s as %s", (quantity, text) => {
    expect(formatQuantity(quantity)).toBe(text);
  });
});

describe("formatCount", () => {
  it.each([
    [1, "spread", "1 spread"],
    [0, "contract", "0 contracts"],
    [2700, "share", "2,700 shares"],
    [23000, "spread", "23,000 spreads"],
  ])("counts %s %s as %s", (quantity, noun, text) => {
    expect(formatCount(quantity, noun)).toBe(text);
  });
});

describe("formatPrice", () => {
  it.each([
    [1.25, "1.25"],
    [135.5, "135.50"],
    [0, "0.00"],
    [0.0525, "0.0525"],
    [1234.5, "1234.50"],
  ])("formats %s as %s", (price, text) => {
    expect(formatPrice(price)).toBe(text);
  });
});

describe("formatTime", () => {
  it.each([
    ["2025-01-02T03:04:05Z", "UTC", "2025-01-02 03:04:05"],
    ["2025-01-02T03:04:05+01:00", "UTC", "2025-01-02 02:04:05"],
    ["2025-01-02T23:30:00Z", "America/New_York", "2025-01-02 18:30:00"],
    ["2025-01-02T00:00:00Z", "UTC", "2025-01-02 00:00:00"],
    ["soon", "UTC", "soon"],
  ])("formats %s in %s as %s", (time, zone, text) => {
    expect(formatTime(time, zone)).toBe(text);
  });
});

describe("formatTimeOfDay", () => {
  const now = Date.parse("2025-01-02T15:00:00Z");
  it.each([
    ["2025-01-02T03:04:05Z", "UTC", "03:04:05"],
    ["2025-01-01T23:59:59Z", "UTC", "2025-01-01 23:59:59"],
    // 02:30 UTC on the 3rd is still the 2nd in New York, the day of `now` there.
    ["2025-01-03T02:30:00Z", "America/New_York", "21:30:00"],
    ["2025-01-02T03:04:05Z", "America/New_York", "2025-01-01 22:04:05"],
    ["soon", "UTC", "soon"],
  ])("formats %s in %s as %s", (time, zone, text) => {
    expect(formatTimeOfDay(time, dayOf(now, zone), zone)).toBe(text);
  });

  it("names the day of an instant in a time zone", () => {
    expect(dayOf(Date.parse("2025-01-03T02:30:00Z"), "UTC")).toBe("2025-01-03");
    expect(dayOf(Date.parse("2025-01-03T02:30:00Z"), "America/New_York")).toBe("2025-01-02");
  });
});
