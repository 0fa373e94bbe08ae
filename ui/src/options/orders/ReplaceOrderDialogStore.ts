// The replace dialogs: one account's order, the orders checked in a session, or a session's open orders.
import { makeAutoObservable, runInAction } from "mobx";
import { OptionPaths } from "../optionPaths";
import { requestOutcome, sendFromDialog } from "../../shared/stores/DialogRequest";
import { OptionMessages } from "../OptionMessages";
import { OptionOrderForm, REPLACE_INSTRUCTIONS } from "../../shared/orderForm/OptionOrderForm";
import type { OptionOrderRow } from "./OptionOrderRow";
import { notReplacedText, type LeftOutAccount } from "../../shared/orders/notReplaced";
import { orderTarget, type OrderScope } from "./OrderTargets";
import { failed, failedWith, NOT_SENT, type Outcome } from "../../shared/stores/Outcome";
import { copyAnswerReason, isSuccessAnswer } from "../../shared/orders/CopyAnswer";
import type { StoreDeps } from "../../shared/shell/StoreDeps";
import { TierPreviewStore } from "../../shared/accounts/TierPreviewStore";
import { PlanPreviewStore, type PlanCommand } from "../../shared/planPreview/PlanPreviewStore";
import { CHECK_FAILED, PreflightStore, type PreflightCommand } from "../../shared/preflight/PreflightStore";
import { QuoteFeed } from "../../shared/quotes/QuoteFeed";
import { priceOnTick } from "../../shared/format/priceOnTick";
import { NOTHING_TO_CHANGE, samePrice, saysNothingToChange, sentNumber } from "../../shared/orders/nothingToChange";

/** What the replace dialog works with besides the API client. */
export interface ReplaceOrderDialogLinks {
  /** Reloads the order and position tables after a replacement. */
  readonly reloadTables: () => void;
  /** Tells the session view its checked orders were replaced (it clears the ticks). */
  readonly doneWithSelected: () => void;
  /** The live order of a row (a REPLACED row followed to the order that replaced it); the row itself by default. */
  readonly liveRowOf?: (row: OptionOrderRow) => OptionOrderRow;
}

/**
 * State of the replace dialog. The form starts from the first targeted order (its quantity divided by its
 * account's tier multiplier, since the server applies the multipliers again) and offers every instruction.
 */
export class ReplaceOrderDialogStore {
  /** Whether the dialog is open. */
  isOpen = false;
  /** What the dialog acts on. */
  scope: OrderScope = "individual";
  /** The session of the orders. */
  sessionId = 0;
  /** The orders to replace. */
  targets: OptionOrderRow[] = [];
  /** The session's accounts left out of a session replace, and why. */
  leftOut: LeftOutAccount[] = [];
  /** Instruction, order type, quantity and price of the replacement. */
  readonly form = new OptionOrderForm(REPLACE_INSTRUCTIONS);
  /** True while the replacement is in flight. */
  pending = false;
  /** The form's terms last refused as changing nothing (marked while the form still holds them), or null. */
  refusedTerms: string | null = null;
  /** Tier multipliers and accounts for the preview. */
  readonly tiers: TierPreviewStore;
  /** Each targeted account's planned quantity, asked once the form is complete. */
  readonly plan: PlanPreviewStore;
  /** The fan-out mode and Check accounts. */
  readonly preflight: PreflightStore;
  /** The contract's bid, ask and last, read while the dialog is open. */
  readonly quotes: QuoteFeed;

  private readonly links: ReplaceOrderDialogLinks;

  /**
   * @param deps The root store (API client).
   * @param links The tables' reload.
   */
  constructor(deps: StoreDeps, links: ReplaceOrderDialogLinks) {
    this.links = links;
    this.tiers = new TierPreviewStore(deps);
    this.preflight = new PreflightStore(deps);
    makeAutoObservable<this, "links">(
      this,
      { links: false, form: false, tiers: false, quotes: false, preflight: false, plan: false },
      { autoBind: true },
    );
    this.quotes = new QuoteFeed(deps, "option", () => (this.isOpen ? this.quotedSymbols : []));
    this.plan = new PlanPreviewStore(deps, "contract", () => this.planCommand);
  }

  /**
   * The replace call the plan preview asks about (one order's replacement is asked as a replace of that one
   * order): null while closed or while the form cannot be sent.
   */
  get planCommand(): PlanCommand | null {
    const first = this.targets[0];
    if (!this.isOpen || first === undefined || this.form.problems.length > 0) {
      return null;
    }
    const targets = this.scope === "individual" ? [first] : this.targets;
    return {
      path: OptionPaths.replaceOrder,
      body: {
        agentTradingSessionID: this.sessionId,
        allTradingAccountsOrderList: targets.map(orderTarget),
        optionChainSymbol: first.optionChainSymbol,
        ...this.form.payload(),
      },
    };
  }

  /** The dialog's title: the account username for one order. */
  get title(): string {
    const first = this.targets[0];
    if (this.scope === "individual" && first !== undefined) {
      return `Replace Order: ${first.accountUsername}`;
    }
    return this.scope === "selected" ? "Replace Selected Orders" : `Replace Orders of Session ${this.sessionId}`;
  }

  /** The contract quoted: the orders' option. */
  get quotedSymbols(): string[] {
    const first = this.targets[0];
    return first === undefined ? [] : [first.optionChainSymbol];
  }

  /** True while the form holds terms refused as changing nothing: every order already has them. */
  get nothingToChange(): boolean {
    return this.refusedTerms !== null && this.refusedTerms === JSON.stringify(this.form.payload());
  }

  /** Which of the session's accounts are not replaced and why ("Not replaced: Big C (FILLED)"), or null. */
  get notReplaced(): string | null {
    return notReplacedText(this.leftOut);
  }

  /** The option of the orders, in words. */
  get description(): string {
    return this.targets[0]?.optionChainDescription ?? "";
  }

  /** What each tier of the targeted accounts will be sent. */
  get previewText(): string {
    return this.tiers.textFor(
      this.form.wholeQuantity,
      this.tiers.accountsWithIds(this.targets.map((row) => row.accountId)),
    );
  }

  /**
   * Opens the dialog for `targets` of session `sessionId`; does nothing without targets. The form starts from
   * `live`: the first target's live order (a REPLACED row followed to the order that replaced it), its price
   * in cents (`1.00`, never `1`). `leftOut` are the session's accounts not among `targets`, named in the dialog.
   */
  open(
    scope: OrderScope,
    sessionId: number,
    targets: readonly OptionOrderRow[],
    live: OptionOrderRow | undefined = targets[0],
    leftOut: readonly LeftOutAccount[] = [],
  ): void {
    const first = live ?? targets[0];
    if (first === undefined || targets.length === 0 || this.pending) {
      return;
    }
    this.scope = scope;
    this.sessionId = sessionId;
    this.targets = [...targets];
    this.leftOut = [...leftOut];
    this.refusedTerms = null;
    const quantity = String(first.optionChainQuantity);
    this.form.fill({
      instruction: first.optionChainInstruction,
      orderType: first.optionChainOrderType,
      quantity,
      price: priceOnTick(first.optionChainPrice, false),
    });
    this.isOpen = true;
    this.preflight.reset();
    void this.tiers.load().then(() => {
      this.form.unscaleQuantity(quantity, this.tiers.multiplierOf(first.accountId));
    });
  }

  /** Closes the dialog; ignored while replacing. */
  close(): void {
    if (!this.pending) {
      this.isOpen = false;
    }
  }

  /**
   * Sends the replacement; `success` closes the dialog, and so does an answer some accounts accepted (a warning
   * saying how many and why the others did not); anything else keeps it open and says why. A quantity or price
   * that cannot be sent is marked on its field and nothing is sent; a press while it is being sent sends nothing.
   * Terms every targeted order already has (its quantity with its tier multiplier, instruction, order type and
   * price) are refused as "nothing to change", marked on the form, and nothing is sent; so are they when the
   * server says so.
   */
  async submit(): Promise<Outcome> {
    const texts =
      this.scope === "selected"
        ? { ok: OptionMessages.replaceSelectedSucceeded, failed: OptionMessages.replaceSelectedFailed }
        : { ok: OptionMessages.replaceSucceeded, failed: OptionMessages.replaceFailed };
    const first = this.targets[0];
    if (this.pending) {
      return NOT_SENT;
    }
    if (first === undefined) {
      return failed(texts.failed);
    }
    const problem = this.form.check();
    if (problem !== null) {
      return failedWith(texts.failed, problem);
    }
    const terms = JSON.stringify(this.form.payload());
    if (this.changesNothing()) {
      this.refusedTerms = terms;
      return failedWith(texts.failed, NOTHING_TO_CHANGE);
    }
    const result = await sendFromDialog(this, {
      send: () => this.preflight.send(this.command(first)),
      accepted: isSuccessAnswer,
      refusalReason: copyAnswerReason,
      logs: {
        refused: "The replacement was not accepted everywhere",
        failed: "Replacing the option order failed",
      },
      kind: "replace",
    });
    this.links.reloadTables();
    if (result.ok && this.scope === "selected") {
      this.links.doneWithSelected();
    }
    if (!result.ok && saysNothingToChange(result.reason)) {
      runInAction(() => {
        this.refusedTerms = terms;
      });
    }
    return requestOutcome(result, texts);
  }

  /**
   * Whether the form's terms are every target's own: each live order's instruction, order type, price (for a
   * LIMIT) and quantity, the form's quantity times the account's tier multiplier. False while a multiplier is
   * unknown (the server then decides).
   */
  private changesNothing(): boolean {
    const terms = this.form.payload();
    const liveOf = this.links.liveRowOf ?? ((row: OptionOrderRow) => row);
    return this.targets.every((target) => {
      const live = liveOf(target);
      const multiplier = this.tiers.multiplierOf(target.accountId);
      return (
        multiplier !== null &&
        terms.optionChainInstruction === live.optionChainInstruction &&
        terms.optionChainOrderType === live.optionChainOrderType &&
        sentNumber(terms.optionChainQuantity) * multiplier === live.optionChainQuantity &&
        (terms.optionChainOrderType !== "LIMIT" || samePrice(sentNumber(terms.optionChainPrice), live.optionChainPrice))
      );
    });
  }

  /**
   * Check accounts: previews the replacement on every targeted account (nothing is sent); terms every order
   * already has are refused as "nothing to change" without asking.
   */
  checkAccounts(): Promise<Outcome | null> {
    const first = this.targets[0];
    if (first === undefined) {
      return Promise.resolve(null);
    }
    const problem = this.form.check();
    if (problem !== null) {
      return Promise.resolve(failedWith(CHECK_FAILED, problem));
    }
    if (this.changesNothing()) {
      this.refusedTerms = JSON.stringify(this.form.payload());
      return Promise.resolve(failedWith(CHECK_FAILED, NOTHING_TO_CHANGE));
    }
    return this.preflight.check(this.command(first));
  }

  /** The replace call of the form: one account's order, or every targeted order of the session. */
  private command(first: OptionOrderRow): PreflightCommand {
    const order = { optionChainSymbol: first.optionChainSymbol, ...this.form.payload() };
    return this.scope === "individual"
      ? {
          method: "put",
          path: OptionPaths.replaceOrderIndividual,
          body: { agentTradingSessionID: this.sessionId, ...orderTarget(first), ...order },
        }
      : {
          method: "put",
          path: OptionPaths.replaceOrder,
          body: {
            agentTradingSessionID: this.sessionId,
            allTradingAccountsOrderList: this.targets.map(orderTarget),
            ...order,
          },
        };
  }
}
