// Tests of logging out through the header's confirmation dialog.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, textResponse, type Responder } from "../test/fakeTransport";
import { renderApp } from "../test/renderApp";
import { showOutcome } from "./toaster";
import { Header } from "./Header";

vi.mock("./toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

const QUESTION = "Are you sure you want to log out?";

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

async function signedInHeader(logoutAnswer: () => Response) {
  const responder: Responder = (request) =>
    request.url === "/api/agent_account/profile" ? jsonResponse(200, { agentUsername: "ann" }) : logoutAnswer();
  const rendered = renderApp(<Header />, "/trading/account", responder);
  await rendered.store.session.checkProfile();
  return rendered;
}

describe("LogoutDialog", () => {
  it("opens on Log Out and closes on CANCEL without a request", async () => {
    const user = userEvent.setup();
    const { fake, store } = await signedInHeader(() => textResponse(200, "success"));

    await user.click(screen.getByRole("button", { name: "Log Out" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(QUESTION);
    await user.click(screen.getByRole("button", { name: "CANCEL" }));

    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
    expect(fake.requests.map((r) => r.url)).toEqual(["/api/agent_account/profile"]);
    expect(store.session.agentUsername).toBe("ann");
  });

  it("logs out on confirm, goes to the login page and toasts success", async () => {
    const user = userEvent.setup();
    const { fake, store } = await signedInHeader(() => textResponse(200, "success"));

    await user.click(screen.getByRole("button", { name: "Log Out" }));
    const dialog = await screen.findByRole("dialog");
    const confirm = Array.from(dialog.querySelectorAll("button")).find((b) => b.textContent === "Log Out");
    if (confirm === undefined) {
      throw new Error("the dialog has no Log Out button");
    }
    await user.click(confirm);

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(fake.requests.map((r) => [r.method, r.url])).toEqual([
      ["GET", "/api/agent_account/profile"],
      ["POST", "/api/agent_account/logout"],
    ]);
    expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: true, message: "Log out successfully" });
    expect(store.session.agentUsername).toBeNull();
    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
  });

  it("toasts 'Log out failed.' and keeps the dialog open when logout fails", async () => {
    const user = userEvent.setup();
    await signedInHeader(() => jsonResponse(500, { error: "session store unavailable", code: "internal" }));

    await user.click(screen.getByRole("button", { name: "Log Out" }));
    const dialog = await screen.findByRole("dialog");
    const confirm = Array.from(dialog.querySelectorAll("button")).find((b) => b.textContent === "Log Out");
    if (confirm === undefined) {
      throw new Error("the dialog has no Log Out button");
    }
    await user.click(confirm);

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Log out failed. session store unavailable",
      }),
    );
    expect(screen.getByText(QUESTION)).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/trading/account");
  });
});
