// The check call of a copy command: `/preflight/{COMMON|VERTICAL|STOCK}/{command}` takes the command's body.
import { ORDER_WRITE_WORDS } from "../api/CommandKeys";

/**
 * The check call of the command call at `commandPath` (relative to the API base path), or null when the
 * command has none (cancels). `/copy_trading_account/place_order/COMMON` is checked at
 * `/preflight/COMMON/place_order`, `/stock_copy_trading/exit_order/` at `/preflight/STOCK/exit_order`.
 */
export function checkPathOf(commandPath: string): string | null {
  const parts = commandPath.split("/").filter((part) => part !== "");
  const [area, command, kind] = parts;
  if (area === "copy_trading_account" && command !== undefined && (kind === "COMMON" || kind === "VERTICAL")) {
    return CHECKED.has(command) ? `/preflight/${kind}/${command}` : null;
  }
  if (area === "stock_copy_trading" && command !== undefined && kind === undefined) {
    return CHECKED.has(command) ? `/preflight/STOCK/${command}` : null;
  }
  return null;
}

/** The commands that have a check call: every order write (cancels have none). */
const CHECKED: ReadonlySet<string> = new Set(ORDER_WRITE_WORDS);
