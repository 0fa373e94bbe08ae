// The Change Multiple Positions dialog: a closing order per selected position, sent together.
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";
import { makeAutoObservable, runInAction } from "mobx";
import { CLOSING_INSTRUCTIONS, OptionOrderForm } from "../../shared/orderForm/OptionOrderForm";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { CHECK_FAILED, PreflightStore } from "../../shared/preflight/PreflightStore";
import { VerticalMessages } from "../VerticalMessages";
import { exitMultiple, multipleCommand, type ExitEntry, type ExitLinks } from "./ExitPositionsDialogStore";
import { exitDefaults, type VerticalPosition } from "./VerticalPosition";

/** One selected position and its closing order's fields. */
export interface PositionChange {
  /** The position closed. */
  readonly position: VerticalPosition;
  /** Its closing order. */
  readonly form: OptionOrderForm;
}

/** Each selected position starts from its default closing order; all go out in one exit_order_multiple. */
export class ChangePositionsDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** True while the exits are in flight. */
  pending = false;
  /** The positions and their orders. */
  changes: PositionChange[] = [];
  /** The fan-out mode and Check accounts. */
  readonly preflight: PreflightStore;

  private readonly links: ExitLinks;

  /** The positions' bid, ask and last, read while the dialog is open. */
  readonly quotes: QuoteFeed;

  /**
   * @param deps The root store (API client).
   * @param links The tables' reload and the selection's end.
   */
  constructor(deps: StoreDeps, links: ExitLinks) {
    this.links = links;
    this.preflight = new PreflightStore(deps);
    makeAutoObservable<this, "deps" | "links">(this, { deps: false, links: false, quotes: false, preflight: false }, { autoBind: true });
    this.quotes = new QuoteFeed(deps, "option", () =>
      this.isOpen ? this.changes.map((change) => change.position.optionChainSymbol) : [],
    );
  }

  /** Opens the dialog for `positions`. */
  open(positions: readonly VerticalPosition[]): void {
    if (positions.length === 0 || this.pending) {
      return;
    }
    this.changes = positions.map((position) => {
      const form = new OptionOrderForm(CLOSING_INSTRUCTIONS);
      form.fill(exitDefaults(position));
      return { position, form };
    });
    this.isOpen = true;
    this.preflight.reset();
  }

  /** Closes the dialog; ignored while sending. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /**
   * Sends every closing order; `success`, or an answer some accounts accepted (a warning), closes the dialog and
   * ends the selection; a press while they are being sent sends nothing.
   */
  async submit(): Promise<Outcome> {
    if (this.pending) {
      return NOT_SENT;
    }
    if (this.changes.length === 0) {
      return failed(VerticalMessages.exitMultipleError);
    }
    this.pending = true;
    const outcome = await exitMultiple(this.preflight, this.entries());
    runInAction(() => {
      this.pending = false;
      if (outcome.ok) {
        this.isOpen = false;
      }
    });
    if (outcome.ok) {
      this.links.exitedSelected();
    }
    this.links.reloadTables();
    return outcome;
  }

  /** Check accounts: previews every closing order on its account (nothing is sent). */
  checkAccounts(): Promise<Outcome | null> {
    if (this.changes.length === 0) {
      return Promise.resolve(null);
    }
    const problem = this.changes.map(({ form }) => form.check()).find((entry) => entry !== null);
    if (problem !== undefined && problem !== null) {
      return Promise.resolve(failedWith(CHECK_FAILED, problem));
    }
    return this.preflight.check(multipleCommand(this.entries()));
  }

  /** One exit entry per position with its own fields. */
  private entries(): ExitEntry[] {
    return this.changes.map(({ position, form }) => ({
      accountId: position.accountId,
      optionChainSymbol: position.optionChainSymbol,
      ...form.payload(),
    }));
  }
}
