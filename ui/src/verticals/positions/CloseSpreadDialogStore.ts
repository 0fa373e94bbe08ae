// "Close Spread": a held vertical closed as one order per account, both legs, at a net price.
import { makeAutoObservable, observable, reaction, runInAction } from "mobx";
import { copyOutcome } from "../../shared/orders/CopyAnswer";
import { CommandSender, commandFailure } from "../../shared/commands/CommandSender";
import { formatCount, formatQuantity } from "../../shared/format/formatQuantity";
import { plainNumberText, wholeNumberOf } from "../../shared/orderForm/numberText";
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { VerticalMessages } from "../VerticalMessages";
import { VerticalPaths } from "../verticalPaths";
import type { ExitLinks } from "./ExitPositionsDialogStore";
import { positionAccount } from "./VerticalPosition";
import type { SpreadHolding, SpreadPair } from "./spreadPairs";

/** The net order types a closing spread may take. */
export const CLOSE_ORDER_TYPES = ["NET_CREDIT", "NET_DEBIT", "MARKET"] as const;

/** A closing spread's order type. */
export type CloseOrderType = (typeof CLOSE_ORDER_TYPES)[number];

/**
 * Closes a spread the accounts hold as a spread: each chosen account gets one order with both legs, the long
 * leg SELL_TO_CLOSE and the short leg BUY_TO_CLOSE (the opening's BUY_TO_OPEN and SELL_TO_OPEN reversed), at a
 * net (NET_CREDIT for a debit spread, NET_DEBIT for a credit spread, or MARKET), for the spreads asked, which
 * the server caps at what each account holds of both legs (and says so).
 */
export class CloseSpreadDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** True while the order is in flight. */
  pending = false;
  /** The spread closed. */
  pair: SpreadPair | null = null;
  /** The accounts chosen, by id. */
  readonly chosen = observable.set<number>();
  /** NET_CREDIT, NET_DEBIT or MARKET. */
  orderType: CloseOrderType = "NET_CREDIT";
  /** Spreads per account, as typed. */
  quantity = "1";
  /** Net price per spread, as typed. */
  price = "";
  /** True once the price was typed (the quotes no longer fill it). */
  priceEdited = false;
  /** True once sending was tried (problems show on their fields). */
  checked = false;
  /** Both legs' bid, ask and last, read while the dialog is open. */
  readonly quotes: QuoteFeed;
  /** How the close is sent: one key per opening, the question before it goes out twice, the write-limit waits. */
  readonly commands: CommandSender;

  private readonly links: ExitLinks;

  /**
   * @param deps The root store (API client).
   * @param links The tables' reload and the selection's end.
   */
  constructor(deps: StoreDeps, links: ExitLinks) {
    this.links = links;
    this.commands = new CommandSender(deps);
    makeAutoObservable<this, "links">(this, { links: false, quotes: false, commands: false }, { autoBind: true });
    this.quotes = new QuoteFeed(deps, "option", () =>
      this.isOpen && this.pair !== null ? [this.pair.longSymbol, this.pair.shortSymbol] : [],
    );
    reaction(
      () => this.quotedNet,
      (net) => {
        if (net !== null && !this.priceEdited) {
          this.price = net.toFixed(2);
        }
      },
    );
  }

  /** The accounts holding the spread, each with its spreads. */
  get holdings(): readonly SpreadHolding[] {
    return this.pair?.holdings ?? [];
  }

  /** The chosen accounts' holdings. */
  get chosenHoldings(): SpreadHolding[] {
    return this.holdings.filter((holding) => this.chosen.has(holding.long.accountId));
  }

  /** The spreads asked per account, or null when the quantity is not a whole number of at least 1. */
  get wholeQuantity(): number | null {
    return wholeNumberOf(this.quantity);
  }

  /** Why the quantity cannot be sent, or null. */
  get quantityProblem(): string | null {
    return this.wholeQuantity === null ? "Quantity must be a whole number of at least 1" : null;
  }

  /** Why the net price cannot be sent (MARKET takes none), or null. */
  get priceProblem(): string | null {
    if (this.orderType === "MARKET") {
      return null;
    }
    const text = plainNumberText(this.price);
    return /^\d+(\.\d{1,2})?$/.test(text) && Number(text) > 0
      ? null
      : "Net Price must be greater than 0, in cents";
  }

  /** The net of the legs' marks (what closing both at mid would bring or cost), or null until both are quoted. */
  get quotedNet(): number | null {
    const pair = this.pair;
    if (pair === null) {
      return null;
    }
    const long = this.quotes.quoteOf(pair.longSymbol)?.mark;
    const short = this.quotes.quoteOf(pair.shortSymbol)?.mark;
    if (typeof long !== "number" || typeof short !== "number") {
      return null;
    }
    const net = Math.round(Math.abs(long - short) * 100) / 100;
    return net > 0 ? net : null;
  }

  /** Per chosen account: what it holds and what it will be sent, e.g. `Small A: holds 1 → 1 spread`. */
  get perAccount(): { readonly name: string; readonly text: string }[] {
    const asked = this.wholeQuantity;
    return this.chosenHoldings.map((holding) => {
      const sent = asked === null ? null : Math.min(asked, holding.spreads);
      const cut = asked !== null && asked > holding.spreads ? " (cut to what it holds)" : "";
      return {
        name: holding.long.accountName,
        text: `holds ${formatQuantity(holding.spreads)} → ${sent === null ? "?" : formatCount(sent, "spread")}${cut}`,
      };
    });
  }

  /** Opens the dialog on `pair`, with `accountIds` chosen (every account holding it when not given). */
  open(pair: SpreadPair, accountIds?: readonly number[]): void {
    if (this.pending) {
      return;
    }
    this.pair = pair;
    const held = pair.holdings.map((holding) => holding.long.accountId);
    this.chosen.replace(accountIds === undefined ? held : held.filter((id) => accountIds.includes(id)));
    this.orderType = pair.closingNet;
    const most = Math.max(1, ...pair.holdings.map((holding) => holding.spreads));
    this.quantity = String(most);
    this.price = "";
    this.priceEdited = false;
    this.checked = false;
    this.isOpen = true;
    this.commands.open();
  }

  /** Closes the dialog; ignored while sending. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /** Ticks or unticks an account. */
  setChosen(accountId: number, chosen: boolean): void {
    if (chosen) {
      this.chosen.add(accountId);
    } else {
      this.chosen.delete(accountId);
    }
  }

  /** Sets the order type; MARKET takes no price. */
  setOrderType(value: string): void {
    if ((CLOSE_ORDER_TYPES as readonly string[]).includes(value)) {
      this.orderType = value as CloseOrderType;
    }
  }

  /** Sets the spreads per account. */
  setQuantity(value: string): void {
    this.quantity = value;
  }

  /** Sets the net price; the quotes no longer fill it. */
  setPrice(value: string): void {
    this.price = value;
    this.priceEdited = true;
  }

  /**
   * Sends one closing spread per chosen account through exit_order/VERTICAL. A field that cannot be sent is
   * marked and nothing is sent; `success` (or exits cut to holdings, which the toast names) closes the dialog, and
   * so does an answer some accounts accepted (a warning); a press while it is being sent sends nothing.
   */
  async submit(): Promise<Outcome> {
    const pair = this.pair;
    const chosen = this.chosenHoldings;
    if (this.pending) {
      return NOT_SENT;
    }
    if (pair === null) {
      return failed(VerticalMessages.exitFailed);
    }
    if (chosen.length === 0) {
      return failedWith(VerticalMessages.exitFailed, "choose at least one account");
    }
    this.checked = true;
    const problem = this.quantityProblem ?? this.priceProblem;
    if (problem !== null) {
      return failedWith(VerticalMessages.exitFailed, problem);
    }
    this.pending = true;
    let outcome: Outcome;
    try {
      const answer = await this.commands.send("post", VerticalPaths.exitOrder, {
        allTradingAccountsOrderList: chosen.map((holding) => positionAccount(holding.long)),
        optionChainPrimarySymbol: pair.longSymbol,
        optionChainPrimaryInstruction: "SELL_TO_CLOSE",
        optionChainSecondarySymbol: pair.shortSymbol,
        optionChainSecondaryInstruction: "BUY_TO_CLOSE",
        optionChainOrderType: this.orderType,
        optionChainQuantity: this.wholeQuantity,
        optionChainPrice: this.orderType === "MARKET" ? 0 : plainNumberText(this.price),
      });
      outcome = copyOutcome(answer, VerticalMessages.exitSucceeded, VerticalMessages.exitFailed, "exit");
    } catch (error) {
      console.error("Closing the spread failed", error);
      outcome = commandFailure(VerticalMessages.exitFailed, error);
    }
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
}
