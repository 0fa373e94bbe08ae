// What most domain stores read from the root store: the API client and the browser environment.
import type { ApiClient } from "../api/ApiClient";
import type { Environment } from "./Environment";

/** The API client and the environment, read from the root store when an action runs. */
export interface StoreDeps {
  /** The API client. */
  readonly api: ApiClient;
  /** Clock, timers and windows. */
  readonly env: Environment;
}
