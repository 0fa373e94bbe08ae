// Idempotency keys of copy commands: a command sent again from the same dialog opening, or after its answer was
// lost, goes under the same key, so the server answers it as it did the first time and no order goes out twice.

/** Makes a new key. */
export type KeyMaker = () => string;

/** The first path segments (below the base path) of the calls that send orders. */
const COMMAND_FAMILIES: readonly string[] = ["copy_trading_account", "stock_copy_trading"];

/** The second path segments of the calls that write orders: place, exit and replace of every kind. */
export const ORDER_WRITE_WORDS: readonly string[] = [
  "place_order",
  "exit_order",
  "exit_order_multiple",
  "replace_order",
  "replace_order_individual",
  "replace_individual_legs",
];

/** The second path segments of the calls that send orders: the writes and the cancels. */
const COMMAND_WORDS: readonly string[] = [...ORDER_WRITE_WORDS, "cancel_order", "cancel_order_individual"];

/** Whether `path` (below the base path, e.g. `/stock_copy_trading/place_order`) sends orders. */
export function isCommandPath(path: string): boolean {
  const [family = "", word = ""] = path.split("/").filter((segment) => segment !== "");
  return COMMAND_FAMILIES.includes(family) && COMMAND_WORDS.includes(word);
}

/** 16 random bytes as 32 hex digits (works on plain http too, where `crypto.randomUUID` is missing). */
export const randomKey: KeyMaker = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** How long after its answer was lost a command sent again is a repeat of it (after that, a new command). */
export const REPEAT_WINDOW_MS = 5 * 60_000;

/** The clock of the repeat window, in milliseconds. */
export type Now = () => number;

/**
 * One opening of a command dialog: the command last sent from it and its key. Pressing the send button again
 * while the command is unchanged sends it under that key (the server answers it from the first, sending
 * nothing); a changed command gets a new key.
 */
export class CommandScope {
  /** The command last sent from this opening (method, path and body) and its key; null before the first. */
  last: { readonly command: string; readonly key: string } | null = null;
}

/**
 * The keys of commands sent: each command gets a new key, except a command identical (method, path, body) to the
 * last one sent from the same dialog opening ({@link CommandScope}), or to one whose answer never arrived in the
 * last {@link REPEAT_WINDOW_MS}, which gets that one's key again.
 */
export class CommandKeys {
  /** Keys of commands that got no answer, by the command's method, path and body, with when they were lost. */
  private readonly unanswered = new Map<string, { readonly key: string; readonly lostAt: number }>();

  constructor(
    private readonly makeKey: KeyMaker = randomKey,
    private readonly now: Now = Date.now,
  ) {}

  /**
   * The key `command` (method, path and body text) was already sent under, from `scope` or with its answer lost
   * lately; null when sending it would be a new command.
   */
  keptKey(command: string, scope?: CommandScope): string | null {
    if (scope?.last?.command === command) {
      return scope.last.key;
    }
    const lost = this.unanswered.get(command);
    if (lost !== undefined && this.now() - lost.lostAt <= REPEAT_WINDOW_MS) {
      return lost.key;
    }
    return null;
  }

  /** The key to send `command` under, from `scope` when it is sent from a dialog; remembered by `scope`. */
  keyFor(command: string, scope?: CommandScope): string {
    const key = this.keptKey(command, scope) ?? this.makeKey();
    if (scope !== undefined) {
      scope.last = { command, key };
    }
    return key;
  }

  /** Records how `command`, sent under `key`, ended: answered (any status), or not (kept for a repeat). */
  settle(command: string, key: string, answered: boolean): void {
    if (answered) {
      this.unanswered.delete(command);
    } else {
      this.unanswered.set(command, { key, lostAt: this.now() });
    }
  }
}
