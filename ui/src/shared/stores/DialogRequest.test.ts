// Tests of a dialog's confirmed request: the in-flight flag, closing on acceptance, the reason and the logs.
import { observable } from "mobx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/ApiError";
import { NotSentAgain } from "../commands/CommandSender";
import { deferred } from "../test/fakeTransport";
import { requestOutcome, sendFromDialog, type DialogRequest, type RequestDialog } from "./DialogRequest";

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
    await expect(sent).resolves.toEqual({ ok: true, answer: "success", partial: null });
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

  it("closes the dialog on an answer some accounts accepted, with the command's warning", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const dialog = openDialog();
    const partial = {
      accepted: [1, 2],
      failed: [
        { accountId: 3, accountName: "C", reason: "insufficient buying power" },
        { accountId: 4, accountName: "D", reason: "throttled past the deadline" },
        { accountId: 5, accountName: "E", reason: "insufficient buying power" },
      ],
    };
    const result = await sendFromDialog(dialog, { ...request(() => Promise.resolve(partial)), kind: "exit" });
    const warning = "Exit sent to 2 of 5 accounts; 3 not sent: insufficient buying power (2), throttled past the deadline (1)";
    expect(result).toEqual({ ok: true, answer: partial, partial: { ok: true, partial: true, message: warning } });
    expect(dialog).toEqual({ isOpen: false, pending: false });
    expect(requestOutcome(result, { ok: "Exit order successful", failed: "Exit order failed" })).toEqual({
      ok: true,
      partial: true,
      message: warning,
    });
  });

  it("keeps the dialog open and says nothing when the agent chose not to send the order again", async () => {
    const dialog = openDialog();
    const result = await sendFromDialog(dialog, request(() => Promise.reject(new NotSentAgain())));
    expect(result).toEqual({ ok: false, reason: null, quiet: true });
    expect(dialog).toEqual({ isOpen: true, pending: false });
    expect(requestOutcome(result, { ok: "ok", failed: "failed" })).toEqual({ ok: false, message: "", quiet: true });
    expect(consoleError).not.toHaveBeenCalled();
  });
});
