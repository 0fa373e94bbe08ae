// Renders the Account screen against a fake server whose account list the test can change.
import { screen, within } from "@testing-library/react";
import { AccountSection } from "../AccountSection";
import type { Environment } from "../../shared/shell/Environment";
import { OPERATOR_SETTINGS_JSON, operatorAccountJson, type AccountJson } from "../../shared/test/accountFixtures";
import { jsonResponse } from "../../shared/test/fakeTransport";
import { renderApp, type RenderedApp } from "../../shared/test/renderApp";
import { limitsJson, type LimitsJson } from "./limitsFixtures";
import { READ_BUDGET_JSON } from "./readBudgetFixtures";
import { routeResponder, type RouteHandler, type RouteResponder } from "../../shared/test/routeResponder";

/** What {@link renderAccountScreen} returns. */
export interface RenderedAccountScreen extends RenderedApp {
  /** The fake server; add routes with `server.on`. */
  readonly server: RouteResponder;
  /**
   * What the account list (and the operator view) answers, and the limits (each account's defaults while null);
   * replace `list` or `limits` to change them.
   */
  readonly state: { list: AccountJson[]; limits: LimitsJson[] | null };
}

/**
 * Renders the Account section with `initial` as the account list (and a matching operator view and limits), plus
 * any extra `routes`.
 */
export function renderAccountScreen(
  initial: AccountJson[],
  routes: Readonly<Record<string, RouteHandler>> = {},
  env: Partial<Environment> = {},
): RenderedAccountScreen {
  const state: { list: AccountJson[]; limits: LimitsJson[] | null } = { list: initial, limits: null };
  const server = routeResponder({
    "GET /api/trading_account/database": () => jsonResponse(200, state.list),
    "GET /api/operator/accounts": () =>
      jsonResponse(
        200,
        state.list.map((account) => operatorAccountJson(account.accountId, account)),
      ),
    "GET /api/operator/settings": () => jsonResponse(200, OPERATOR_SETTINGS_JSON),
    "GET /api/operator/read_budget": () => jsonResponse(200, READ_BUDGET_JSON),
    "GET /api/trading_account/limits": () =>
      jsonResponse(
        200,
        state.limits ??
          state.list.map((account) =>
            limitsJson(account.accountId, {
              accountName: account.accountName,
              accountUsername: account.accountUsername,
            }),
          ),
      ),
    ...routes,
  });
  const rendered = renderApp(<AccountSection />, "/trading/account", server.responder, env);
  return { ...rendered, server, state };
}

/** The trading accounts table. */
export function accountTable(): HTMLElement {
  return screen.getByRole("table", { name: "Trading accounts" });
}

/** The table row of the account named `name`, once it is shown. */
export async function findAccountRow(name: string): Promise<HTMLElement> {
  const cell = await within(accountTable()).findByRole("cell", { name });
  const row = cell.closest("tr");
  if (row === null) {
    throw new Error(`no row for ${name}`);
  }
  return row;
}
