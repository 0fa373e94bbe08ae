// Tests of a dialog's confirmed request: the in-flight flag, closing on acceptance, the reason and the logs.
import { observable } from "mobx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/ApiError";
import { deferred } from "../test/fakeTransport";
import { sendFromDialog, type DialogRequest, type RequestDialog } from "./DialogRequest";

const LOGS = { refused: "The request was refused", failed: "The request failed" };

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
});

function openDialog(): RequestDialog {
  return observable({ isOpen: true, pending: false });
}

function request(send: () => Promise<unknown>): DialogRequest {
  return {
    send,
    accepted: (answer) => answer === "success",
    refusalReason: (answer) => `said ${String(answer)}`,
    logs: LOGS,
  };
}

describe("sendFromDialog", () => {
  it("is pending while the request is in flight, then closes the dialog on an accepted answer", async () => {
    const dialog = openDialog();
    const answer = deferred<unknown>();
    const sent = sendFromDialog(dialog, request(() => answer.promise));
    expect(dialog.pending).toBe(true);
    expect(dialog.isOpen).toBe(true);
    answer.resolve("success");
    await expect(sent).resolves.toEqual({ ok: true });
    expect(dialog).toEqual({ isOpen: false, pending: false });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("keeps the dialog open, gives the answer's reason and logs the answer when it is refused", async () => {
    const dialog = openDialog();
    const result = await sendFromDialog(dialog, request(() => Promise.resolve("partial")));
    expect(result).toEqual({ ok: false, reason: "said partial" });
    expect(dialog).toEqual({ isOpen: true, pending: false });
    expect(consoleError).toHaveBeenCalledWith("The request was refused", "partial");
  });

  it("keeps the dialog open, gives the server's message and logs the error when the request fails", async () => {
    const dialog = openDialog();
    const error = new ApiError(409, "the order is already FILLED", "order_final");
    const result = await sendFromDialog(dialog, request(() => Promise.reject(error)));
    expect(result).toEqual({ ok: false, reason: "the order is already FILLED" });
    expect(dialog).toEqual({ isOpen: true, pending: false });
    expect(consoleError).toHaveBeenCalledWith("The request failed", error);
  });
});
