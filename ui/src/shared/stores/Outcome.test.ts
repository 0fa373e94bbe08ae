// Tests of how a failure message is put together: the specified text first, then the reason.
import { describe, expect, it } from "vitest";
import { failedWith, withReason } from "./Outcome";

describe("withReason", () => {
  it("adds the reason after a colon to a text that does not end a sentence", () => {
    expect(withReason("Exit order failed", "Price must be at least 0")).toBe(
      "Exit order failed: Price must be at least 0",
    );
  });

  it("adds the reason after a space to a text that ends a sentence or with a colon", () => {
    expect(withReason("Registration failed. Please try again.", "Username is already taken")).toBe(
      "Registration failed. Please try again. Username is already taken",
    );
    expect(withReason("Copy trading failed: ", "Quantity must be a whole number from 1 to 100000")).toBe(
      "Copy trading failed: Quantity must be a whole number from 1 to 100000",
    );
    expect(withReason("Please try again!", "busy")).toBe("Please try again! busy");
  });

  it("keeps the text alone when there is no reason", () => {
    expect(withReason("Exit order failed", null)).toBe("Exit order failed");
    expect(withReason("Copy trading failed: ", undefined)).toBe("Copy trading failed:");
    expect(withReason("Login failed", "  ")).toBe("Login failed");
  });

  it("makes a failed outcome", () => {
    expect(failedWith("Order deleted failed", "order already filled")).toEqual({
      ok: false,
      message: "Order deleted failed: order already filled",
    });
  });
});
