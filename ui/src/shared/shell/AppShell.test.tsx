// Tests of routing and the profile guard through the whole app shell.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { runInAction } from "mobx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, type Responder } from "../test/fakeTransport";
import { renderApp } from "../test/renderApp";
import { AppShell } from "./AppShell";
import { clearToasts } from "./toaster";

vi.mock("./toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

const signedIn: Responder = () => jsonResponse(200, { agentUsername: "ann" });
const signedOut: Responder = () => jsonResponse(200, { agentUsername: null });

beforeEach(() => {
  vi.mocked(clearToasts).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("AppShell routing", () => {
  it("sends a signed-out visitor of a trading page to the login page", async () => {
    const { fake } = renderApp(<AppShell />, "/trading/account", signedOut);

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(screen.getByRole("button", { name: "Login" })).toBeInTheDocument();
    expect(fake.requests.map((r) => [r.method, r.url])).toEqual([["GET", "/api/agent_account/profile"]]);
  });

  it("sends the visitor to the login page when the profile check fails", async () => {
    renderApp(<AppShell />, "/trading/account", () => jsonResponse(500, { error: "down", code: "internal" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
  });

  it("shows the section and the username to a signed-in agent", async () => {
    renderApp(<AppShell />, "/trading/optionCopyTrading", signedIn);

    expect(await screen.findByRole("heading", { name: "Option Trading" })).toBeInTheDocument();
    expect(screen.getByTestId("agent-username")).toHaveTextContent("ann");
  });

  it.each([
    ["/trading/account", "Account"],
    ["/trading", "Account"],
    ["/trading/optionCopyTrading", "Option Trading"],
    ["/trading/optionCopyVerticalTrading", "Vertical Trading"],
    ["/trading/stockCopyTrading", "Stock Trading"],
  ])("shows at %s the %s section", async (path, title) => {
    renderApp(<AppShell />, path, signedIn);

    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
  });

  it.each(["/", "/nowhere", "/trading/bogus"])("sends %s to /trading/account", async (path) => {
    renderApp(<AppShell />, path, signedIn);

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/trading/account"));
    expect(await screen.findByRole("heading", { name: "Account" })).toBeInTheDocument();
  });

  it("shows the login and register pages without signing in", async () => {
    renderApp(<AppShell />, "/register", signedOut);

    expect(screen.getByRole("button", { name: "Register" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/register"));
  });
});

describe("AppShell toasts", () => {
  it("clears the toasts when the signed-in agent changes and when another section is shown", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderApp(<AppShell />, "/trading/account", signedIn);
    await screen.findByRole("heading", { name: "Account" });
    await waitFor(() => expect(clearToasts).toHaveBeenCalledTimes(1));

    await user.click(
      within(screen.getByRole("navigation", { name: "Trading sections" })).getByRole("link", {
        name: "Option Trading",
      }),
    );
    expect(await screen.findByRole("heading", { name: "Option Trading" })).toBeInTheDocument();
    expect(clearToasts).toHaveBeenCalledTimes(2);

    runInAction(() => {
      store.session.sessionEnded();
    });
    expect(clearToasts).toHaveBeenCalledTimes(3);
  });
});
