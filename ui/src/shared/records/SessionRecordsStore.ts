// The session records every trading screen shares: a session's fairness dialog and the audit export.
import type { ApiClient } from "../api/ApiClient";
import type { Environment } from "../shell/Environment";
import { FairnessStore } from "./FairnessStore";
import { SessionExportStore } from "./SessionExportStore";

/** What the records need of the root. */
export interface SessionRecordsDeps {
  readonly api: ApiClient;
  readonly env: Environment;
}

/** The fairness dialog and the export dialog. */
export class SessionRecordsStore {
  /** A session's fairness record. */
  readonly fairness: FairnessStore;
  /** The audit export. */
  readonly exporter: SessionExportStore;

  /** @param root The root store. */
  constructor(root: SessionRecordsDeps) {
    this.fairness = new FairnessStore(root);
    this.exporter = new SessionExportStore(root);
  }

  /** Forgets what the last agent saw. */
  reset(): void {
    this.fairness.close();
    this.exporter.close();
  }
}
