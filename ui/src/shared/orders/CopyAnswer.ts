// What a copy-trading call's answer says: whether every account accepted it, and if not, who refused and why.
import { isRecord } from "../api/json";
import { formatQuantity } from "../format/formatQuantity";
import { failed, partlySucceeded, succeeded, withReason, type Outcome } from "../stores/Outcome";
import { NO_REASON } from "./rejections";

/** The answer text of a copy-trading call that every targeted account accepted. */
export const SUCCESS_TEXT = "success";

/** True when a copy-trading call's answer is the text `success` (every targeted account accepted). */
export function isSuccessAnswer(answer: unknown): boolean {
  return typeof answer === "string" && answer.trim() === SUCCESS_TEXT;
}

/** An account named with why it refused ("" when it gave no reason). */
export interface NamedRefusal {
  /** The account's name (or `account <id>`). */
  readonly name: string;
  /** Why. */
  readonly reason: string;
}

/** One refused account of a partial answer: its name (or `account <id>`) and its reason ("" when it gave none). */
function refusedAccount(entry: unknown): NamedRefusal {
  if (!isRecord(entry)) {
    return { name: String(entry), reason: "" };
  }
  const name = typeof entry.accountName === "string" ? entry.accountName : `account ${String(entry.accountId)}`;
  return { name, reason: typeof entry.reason === "string" ? entry.reason.trim() : "" };
}

/** The most accounts named one by one in a group of refusals; a bigger group is counted (`10 accounts`). */
export const NAMED_ACCOUNTS_MAX = 3;

/** Accounts refused for one reason ("" when they gave none). */
interface RefusalGroup {
  readonly reason: string;
  readonly names: readonly string[];
}

/** The refused accounts of `failed` grouped by reason, in order of each reason's first account. */
function refusalGroups(failed: readonly unknown[]): RefusalGroup[] {
  return groupsOf(failed.map(refusedAccount));
}

/** `refusals` grouped by reason, in order of each reason's first account. */
function groupsOf(refusals: readonly NamedRefusal[]): RefusalGroup[] {
  const groups = new Map<string, string[]>();
  for (const { name, reason } of refusals) {
    const why = reason.trim();
    groups.set(why, [...(groups.get(why) ?? []), name]);
  }
  return Array.from(groups, ([reason, names]) => ({ reason, names }));
}

/**
 * Accounts and their reasons grouped by reason, each group's accounts named (or counted past
 * {@link NAMED_ACCOUNTS_MAX}): `4 accounts: insufficient buying power; Atlas Small: throttled past the deadline`.
 */
export function groupedRefusalText(refusals: readonly NamedRefusal[]): string {
  return groupsOf(refusals).map(groupText).join("; ");
}

/**
 * One group in words: its accounts named (`Alpha, Beta`), or counted past {@link NAMED_ACCOUNTS_MAX}
 * (`10 accounts`), then the reason they share after a colon, when they gave one.
 */
function groupText(group: RefusalGroup): string {
  const who =
    group.names.length > NAMED_ACCOUNTS_MAX ? `${group.names.length} accounts` : group.names.join(", ");
  return group.reason === "" ? who : `${who}: ${group.reason}`;
}

/**
 * Why a copy-trading answer is not `success`, to add to a failure message. For the partial answer
 * `{"accepted": [...], "failed": [{accountName, reason}]}` it says how many accounts refused, then the
 * refused accounts grouped by reason (`refused on 2 of 3 accounts (Alpha: insufficient buying power; Beta:
 * token expired)`, `refused on 10 accounts: unknown symbol`); for a text, the text; for anything else, the
 * JSON itself; null for no answer at all.
 */
export function copyAnswerReason(answer: unknown): string | null {
  if (answer === null || answer === undefined) {
    return null;
  }
  if (typeof answer === "string") {
    const text = answer.trim();
    return text === "" ? null : text;
  }
  if (isRecord(answer) && Array.isArray(answer.failed) && answer.failed.length > 0) {
    const groups = refusalGroups(answer.failed);
    const refused = answer.failed.length;
    const total = Array.isArray(answer.accepted) ? refused + answer.accepted.length : refused;
    const count = total === refused ? `${refused}` : `${refused} of ${total}`;
    const head = `refused on ${count} ${total === 1 ? "account" : "accounts"}`;
    const [only] = groups;
    const refusal =
      groups.length === 1 && only !== undefined && only.reason !== "" && only.names.length > NAMED_ACCOUNTS_MAX
        ? `${head}: ${only.reason}`
        : `${head} (${groups.map(groupText).join("; ")})`;
    const capped = cutsText(answer);
    return capped === null ? refusal : `${refusal}. ${capped}`;
  }
  return JSON.stringify(answer);
}

/**
 * The text of a copy-trading answer for a message: the text itself, or the failed accounts of a partial
 * answer grouped by reason (`Alpha: insufficient buying power; Beta, Gamma: token expired`; `10 accounts:
 * unknown symbol` past {@link NAMED_ACCOUNTS_MAX} accounts), then the exits cut to what was held
 * ({@link cappedText}) and the orders cut by limits ({@link cutText}).
 */
export function copyAnswerText(answer: unknown): string {
  if (typeof answer === "string") {
    return answer.trim();
  }
  if (isRecord(answer) && Array.isArray(answer.failed)) {
    const parts = refusalGroups(answer.failed).map(groupText);
    const capped = cutsText(answer);
    if (parts.length > 0) {
      return capped === null ? parts.join("; ") : `${parts.join("; ")}. ${capped}`;
    }
    if (capped !== null) {
      return capped;
    }
  }
  return JSON.stringify(answer);
}

/** One account whose exit the server cut to what it holds. */
export interface CappedExit {
  /** The account's name (or `account <id>`). */
  readonly name: string;
  /** Contracts, shares or spreads asked for. */
  readonly asked: number;
  /** What was sent: what the account holds. */
  readonly sent: number;
}

/** The exits of an answer's `capped` list (none when the answer has no such list). */
export function cappedExits(answer: unknown): CappedExit[] {
  if (!isRecord(answer) || !Array.isArray(answer.capped)) {
    return [];
  }
  return answer.capped.filter(isRecord).map((entry) => ({
    name: typeof entry.accountName === "string" ? entry.accountName : `account ${String(entry.accountId)}`,
    asked: typeof entry.asked === "number" ? entry.asked : 0,
    sent: typeof entry.sent === "number" ? entry.sent : 0,
  }));
}

/**
 * What the answer says of exits cut to what the accounts hold, e.g. `Cut to what is held: Big 3 of 10; Small
 * 4 of 10`; null when none was cut.
 */
export function cappedText(answer: unknown): string | null {
  const capped = cappedExits(answer);
  if (capped.length === 0) {
    return null;
  }
  const each = capped.map((exit) => `${exit.name} ${formatQuantity(exit.sent)} of ${formatQuantity(exit.asked)}`);
  return `Cut to what is held: ${each.join("; ")}`;
}

/**
 * What the answer says of orders an account's limits cut down (its `cut` list), e.g. `Cut by the account's limits:
 * Big C 5 of 9 (maximum quantity per order: 5)`; null when none was cut.
 */
export function cutText(answer: unknown): string | null {
  if (!isRecord(answer) || !Array.isArray(answer.cut)) {
    return null;
  }
  const each = answer.cut.filter(isRecord).map((entry) => {
    const name = typeof entry.accountName === "string" ? entry.accountName : `account ${String(entry.accountId)}`;
    const asked = typeof entry.asked === "number" ? entry.asked : 0;
    const sent = typeof entry.sent === "number" ? entry.sent : 0;
    const why = typeof entry.reason === "string" && entry.reason.trim() !== "" ? ` (${entry.reason.trim()})` : "";
    return `${name} ${formatQuantity(sent)} of ${formatQuantity(asked)}${why}`;
  });
  return each.length === 0 ? null : `Cut by the account's limits: ${each.join("; ")}`;
}

/** What an answer says besides who accepted: exits cut to what was held, then orders cut by limits. */
function cutsText(answer: unknown): string | null {
  const parts = [cappedText(answer), cutText(answer)].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : parts.join(". ");
}

/**
 * True when every targeted account accepted: the text `success`, or a partial answer that refused no account
 * and only says that exits were cut to what the accounts hold, or orders cut by an account's limits.
 */
export function isAcceptedAnswer(answer: unknown): boolean {
  if (isSuccessAnswer(answer)) {
    return true;
  }
  return (
    isRecord(answer) &&
    Array.isArray(answer.failed) &&
    answer.failed.length === 0 &&
    (cappedExits(answer).length > 0 || cutText(answer) !== null || acceptedAccounts(answer).length > 0)
  );
}

/** `ok`, followed by what the answer says of exits cut to what was held and orders cut by limits, if anything. */
export function acceptedText(ok: string, answer: unknown): string {
  const cuts = cutsText(answer);
  if (cuts === null) {
    return ok;
  }
  return /[.!?]$/.test(ok.trim()) ? `${ok.trim()} ${cuts}` : `${ok.trim()}. ${cuts}`;
}

/**
 * The outcome of a copy-trading answer: `success` is `ok`; a partial answer that refused no account but cut
 * exits to what was held is `ok` followed by that ({@link cappedText}); one that went out to some accounts only
 * is a warning ({@link partialOutcome}, in the words of `kind`); anything else is `failure` followed by the
 * answer's text.
 */
export function copyOutcome(answer: unknown, ok: string, failure: string, kind: CommandKind): Outcome {
  return commandOutcome(answer, { ok, failed: failure, kind });
}

/** The commands whose partial answers are put into words: what went out, and what did not. */
export type CommandKind = "place" | "exit" | "replace" | "cancel";

/** How a partial answer of each kind of command says what was done, and what was not. */
const PARTIAL_WORDS: Readonly<Record<CommandKind, { readonly done: string; readonly notDone: string }>> = {
  place: { done: "Placed on", notDone: "not sent" },
  exit: { done: "Exit sent to", notDone: "not sent" },
  replace: { done: "Replaced on", notDone: "not replaced" },
  cancel: { done: "Canceled on", notDone: "not canceled" },
};

/** The accounts (ids) a partial answer says accepted; none when it is not a partial answer. */
export function acceptedAccounts(answer: unknown): number[] {
  if (!isRecord(answer) || !Array.isArray(answer.accepted)) {
    return [];
  }
  return answer.accepted.filter((id): id is number => typeof id === "number");
}

/**
 * The refusals of `failed` counted by reason, most first (`insufficient buying power (3), throttled past the
 * deadline (1)`), a refusal without a reason as "no reason given".
 */
function reasonCounts(failed: readonly unknown[]): string {
  const counts = new Map<string, number>();
  for (const entry of failed) {
    // Already said once before the reasons: "4 not sent: ...".
    const reason = refusedAccount(entry).reason.replace(/^not sent:\s*/i, "");
    const why = reason === "" ? NO_REASON : reason;
    counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  return Array.from(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => `${reason} (${count})`)
    .join(", ");
}

/**
 * The warning of a command that went out to some of its accounts and not to others: the partial answer
 * `{"accepted": [...], "failed": [...]}` with both lists non-empty, e.g. `Placed on 7 of 11 accounts; 4 not sent:
 * insufficient buying power (3), throttled past the deadline (1)` (a reason's own leading "not sent:" left out), then
 * the exits cut to what was held ({@link cappedText}) and the orders cut by limits ({@link cutText}). It counts orders rather than accounts when an account appears twice (an exit of two of
 * its positions). Null for any other answer: `success`, nothing sent, or no partial answer at all.
 */
export function partialOutcome(answer: unknown, kind: CommandKind): Outcome | null {
  if (!isRecord(answer) || !Array.isArray(answer.failed) || answer.failed.length === 0) {
    return null;
  }
  const accepted = acceptedAccounts(answer);
  if (accepted.length === 0) {
    return null;
  }
  const refused = answer.failed.length;
  const total = accepted.length + refused;
  const ids = [...accepted, ...answer.failed.map((entry) => (isRecord(entry) ? entry.accountId : entry))];
  const unit = new Set(ids).size < ids.length ? "orders" : total === 1 ? "account" : "accounts";
  const words = PARTIAL_WORDS[kind];
  const text = `${words.done} ${accepted.length} of ${total} ${unit}; ${refused} ${words.notDone}: ${reasonCounts(answer.failed)}`;
  const cuts = cutsText(answer);
  return partlySucceeded(cuts === null ? text : `${text}. ${cuts}`);
}

/** The texts a command dialog shows: its success and failure texts (the spec's), and what kind of command it is. */
export interface CommandTexts {
  /** The success text, e.g. `Place order successful`. */
  readonly ok: string;
  /** The failure text the reason follows, e.g. `Place order failed`. */
  readonly failed: string;
  /** What the command does, for a partial answer's words. */
  readonly kind: CommandKind;
}

/**
 * The outcome of a command's answer: every account accepted is `ok` (with the exits cut to what was held);
 * some accounts accepted is a warning saying how many and why the others did not ({@link partialOutcome});
 * none is `failed` followed by `reason(answer)` ({@link copyAnswerText} by default).
 */
export function commandOutcome(
  answer: unknown,
  texts: CommandTexts,
  reason: (answer: unknown) => string | null = copyAnswerText,
): Outcome {
  if (isAcceptedAnswer(answer)) {
    return succeeded(acceptedText(texts.ok, answer));
  }
  return partialOutcome(answer, texts.kind) ?? failed(withReason(texts.failed, reason(answer)));
}

/** Whether an answer says the command went out to at least one account: `success`, or a partial one accepting some. */
export function sentSomething(answer: unknown): boolean {
  return isAcceptedAnswer(answer) || acceptedAccounts(answer).length > 0;
}
