// Who is signed in: the agent's username, the profile check, login, register, logout and the logout dialog.
import { makeAutoObservable, runInAction } from "mobx";
import type { ApiClient } from "../api/ApiClient";
import { stringField } from "../api/json";
import { reasonOf } from "../api/describeError";
import { failed, failedWith, succeeded, type Outcome } from "../stores/Outcome";

/** The session texts the UI shows, exactly as specified. */
export const SessionMessages = {
  loginSucceeded: "Login successfully",
  loginFailed: "Login failed",
  registerFailed: "Registration failed. Please try again.",
  logoutSucceeded: "Log out successfully",
  logoutFailed: "Log out failed.",
} as const;

/** The API calls of the session. */
export const SessionPaths = {
  profile: "/agent_account/profile",
  login: "/agent_account/login/",
  register: "/agent_account/register/",
  logout: "/agent_account/logout",
} as const;

/** What the session store needs from the root store. */
export interface SessionStoreDeps {
  /** The API client. */
  readonly api: ApiClient;
}

/**
 * The signed-in agent. The username is null until the profile check or a login says who it is; pages that
 * need an agent wait for {@link SessionStore.profileChecked} and send a null username to the login page.
 */
export class SessionStore {
  /** The signed-in agent's username, or null when nobody is signed in (or it is not known yet). */
  agentUsername: string | null = null;
  /** True once the server has said whether someone is signed in (by the profile check, login or logout). */
  profileChecked = false;
  /** True while the profile check is in flight. */
  profilePending = false;
  /** True while a login request is in flight. */
  loginPending = false;
  /** True while a register request is in flight. */
  registerPending = false;
  /** True while a logout request is in flight. */
  logoutPending = false;
  /** Whether the logout confirmation dialog is open. */
  logoutDialogOpen = false;

  private readonly deps: SessionStoreDeps;

  /** @param deps The root store (or anything else holding the API client). */
  constructor(deps: SessionStoreDeps) {
    this.deps = deps;
    makeAutoObservable<this, "deps">(this, { deps: false }, { autoBind: true });
  }

  /** True when an agent is signed in. */
  get isSignedIn(): boolean {
    return this.agentUsername !== null;
  }

  /**
   * Asks the server who is signed in, unless that is known already or being asked. An error leaves the
   * session signed out (guarded pages then send the visitor to the login page) and is logged.
   */
  async checkProfile(): Promise<void> {
    if (this.agentUsername !== null || this.profileChecked || this.profilePending) {
      return;
    }
    this.profilePending = true;
    let username: string | null = null;
    try {
      username = stringField(await this.deps.api.get(SessionPaths.profile), "agentUsername");
    } catch (error) {
      console.error("Profile check failed", error);
    }
    runInAction(() => {
      this.profilePending = false;
      this.profileChecked = true;
      // A login that finished while the check was in flight wins over a stale "nobody".
      this.agentUsername = username ?? this.agentUsername;
    });
  }

  /**
   * Signs in. Succeeds only when the answer names the agent; every other answer or error is a failure, with
   * the server's reason when it gave one.
   * A second call while one is in flight is refused without a request.
   */
  async login(agentUsername: string, agentPassword: string): Promise<Outcome> {
    if (this.loginPending) {
      return failed(SessionMessages.loginFailed);
    }
    this.loginPending = true;
    let username: string | null = null;
    let reason: string | null = null;
    try {
      username = stringField(
        await this.deps.api.post(SessionPaths.login, { agentUsername, agentPassword }),
        "agentUsername",
      );
    } catch (error) {
      console.error("Login failed", error);
      reason = reasonOf(error);
    }
    return runInAction(() => {
      this.loginPending = false;
      if (username === null) {
        return failedWith(SessionMessages.loginFailed, reason);
      }
      this.agentUsername = username;
      this.profileChecked = true;
      return succeeded(SessionMessages.loginSucceeded);
    });
  }

  /**
   * Registers a new agent. Success shows the server's own text; any error shows the registration failure
   * message followed by the server's reason (e.g. a taken username). Registering does not sign in.
   */
  async register(agentUsername: string, agentPassword: string): Promise<Outcome> {
    if (this.registerPending) {
      return failed(SessionMessages.registerFailed);
    }
    this.registerPending = true;
    let outcome: Outcome;
    try {
      const answer = await this.deps.api.post(SessionPaths.register, { agentUsername, agentPassword });
      outcome =
        typeof answer === "string" && answer.trim() !== ""
          ? succeeded(answer.trim())
          : failed(SessionMessages.registerFailed);
    } catch (error) {
      console.error("Registration failed", error);
      outcome = failedWith(SessionMessages.registerFailed, reasonOf(error));
    }
    runInAction(() => {
      this.registerPending = false;
    });
    return outcome;
  }

  /**
   * Records that the server no longer knows this session (a call made while signed in was answered 401,
   * e.g. after the idle expiry): the username is cleared, so guarded pages send the agent to the login page.
   */
  sessionEnded(): void {
    this.agentUsername = null;
    this.profileChecked = true;
    this.logoutDialogOpen = false;
  }

  /** Opens the logout confirmation dialog. */
  openLogoutDialog(): void {
    this.logoutDialogOpen = true;
  }

  /** Closes the logout confirmation dialog (its Cancel button and backdrop click). */
  closeLogoutDialog(): void {
    if (!this.logoutPending) {
      this.logoutDialogOpen = false;
    }
  }

  /**
   * Ends the session on the server. On success the username is cleared and the dialog closed; on failure
   * both stay as they were so the agent can retry or cancel.
   */
  async logout(): Promise<Outcome> {
    if (this.logoutPending) {
      return failed(SessionMessages.logoutFailed);
    }
    this.logoutPending = true;
    let ok = false;
    let reason: string | null = null;
    try {
      await this.deps.api.post(SessionPaths.logout);
      ok = true;
    } catch (error) {
      console.error("Log out failed", error);
      reason = reasonOf(error);
    }
    return runInAction(() => {
      this.logoutPending = false;
      if (!ok) {
        return failedWith(SessionMessages.logoutFailed, reason);
      }
      this.agentUsername = null;
      this.profileChecked = true;
      this.logoutDialogOpen = false;
      return succeeded(SessionMessages.logoutSucceeded);
    });
  }
}
