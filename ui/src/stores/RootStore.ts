// The root of all domain stores: one instance per app, holding the API client every store shares.
import { ApiClient } from "../api/ApiClient";
import { SessionStore } from "./SessionStore";

/**
 * Holds the domain stores. A new store is one line here: a field constructed with `this`, reading what
 * it needs (the API client, other stores) from the root only when its actions run.
 */
export class RootStore {
  /** The one API client of the app. */
  readonly api: ApiClient;
  /** The signed-in agent. */
  readonly session: SessionStore = new SessionStore(this);

  /** @param api The API client; tests pass one built on a fake transport. */
  constructor(api: ApiClient = new ApiClient()) {
    this.api = api;
  }
}
