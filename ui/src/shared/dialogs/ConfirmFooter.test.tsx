// Tests of the confirm footer: both buttons disabled from the click to the answer, one action however it is pressed.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeAutoObservable, runInAction } from "mobx";
import { describe, expect, it, vi } from "vitest";
import { deferred } from "../test/fakeTransport";
import { NOT_SENT, succeeded, type Outcome } from "../stores/Outcome";
import { showOutcome } from "../shell/toaster";
import { ConfirmFooter } from "./ConfirmFooter";

vi.mock("../shell/toaster", () => ({ showOutcome: vi.fn() }));

/** A confirm dialog's store: pending from the action's start to its answer, a press while pending sends nothing. */
class ConfirmStore {
  pending = false;
  sent = 0;
  readonly answer = deferred<Outcome>();
  constructor() {
    makeAutoObservable(this, { answer: false }, { autoBind: true });
  }
  close(): void {}
  async confirm(): Promise<Outcome> {
    if (this.pending) {
      return NOT_SENT;
    }
    this.pending = true;
    this.sent += 1;
    const outcome = await this.answer.promise;
    runInAction(() => {
      this.pending = false;
    });
    return outcome;
  }
}

describe("ConfirmFooter", () => {
  it("disables both buttons from the click to the answer, so a double click acts once", async () => {
    const user = userEvent.setup({ delay: null });
    const store = new ConfirmStore();
    render(<ConfirmFooter dialog={store} actionText="DELETE" intent="danger" onAction={store.confirm} />);
    const action = screen.getByRole("button", { name: "DELETE" });

    await user.dblClick(action);

    expect(action).toBeDisabled();
    expect(screen.getByRole("button", { name: "CANCEL" })).toBeDisabled();
    expect(store.sent).toBe(1);
    store.answer.resolve(succeeded("Order deleted successful"));
    await waitFor(() => expect(action).toBeEnabled());
    expect(showOutcome).toHaveBeenCalledExactlyOnceWith(succeeded("Order deleted successful"));
  });
});
