// The Option Exit Order dialog: one position closed, or the selected positions closed with one set of fields.
import { makeAutoObservable, runInAction } from "mobx";
import { commandOutcome } from "../../shared/orders/CopyAnswer";
import { commandFailure } from "../../shared/commands/CommandSender";
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";
import { CLOSING_INSTRUCTIONS, OptionOrderForm } from "../../shared/orderForm/OptionOrderForm";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { CHECK_FAILED, PreflightStore, type PreflightCommand } from "../../shared/preflight/PreflightStore";
import { VerticalMessages } from "../VerticalMessages";
import { VerticalPaths } from "../verticalPaths";
import { exitDefaults, positionAccount, type VerticalPosition } from "./VerticalPosition";

/** What the exit dialogs are told besides the API client. */
export interface ExitLinks {
  /** Polls the tables again after the call. */
  readonly reloadTables: () => void;
  /** Leaves selection mode after the selected positions were exited. */
  readonly exitedSelected: () => void;
}

/**
 * One position (S on a row) goes out through exit_order/VERTICAL as a single-option close; the selected
 * positions (all of one settled quantity) go through exit_order_multiple/VERTICAL, one entry each with the
 * dialog's fields.
 */
export class ExitPositionsDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** True while the exit is in flight. */
  pending = false;
  /** The positions closed. */
  targets: VerticalPosition[] = [];
  /** Whether the targets are the table's selection. */
  selected = false;
  /** Instruction, order type, quantity and price of the exit. */
  readonly form = new OptionOrderForm(CLOSING_INSTRUCTIONS);
  /** The fan-out mode and Check accounts. */
  readonly preflight: PreflightStore;
  /** The options' bid, ask and last, read while the dialog is open. */
  readonly quotes: QuoteFeed;

  private readonly links: ExitLinks;

  /**
   * @param deps The root store (API client).
   * @param links The tables' reload and the selection's end.
   */
  constructor(deps: StoreDeps, links: ExitLinks) {
    this.links = links;
    this.preflight = new PreflightStore(deps);
    makeAutoObservable<this, "deps" | "links">(
      this,
      { deps: false, links: false, form: false, quotes: false, preflight: false },
      { autoBind: true },
    );
    this.quotes = new QuoteFeed(deps, "option", () =>
      this.isOpen ? this.targets.map((position) => position.optionChainSymbol) : [],
    );
  }

  /** The dialog's title. */
  get title(): string {
    return this.selected ? "Option Exit Order (Selected)" : "Option Exit Order";
  }

  /** The options closed, in words, each once. */
  get descriptions(): string {
    return Array.from(new Set(this.targets.map((position) => position.optionChainDescription))).join(", ");
  }

  /** The accounts closed, by name. */
  get accountNames(): string {
    return this.targets.map((position) => position.accountName).join(", ");
  }

  /** Opens the dialog for `targets` with the first one's default closing order. */
  open(targets: readonly VerticalPosition[], selected: boolean): void {
    const first = targets[0];
    if (first === undefined || this.pending) {
      return;
    }
    this.targets = [...targets];
    this.selected = selected;
    this.form.fill(exitDefaults(first));
    this.isOpen = true;
    this.preflight.reset();
  }

  /** Closes the dialog; ignored while exiting. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /**
   * Sends the exit; `success` closes the dialog (and ends the selection for selected positions), and so does an
   * answer some accounts accepted (a warning saying how many and why the others did not); a press while it is
   * being sent sends nothing.
   */
  async submit(): Promise<Outcome> {
    const first = this.targets[0];
    if (this.pending) {
      return NOT_SENT;
    }
    if (first === undefined) {
      return failed(this.selected ? VerticalMessages.exitMultipleError : VerticalMessages.exitFailed);
    }
    this.pending = true;
    const outcome = this.selected ? await this.exitSelected() : await this.exitOne(first);
    runInAction(() => {
      this.pending = false;
      if (outcome.ok) {
        this.isOpen = false;
      }
    });
    if (outcome.ok && this.selected) {
      this.links.exitedSelected();
    }
    this.links.reloadTables();
    return outcome;
  }

  /** Check accounts: previews the exit on every targeted account (nothing is sent). */
  checkAccounts(): Promise<Outcome | null> {
    const first = this.targets[0];
    if (first === undefined) {
      return Promise.resolve(null);
    }
    const problem = this.form.check();
    if (problem !== null) {
      return Promise.resolve(failedWith(CHECK_FAILED, problem));
    }
    return this.preflight.check(this.selected ? multipleCommand(this.selectedEntries()) : this.oneCommand(first));
  }

  /** The exit call of one position: a single-option close. */
  private oneCommand(position: VerticalPosition): PreflightCommand {
    const fields = this.form.payload();
    return {
      method: "post",
      path: VerticalPaths.exitOrder,
      body: {
        allTradingAccountsOrderList: [positionAccount(position)],
        optionChainPrimarySymbol: position.optionChainSymbol,
        optionChainPrimaryInstruction: fields.optionChainInstruction,
        optionChainOrderType: fields.optionChainOrderType,
        optionChainQuantity: fields.optionChainQuantity,
        optionChainPrice: fields.optionChainPrice,
      },
    };
  }

  /** One exit entry per selected position, each with the dialog's fields. */
  private selectedEntries(): ExitEntry[] {
    const fields = this.form.payload();
    return this.targets.map((position) => ({
      accountId: position.accountId,
      optionChainSymbol: position.optionChainSymbol,
      ...fields,
    }));
  }

  private async exitOne(position: VerticalPosition): Promise<Outcome> {
    try {
      const answer = await this.preflight.send(this.oneCommand(position));
      return commandOutcome(answer, { ok: VerticalMessages.exitSucceeded, failed: VerticalMessages.exitFailed, kind: "exit" });
    } catch (error) {
      console.error("Exiting the position failed", error);
      return commandFailure(VerticalMessages.exitFailed, error);
    }
  }

  private async exitSelected(): Promise<Outcome> {
    return exitMultiple(this.preflight, this.selectedEntries());
  }
}

/** One entry of exit_order_multiple's `ordersToExit`. */
export interface ExitEntry {
  /** The account holding the position. */
  readonly accountId: number;
  /** The option closed. */
  readonly optionChainSymbol: string;
  /** SELL_TO_CLOSE or BUY_TO_CLOSE. */
  readonly optionChainInstruction: string;
  /** LIMIT or MARKET. */
  readonly optionChainOrderType: string;
  /** Contracts closed. */
  readonly optionChainQuantity: number | string;
  /** Limit price (0 for MARKET). */
  readonly optionChainPrice: number | string;
}

/** The exit_order_multiple/VERTICAL call of `ordersToExit`. */
export function multipleCommand(ordersToExit: readonly ExitEntry[]): PreflightCommand {
  return { method: "post", path: VerticalPaths.exitOrderMultiple, body: { ordersToExit } };
}

/**
 * Sends exit_order_multiple/VERTICAL through the dialog's pre-flight (in its fan-out mode): `success` is "Selected
 * positions successfully exited.", an answer some accounts accepted a warning saying how many and why the others
 * did not, an answer none accepted "Failed to exit some or all positions." and a failed call "An error occurred
 * while exiting positions.", each followed by the server's reason.
 */
export async function exitMultiple(preflight: PreflightStore, ordersToExit: readonly ExitEntry[]): Promise<Outcome> {
  try {
    const answer = await preflight.send(multipleCommand(ordersToExit));
    return commandOutcome(answer, {
      ok: VerticalMessages.exitMultipleSucceeded,
      failed: VerticalMessages.exitMultiplePartial,
      kind: "exit",
    });
  } catch (error) {
    console.error("Exiting the positions failed", error);
    return commandFailure(VerticalMessages.exitMultipleError, error);
  }
}
