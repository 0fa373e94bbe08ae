// Tests of the shared toaster: one Blueprint toast per message, with the intent that matches the outcome.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { failed, succeeded } from "../stores/Outcome";
import { showDanger, showOutcome, showSuccess } from "./toaster";

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

  it("puts every toast in the one shared toaster", async () => {
    showSuccess("first");
    showDanger("second");
    await screen.findByText("first");
    await screen.findByText("second");

    expect(document.querySelectorAll(".cd-toaster")).toHaveLength(1);
  });
});
