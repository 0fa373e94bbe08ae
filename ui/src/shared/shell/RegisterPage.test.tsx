// Tests of the register page: its texts and link, the request it sends, and where it goes afterwards.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { deferred, jsonResponse, textResponse } from "../test/fakeTransport";
import { noCallsExpected, renderApp } from "../test/renderApp";
import { showOutcome } from "./toaster";
import { RegisterPage } from "./RegisterPage";

vi.mock("./toaster", () => ({ showOutcome: vi.fn(), showSuccess: vi.fn(), showDanger: vi.fn(), clearToasts: vi.fn() }));

function registerRoutes() {
  return (
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}

beforeEach(() => {
  vi.mocked(showOutcome).mockClear();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("RegisterPage", () => {
  it("renders the username and password fields, the Register button and the login link", () => {
    renderApp(registerRoutes(), "/register", noCallsExpected);

    expect(screen.getByLabelText("Username")).toHaveAttribute("type", "text");
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "Register" })).toBeEnabled();
    expect(screen.getByText("Already a member?")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  });

  it("registers, toasts the server's text and goes to the login page", async () => {
    const user = userEvent.setup();
    const { fake } = renderApp(registerRoutes(), "/register", () =>
      textResponse(200, "Agent registered successfully"),
    );

    await user.type(screen.getByLabelText("Username"), "ann");
    await user.type(screen.getByLabelText("Password"), "s3cret-pass");
    await user.click(screen.getByRole("button", { name: "Register" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(fake.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ["POST", "/api/agent_account/register/", '{"agentUsername":"ann","agentPassword":"s3cret-pass"}'],
    ]);
    expect(showOutcome).toHaveBeenCalledExactlyOnceWith({ ok: true, message: "Agent registered successfully" });
  });

  it("toasts the failure message and stays on the page when the name is taken", async () => {
    const user = userEvent.setup();
    renderApp(registerRoutes(), "/register", () =>
      jsonResponse(409, { error: "Username is already taken", code: "username_taken" }),
    );

    await user.click(screen.getByRole("button", { name: "Register" }));

    await waitFor(() =>
      expect(showOutcome).toHaveBeenCalledExactlyOnceWith({
        ok: false,
        message: "Registration failed. Please try again. Username is already taken",
      }),
    );
    expect(screen.getByTestId("location")).toHaveTextContent("/register");
  });

  it("disables the Register button while the request is in flight", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    renderApp(registerRoutes(), "/register", () => answer.promise);

    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(screen.getByRole("button", { name: /Register/ })).toBeDisabled();

    answer.resolve(textResponse(200, "Agent registered successfully"));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
  });
});
