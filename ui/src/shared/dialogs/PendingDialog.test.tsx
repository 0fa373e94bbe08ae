// Tests of the shared dialog frame: closed, it gives the focus back to its opener without scrolling to it.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeAutoObservable } from "mobx";
import { observer } from "mobx-react-lite";
import { describe, expect, it, vi } from "vitest";
import { noCallsExpected, renderApp } from "../test/renderApp";
import { PendingDialog } from "./PendingDialog";

class FakeDialog {
  isOpen = false;
  pending = false;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  open(): void {
    this.isOpen = true;
  }

  close(): void {
    this.isOpen = false;
  }
}

const Screen = observer(function Screen({ dialog }: { readonly dialog: FakeDialog }) {
  return (
    <>
      <button type="button" onClick={dialog.open}>
        Replace session 1
      </button>
      <PendingDialog dialog={dialog} title="Replace Orders of Session 1" className="cd-order-dialog">
        <button type="button" onClick={dialog.close}>
          CANCEL
        </button>
      </PendingDialog>
    </>
  );
});

describe("PendingDialog", () => {
  it("gives the focus back to the button that opened it, without scrolling the page to it", async () => {
    const user = userEvent.setup({ delay: null });
    const dialog = new FakeDialog();
    renderApp(<Screen dialog={dialog} />, "/", noCallsExpected);
    const opener = screen.getByRole("button", { name: "Replace session 1" });
    await user.click(opener);
    await screen.findByRole("dialog", { name: "Replace Orders of Session 1" });
    const focus = vi.spyOn(opener, "focus");

    await user.click(screen.getByRole("button", { name: "CANCEL" }));

    await waitFor(() => expect(opener).toHaveFocus());
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(focus.mock.calls.every(([options]) => options?.preventScroll === true)).toBe(true);
  });
});
