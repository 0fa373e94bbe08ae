// The audit export dialog: the window of days and the format, and the address of the download.
import { makeAutoObservable } from "mobx";
import type { ApiClient } from "../api/ApiClient";
import type { Environment } from "../shell/Environment";

/** The export's file formats. */
export type ExportFormat = "csv" | "json";

/** What the store needs of the root. */
export interface SessionExportDeps {
  readonly api: ApiClient;
  readonly env: Environment;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` of `millis` in UTC. */
function isoDay(millis: number): string {
  return new Date(millis).toISOString().slice(0, 10);
}

/** State of the export dialog; the download itself is a link the browser follows, streamed to disk. */
export class SessionExportStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** First day of the window (`YYYY-MM-DD`, UTC). */
  from = "";
  /** Last day of the window, included. */
  to = "";
  /** The file format. */
  format: ExportFormat = "csv";

  private readonly root: SessionExportDeps;

  /** @param root The root store (API client and clock). */
  constructor(root: SessionExportDeps) {
    this.root = root;
    makeAutoObservable<this, "root">(this, { root: false }, { autoBind: true });
  }

  /** Opens the dialog on the last 30 days through today. */
  open(): void {
    const now = this.root.env.now();
    this.to = isoDay(now);
    this.from = isoDay(now - 29 * 86_400_000);
    this.isOpen = true;
  }

  /** Closes the dialog. */
  close(): void {
    this.isOpen = false;
  }

  setFrom(value: string): void {
    this.from = value;
  }

  setTo(value: string): void {
    this.to = value;
  }

  setFormat(value: ExportFormat): void {
    this.format = value;
  }

  /** What is wrong with the window, naming the field, or null. */
  get problem(): string | null {
    if (!DAY.test(this.from)) {
      return "From must be a date";
    }
    if (!DAY.test(this.to)) {
      return "To must be a date";
    }
    if (this.to < this.from) {
      return "To must not be before From";
    }
    return null;
  }

  /** The download's address, or null while the window is wrong. */
  get href(): string | null {
    if (this.problem !== null) {
      return null;
    }
    return this.root.api.href("/sessions/export", { from: this.from, to: this.to, format: this.format });
  }
}
