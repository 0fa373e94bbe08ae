// Tests of the login page: its texts and link, the request it sends, and where it goes afterwards.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, jsonResponse } from "../test/fakeTransport";
import { noCallsExpected, renderApp } from "../test/renderApp";
import { showOutcome } from "./toaster";
import { LoginPage } from "./LoginPage";

vi.mock("./toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

function loginRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("LoginPage", () => {
  it("renders the username and password fields, the Login button and the register link", () => {
    renderApp(loginRoutes(), "/login", noCallsExpected);

    expect(screen.getByLabelText("Username")).toHaveAttribute("type", "text");
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "Login" })).toBeEnabled();
    expect(screen.getByText("Don't have an account yet?")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Register now" })).toHaveAttribute("href", "/register");
  });

  it("logs in, toasts 'Login successfully' and opens the Account section", async () => {
    const user = userEvent.setup();
    const { fake, store } = renderApp(loginRoutes(), "/login", () => jsonResponse(200, { agentUsername: "ann" }));

    await user.type(screen.getByLabelText("Username"), "ann");
    await user.type(screen.getByLabelText("Password"), "s3cret-pass");
    await user.click(screen.getByRole("button", { name: "Login" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/trading/account"));
    expect(fake.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ["POST", "/api/agent_account/login/", '{"agentUsername":"ann","agentPassword":"s3cret-pass"}'],
    ]);
    expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: true, message: "Login successfully" });
    expect(store.session.agentUsername).toBe("ann");
  });

  it("toasts 'Login failed' and stays on the page when the server refuses", async () => {
    const user = userEvent.setup();
    renderApp(loginRoutes(), "/login", () =>
      jsonResponse(401, { error: "invalid username or password", code: "invalid_credentials" }),
    );

    await user.click(screen.getByRole("button", { name: "Login" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Login failed: invalid username or password",
      }),
    );
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
  });

  it("disables the Login button while the request is in flight", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { fake } = renderApp(loginRoutes(), "/login", () => answer.promise);

    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(screen.getByRole("button", { name: /Login/ })).toBeDisabled();
    await user.type(screen.getByLabelText("Password"), "{Enter}");
    expect(fake.requests).toHaveLength(1);

    answer.resolve(jsonResponse(401, { error: "invalid username or password", code: "invalid_credentials" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Login" })).toBeEnabled());
  });
});
