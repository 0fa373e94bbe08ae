// Tests of a dialog's confirmed request: the in-flight flag, closing on acceptance, and the console logs.
import { observable } from "mobx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deferred } from "../test/fakeTransport";
import { sendFromDialog, type RequestDialog } from "./DialogRequest";

const LOGS = { refused: "The request was refused", failed: "The request failed" };

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
});

function openDialog(): RequestDialog {
  return observable({ isOpen: true, pending: false });
}

describe("sendFromDialog", () => {
  it("is pending while the request is in flight, then closes the dialog on an accepted answer", async () => {
    const dialog = openDialog();
    const answer = deferred<unknown>();
    const sent = sendFromDialog(dialog, () => answer.promise, (text) => text === "success", LOGS);
    expect(dialog.pending).toBe(true);
    expect(dialog.isOpen).toBe(true);
    answer.resolve("success");
    await expect(sent).resolves.toBe(true);
    expect(dialog).toEqual({ isOpen: false, pending: false });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("keeps the dialog open and logs the answer when it is refused", async () => {
    const dialog = openDialog();
    const ok = await sendFromDialog(dialog, () => Promise.resolve("partial"), (text) => text === "success", LOGS);
    expect(ok).toBe(false);
    expect(dialog).toEqual({ isOpen: true, pending: false });
    expect(consoleError).toHaveBeenCalledWith("The request was refused", "partial");
  });

  it("keeps the dialog open and logs the error when the request fails", async () => {
    const dialog = openDialog();
    const error = new Error("offline");
    const ok = await sendFromDialog(dialog, () => Promise.reject(error), () => true, LOGS);
    expect(ok).toBe(false);
    expect(dialog).toEqual({ isOpen: true, pending: false });
    expect(consoleError).toHaveBeenCalledWith("The request failed", error);
  });
});
