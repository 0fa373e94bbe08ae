// Tests of the shared toaster: one Blueprint toast per message, the intent that matches the outcome, at most three
// at once, clearing, and the space the toasts take.
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { UNKNOWN_OUTCOME } from "../api/ApiClient";
import { failed, NOT_SENT, partlySucceeded, succeeded } from "../stores/Outcome";
import {
  clearToasts,
  keyedTimeout,
  MAX_TOASTS,
  showDanger,
  showOutcome,
  showSuccess,
  TOAST_SPACE_VARIABLE,
  TOAST_TIMEOUT_MS,
  toastSpace,
} from "./toaster";

function shownToasts(): string[] {
  return Array.from(document.querySelectorAll(".bp6-toast:not(.bp6-toast-exit)"), (toast) => toast.textContent ?? "");
}

afterEach(async () => {
  clearToasts();
  await waitFor(() => expect(document.querySelectorAll(".bp6-toast")).toHaveLength(0));
});

async function toastOf(message: string): Promise<Element | null> {
  return (await screen.findByText(message)).closest(".bp6-toast");
}

describe("toaster", () => {
  it("shows a success toast", async () => {
    showSuccess("Agent registered successfully");

    expect(await toastOf("Agent registered successfully")).toHaveClass("bp6-intent-success");
  });

  it("shows a danger toast", async () => {
    showDanger("Registration failed. Please try again.");

    expect(await toastOf("Registration failed. Please try again.")).toHaveClass("bp6-intent-danger");
  });

  it("shows an outcome with the intent that matches it", async () => {
    showOutcome(succeeded("Log out successfully"));
    showOutcome(failed("Log out failed."));

    expect(await toastOf("Log out successfully")).toHaveClass("bp6-intent-success");
    expect(await toastOf("Log out failed.")).toHaveClass("bp6-intent-danger");
  });

  it("shows a partial success as a warning, and nothing for a quiet outcome", async () => {
    showOutcome(NOT_SENT);
    showOutcome(partlySucceeded("Placed on 7 of 11 accounts; 4 not sent: insufficient buying power (4)"));

    expect(await toastOf("Placed on 7 of 11 accounts; 4 not sent: insufficient buying power (4)")).toHaveClass(
      "bp6-intent-warning",
    );
    expect(shownToasts()).toEqual(["Placed on 7 of 11 accounts; 4 not sent: insufficient buying power (4)"]);
  });

  it("puts every toast in the one shared toaster", async () => {
    showSuccess("first");
    showDanger("second");
    await screen.findByText("first");
    await screen.findByText("second");

    expect(document.querySelectorAll(".cd-toaster")).toHaveLength(1);
  });

  it("shows at most three toasts, keeping the newest", async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      showDanger(`failure ${n}`);
      await screen.findByText(`failure ${n}`);
    }

    await waitFor(() => expect(shownToasts()).toContain("failure 5"));
    await waitFor(() => expect(shownToasts()).not.toContain("failure 2"));
    expect(shownToasts().length).toBeLessThanOrEqual(MAX_TOASTS);
    expect(shownToasts()).not.toContain("failure 1");
    expect(MAX_TOASTS).toBe(3);
  });

  it("closes a 'may have gone out' failure once a success follows, and leaves other failures", async () => {
    const lost = `Copy trading failed: Could not reach the server (Failed to fetch). ${UNKNOWN_OUTCOME}`;
    showDanger(lost);
    showDanger("Copy trading failed: Quantity is required");
    await screen.findByText(lost);

    showSuccess("Copy trading successful");

    await waitFor(() =>
      expect(shownToasts().sort()).toEqual(["Copy trading failed: Quantity is required", "Copy trading successful"]),
    );
  });

  it("closes a 'may have gone out' failure once a partial success answers", async () => {
    const lost = `Place order failed: Could not reach the server (Failed to fetch). ${UNKNOWN_OUTCOME}`;
    showDanger(lost);
    await screen.findByText(lost);

    showOutcome(partlySucceeded("Placed on 1 of 2 accounts; 1 not sent: token expired (1)"));

    await waitFor(() => expect(shownToasts()).toEqual(["Placed on 1 of 2 accounts; 1 not sent: token expired (1)"]));
  });

  it("updates a keyed toast in place, its intent following the outcome, and shows it again once it was closed", async () => {
    showOutcome(succeeded("Place order successful"), "/orders#command-1");
    expect(await toastOf("Place order successful")).toHaveClass("bp6-intent-success");

    showOutcome(partlySucceeded("Session 5: 4 of 11 accounts rejected — halted (4)"), "/orders#command-1");
    expect(await toastOf("Session 5: 4 of 11 accounts rejected — halted (4)")).toHaveClass("bp6-intent-warning");
    showOutcome(failed("Session 5: 11 of 11 accounts rejected — halted (11)"), "/orders#command-1");
    expect(await toastOf("Session 5: 11 of 11 accounts rejected — halted (11)")).toHaveClass("bp6-intent-danger");
    expect(shownToasts()).toEqual(["Session 5: 11 of 11 accounts rejected — halted (11)"]);

    (await screen.findByRole("button", { name: "Close" })).click();
    await waitFor(() => expect(shownToasts()).toEqual([]));
    showOutcome(failed("Session 5: 11 of 11 accounts rejected — halted (10); unknown symbol (1)"), "/orders#command-1");
    await waitFor(() =>
      expect(shownToasts()).toEqual(["Session 5: 11 of 11 accounts rejected — halted (10); unknown symbol (1)"]),
    );
  });

  it("starts a keyed toast's time over at each update, by turns of its timeout", () => {
    expect(keyedTimeout(1)).toBe(TOAST_TIMEOUT_MS + 1);
    expect(keyedTimeout(2)).toBe(TOAST_TIMEOUT_MS);
    expect(keyedTimeout(3)).toBe(TOAST_TIMEOUT_MS + 1);
  });

  it("clears every toast shown before, and keeps one shown after", async () => {
    showDanger("Login failed");
    showDanger("Login failed");
    await screen.findAllByText("Login failed");

    clearToasts();
    showSuccess("Login successfully");

    await waitFor(() => expect(shownToasts()).toEqual(["Login successfully"]));
  });

  it("tells the dialogs how much room the toasts take at the bottom", async () => {
    const space = () => document.documentElement.style.getPropertyValue(TOAST_SPACE_VARIABLE);
    const host = document.createElement("div");
    expect(toastSpace(host)).toBe(0);
    host.innerHTML = '<div class="bp6-toast-container"></div>';
    const container = host.firstElementChild as HTMLElement;
    container.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 600, width: 400, height: 84.2 });
    expect(toastSpace(host)).toBe(0);
    container.innerHTML = '<div class="bp6-toast">Saved</div>';
    expect(toastSpace(host)).toBe(85);
    // A closed toast on its way out holds no room, alone or beside one still shown.
    container.innerHTML = '<div class="bp6-toast bp6-toast-exit bp6-toast-exit-active">Saved</div>';
    expect(toastSpace(host)).toBe(0);
    container.innerHTML = '<div class="bp6-toast bp6-toast-exit">Saved</div><div class="bp6-toast">Failed</div>';
    expect(toastSpace(host)).toBe(85);

    // The shared toaster keeps the variable current (jsdom lays nothing out, so a toast measures 0).
    showSuccess("Saved");
    await screen.findByText("Saved");
    await waitFor(() => expect(space()).toBe("0px"));
    const real = document.querySelector<HTMLElement>(".cd-toaster");
    if (real === null) {
      throw new Error("expected the toaster's container");
    }
    real.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 600, width: 400, height: 120 });
    showDanger("Failed");
    await waitFor(() => expect(space()).toBe("120px"));
  });
});
