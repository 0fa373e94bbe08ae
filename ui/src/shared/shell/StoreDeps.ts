// What most domain stores read from the root store: the API client, the browser environment, the orders sent.
import type { ApiClient } from "../api/ApiClient";
import type { SentOrders } from "../commands/SentOrders";
import type { Environment } from "./Environment";

/** The API client, the environment and the orders sent from this page, read from the root store when an action runs. */
export interface StoreDeps {
  /** The API client. */
  readonly api: ApiClient;
  /** Clock, timers and windows. */
  readonly env: Environment;
  /** The order writes sent from this page lately, for the question before one goes out again. */
  readonly sentOrders: SentOrders;
}
