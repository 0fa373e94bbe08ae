// The view-all-orders dialog of one session: the replace chain, and R / C on one row or on the checked rows.
import { makeAutoObservable } from "mobx";
import { SessionView } from "../../shared/stores/SessionView";
import type { CancelOrderDialogStore } from "./CancelOrderDialogStore";
import { OptionMessages } from "../OptionMessages";
import { orderRowKey, type OptionOrderRow } from "./OptionOrderRow";
import type { ReplaceOrderDialogStore } from "./ReplaceOrderDialogStore";
import type { WarningDialogStore } from "../../shared/stores/WarningDialogStore";

/** What the session view needs: the live rows and the dialogs it opens. */
export interface SessionOrdersDialogDeps {
  /** The current rows of a session (empty when it is gone). */
  readonly rowsOf: (sessionId: number) => readonly OptionOrderRow[];
  /** The sessions made by replacing a session's orders, oldest first. */
  readonly replacersOf: (sessionId: number) => readonly number[];
  /** The live row of a row (a REPLACED one followed to the order that replaced it). */
  readonly liveRowOf: (row: OptionOrderRow) => OptionOrderRow;
  /** The replace dialog. */
  readonly replaceDialog: ReplaceOrderDialogStore;
  /** The cancel dialog. */
  readonly cancelDialog: CancelOrderDialogStore;
  /** The warning modal. */
  readonly warning: WarningDialogStore;
}

/** State of the view-all-orders dialog; its rows follow the polled orders while it is open. */
export class SessionOrdersDialogStore {
  /** The session shown, its rows and the checked ones. */
  readonly view: SessionView<OptionOrderRow>;

  private readonly deps: SessionOrdersDialogDeps;

  /** @param deps The orders and the dialogs. */
  constructor(deps: SessionOrdersDialogDeps) {
    this.deps = deps;
    this.view = new SessionView(deps.rowsOf, orderRowKey);
    makeAutoObservable<this, "deps">(this, { deps: false, view: false }, { autoBind: true });
  }

  /** The session this one's replace replaced, or null. */
  get replacedSessionId(): number | null {
    return this.view.rows[0]?.replacedSessionID ?? null;
  }

  /** The sessions made by replacing this one's orders, oldest first. */
  get replacedBy(): readonly number[] {
    return this.view.sessionId === null ? [] : this.deps.replacersOf(this.view.sessionId);
  }

  /** R on one row: replaces that account's order. */
  replaceRow(row: OptionOrderRow): void {
    this.deps.replaceDialog.open("individual", row.agentTradingSessionID, [row], this.deps.liveRowOf(row));
  }

  /** C on one row: cancels that account's order. */
  cancelRow(row: OptionOrderRow): void {
    this.deps.cancelDialog.open("individual", row.agentTradingSessionID, [row]);
  }

  /** R in the header: replaces the checked orders, or warns when none is checked. */
  replaceSelected(): void {
    this.view.withChecked(this.deps.warning, OptionMessages.selectOrder, (sessionId, rows) =>
      this.deps.replaceDialog.open("selected", sessionId, rows, rows[0] && this.deps.liveRowOf(rows[0])),
    );
  }

  /** C in the header: cancels the checked orders, or warns when none is checked. */
  cancelSelected(): void {
    this.view.withChecked(this.deps.warning, OptionMessages.selectOrder, (sessionId, rows) =>
      this.deps.cancelDialog.open("selected", sessionId, rows),
    );
  }
}
