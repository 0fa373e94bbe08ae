// Tests of the session store: profile check, login, register, logout and the logout dialog.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiClient } from "../api/ApiClient";
import {
  deferred,
  fakeTransport,
  jsonResponse,
  textResponse,
  type Responder,
} from "../test/fakeTransport";
import { RootStore } from "./RootStore";

function storeAnswering(responder: Responder) {
  const fake = fakeTransport(responder);
  const root = new RootStore(new ApiClient({ transport: fake.transport }));
  return { session: root.session, requests: fake.requests };
}

beforeEach(() => {
  // Failures are logged by design; keep the test output readable.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("SessionStore profile check", () => {
  it("sets the username from the profile", async () => {
    const { session, requests } = storeAnswering(() => jsonResponse(200, { agentUsername: "ann" }));

    await session.checkProfile();

    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/agent_account/profile"]);
    expect(session.agentUsername).toBe("ann");
    expect(session.isSignedIn).toBe(true);
    expect(session.profileChecked).toBe(true);
    expect(session.profilePending).toBe(false);
  });

  it("leaves nobody signed in when the profile is null", async () => {
    const { session } = storeAnswering(() => jsonResponse(200, { agentUsername: null }));

    await session.checkProfile();

    expect(session.agentUsername).toBeNull();
    expect(session.isSignedIn).toBe(false);
    expect(session.profileChecked).toBe(true);
  });

  it("treats a failed profile check as signed out and logs it", async () => {
    const { session } = storeAnswering(() => jsonResponse(500, { error: "store unavailable", code: "internal" }));

    await session.checkProfile();

    expect(session.agentUsername).toBeNull();
    expect(session.profileChecked).toBe(true);
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it("asks only once, also when called again while the first check is in flight", async () => {
    const answer = deferred<Response>();
    const { session, requests } = storeAnswering(() => answer.promise);

    const first = session.checkProfile();
    expect(session.profilePending).toBe(true);
    const second = session.checkProfile();
    answer.resolve(jsonResponse(200, { agentUsername: null }));
    await Promise.all([first, second]);
    await session.checkProfile();

    expect(requests).toHaveLength(1);
  });

  it("does not ask when the username is already known", async () => {
    const { session, requests } = storeAnswering(() => jsonResponse(200, { agentUsername: "ann" }));
    await session.login("ann", "password1");

    await session.checkProfile();

    expect(requests.map((r) => r.url)).toEqual(["/api/agent_account/login/"]);
  });
});

describe("SessionStore login", () => {
  it("posts the credentials and signs in when the answer names the agent", async () => {
    const { session, requests } = storeAnswering(() => jsonResponse(200, { agentUsername: "ann" }));

    const outcome = await session.login("ann", "s3cret-pass");

    expect(outcome).toEqual({ ok: true, message: "Login successfully" });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: "/api/agent_account/login/",
      body: '{"agentUsername":"ann","agentPassword":"s3cret-pass"}',
    });
    expect(requests[0]?.headers["content-type"]).toBe("application/json");
    expect(session.agentUsername).toBe("ann");
    expect(session.profileChecked).toBe(true);
    expect(session.loginPending).toBe(false);
  });

  it("sends empty values as they are", async () => {
    const { session, requests } = storeAnswering(() => jsonResponse(401, { error: "bad credentials", code: "x" }));

    await session.login("", "");

    expect(requests[0]?.body).toBe('{"agentUsername":"","agentPassword":""}');
  });

  it.each([
    [
      "401",
      () => jsonResponse(401, { error: "invalid username or password", code: "invalid_credentials" }),
      "Login failed: invalid username or password",
    ],
    [
      "429",
      () => jsonResponse(429, { error: "too many login attempts", code: "rate_limited" }),
      "Login failed: too many login attempts",
    ],
    ["200 without agentUsername", () => jsonResponse(200, {}), "Login failed"],
    ["200 with a null agentUsername", () => jsonResponse(200, { agentUsername: null }), "Login failed"],
    ["200 text", () => textResponse(200, "ok"), "Login failed"],
  ])("fails with 'Login failed' and the server's reason on %s", async (_label, answer, message) => {
    const { session } = storeAnswering(answer);

    const outcome = await session.login("ann", "s3cret-pass");

    expect(outcome).toEqual({ ok: false, message });
    expect(session.agentUsername).toBeNull();
    expect(session.loginPending).toBe(false);
  });

  it("fails with 'Login failed' when the server cannot be reached", async () => {
    const { session } = storeAnswering(() => Promise.reject(new TypeError("Failed to fetch")));

    await expect(session.login("ann", "s3cret-pass")).resolves.toEqual({
      ok: false,
      message: "Login failed: Could not reach the server (Failed to fetch)",
    });
  });

  it("never logs the password", async () => {
    const { session } = storeAnswering(() => jsonResponse(401, { error: "invalid username or password", code: "c" }));

    await session.login("ann", "s3cret-pass");

    const logged = JSON.stringify(vi.mocked(console.error).mock.calls.map((call) => call.map(String)));
    expect(logged).not.toContain("s3cret-pass");
  });

  it("is pending while in flight and sends nothing more until it settles", async () => {
    const answer = deferred<Response>();
    const { session, requests } = storeAnswering(() => answer.promise);

    const first = session.login("ann", "s3cret-pass");
    expect(session.loginPending).toBe(true);
    await session.login("ann", "s3cret-pass");
    expect(requests).toHaveLength(1);

    answer.resolve(jsonResponse(200, { agentUsername: "ann" }));
    await expect(first).resolves.toEqual({ ok: true, message: "Login successfully" });
    expect(session.loginPending).toBe(false);
  });
});

describe("SessionStore register", () => {
  it("posts the credentials and reports the server's text", async () => {
    const { session, requests } = storeAnswering(() => textResponse(200, "Agent registered successfully"));

    const outcome = await session.register("ann", "s3cret-pass");

    expect(outcome).toEqual({ ok: true, message: "Agent registered successfully" });
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: "/api/agent_account/register/",
      body: '{"agentUsername":"ann","agentPassword":"s3cret-pass"}',
    });
    expect(session.agentUsername).toBeNull();
    expect(session.registerPending).toBe(false);
  });

  it.each([
    [
      "409",
      () => jsonResponse(409, { error: "Username is already taken", code: "username_taken" }),
      "Registration failed. Please try again. Username is already taken",
    ],
    [
      "400",
      () => jsonResponse(400, { error: "Password must be 8 to 128 characters", code: "invalid_field" }),
      "Registration failed. Please try again. Password must be 8 to 128 characters",
    ],
    ["an empty 200", () => textResponse(200, ""), "Registration failed. Please try again."],
  ])("fails with the registration message and the server's reason on %s", async (_label, answer, message) => {
    const { session } = storeAnswering(answer);

    const outcome = await session.register("ann", "short");

    expect(outcome).toEqual({ ok: false, message });
    expect(session.registerPending).toBe(false);
  });

  it("is pending while in flight", async () => {
    const answer = deferred<Response>();
    const { session, requests } = storeAnswering(() => answer.promise);

    const first = session.register("ann", "s3cret-pass");
    expect(session.registerPending).toBe(true);
    await session.register("ann", "s3cret-pass");
    expect(requests).toHaveLength(1);

    answer.resolve(textResponse(200, "Agent registered successfully"));
    await first;
    expect(session.registerPending).toBe(false);
  });
});

describe("SessionStore logout", () => {
  async function signedIn(responder: Responder) {
    const { session, requests } = storeAnswering((request) =>
      request.url === "/api/agent_account/login/" ? jsonResponse(200, { agentUsername: "ann" }) : responder(request),
    );
    await session.login("ann", "s3cret-pass");
    session.openLogoutDialog();
    return { session, requests };
  }

  it("opens and closes the dialog", () => {
    const { session } = storeAnswering(() => jsonResponse(200, {}));
    expect(session.logoutDialogOpen).toBe(false);

    session.openLogoutDialog();
    expect(session.logoutDialogOpen).toBe(true);

    session.closeLogoutDialog();
    expect(session.logoutDialogOpen).toBe(false);
  });

  it("posts to logout, clears the username and closes the dialog", async () => {
    const { session, requests } = await signedIn(() => textResponse(200, "success"));

    const outcome = await session.logout();

    expect(outcome).toEqual({ ok: true, message: "Log out successfully" });
    expect(requests[1]).toMatchObject({ method: "POST", url: "/api/agent_account/logout", body: "{}" });
    expect(requests[1]?.headers["content-type"]).toBe("application/json");
    expect(session.agentUsername).toBeNull();
    expect(session.profileChecked).toBe(true);
    expect(session.logoutDialogOpen).toBe(false);
    expect(session.logoutPending).toBe(false);
  });

  it("keeps the session and the dialog when logout fails", async () => {
    const { session } = await signedIn(() => jsonResponse(500, { error: "session store unavailable", code: "x" }));

    const outcome = await session.logout();

    expect(outcome).toEqual({ ok: false, message: "Log out failed. session store unavailable" });
    expect(session.agentUsername).toBe("ann");
    expect(session.logoutDialogOpen).toBe(true);
    expect(session.logoutPending).toBe(false);
  });

  it("cannot close the dialog or log out twice while logging out", async () => {
    const answer = deferred<Response>();
    const { session, requests } = await signedIn(() => answer.promise);

    const first = session.logout();
    expect(session.logoutPending).toBe(true);
    session.closeLogoutDialog();
    expect(session.logoutDialogOpen).toBe(true);
    await session.logout();
    expect(requests).toHaveLength(2);

    answer.resolve(textResponse(200, "success"));
    await expect(first).resolves.toEqual({ ok: true, message: "Log out successfully" });
  });
});

describe("SessionStore session ended by the server", () => {
  it("clears the username, counts as checked and closes the logout dialog, without a request", async () => {
    const { session, requests } = storeAnswering(() => jsonResponse(200, { agentUsername: "ann" }));
    await session.checkProfile();
    session.openLogoutDialog();

    session.sessionEnded();

    expect(session.agentUsername).toBeNull();
    expect(session.isSignedIn).toBe(false);
    expect(session.profileChecked).toBe(true);
    expect(session.logoutDialogOpen).toBe(false);
    expect(requests).toHaveLength(1);
  });
});

describe("RootStore", () => {
  it("gives every store the injected API client", async () => {
    const { session, requests } = storeAnswering(() => jsonResponse(200, { agentUsername: "bob" }));

    await session.checkProfile();

    expect(requests).toHaveLength(1);
    expect(session.agentUsername).toBe("bob");
  });
});
