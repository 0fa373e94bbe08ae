// What a copy-trading call's answer says: whether every account accepted it, and if not, who refused and why.
import { isRecord } from "../api/json";

/** The answer text of a copy-trading call that every targeted account accepted. */
export const SUCCESS_TEXT = "success";

/** True when a copy-trading call's answer is the text `success` (every targeted account accepted). */
export function isSuccessAnswer(answer: unknown): boolean {
  return typeof answer === "string" && answer.trim() === SUCCESS_TEXT;
}

/** One refused account of a partial answer: its name (or `account <id>`) and its reason, if it gave one. */
function refusedAccount(entry: unknown): { readonly name: string; readonly reason: string | null } {
  if (!isRecord(entry)) {
    return { name: String(entry), reason: null };
  }
  const name = typeof entry.accountName === "string" ? entry.accountName : `account ${String(entry.accountId)}`;
  return { name, reason: typeof entry.reason === "string" ? entry.reason : null };
}

/**
 * Why a copy-trading answer is not `success`, to add to a failure message. For the partial answer
 * `{"accepted": [...], "failed": [{accountName, reason}]}` it names each failed account with its reason
 * (`refused on 2 of 3 accounts (Alpha: insufficient buying power; Beta: token expired)`); for a text, the
 * text; for anything else, the JSON itself; null for no answer at all.
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
    const parts = answer.failed.map((entry) => {
      const { name, reason } = refusedAccount(entry);
      const why = reason?.trim() ?? "";
      return why === "" ? name : `${name}: ${why}`;
    });
    const refused = answer.failed.length;
    const total = Array.isArray(answer.accepted) ? refused + answer.accepted.length : refused;
    const count = total === refused ? `${refused}` : `${refused} of ${total}`;
    return `refused on ${count} ${total === 1 ? "account" : "accounts"} (${parts.join("; ")})`;
  }
  return JSON.stringify(answer);
}

/**
 * The text of a copy-trading answer for a message: the text itself, or each failed account of a partial
 * answer with its reason (`Alpha: insufficient buying power; Beta: token expired`).
 */
export function copyAnswerText(answer: unknown): string {
  if (typeof answer === "string") {
    return answer.trim();
  }
  if (isRecord(answer) && Array.isArray(answer.failed)) {
    const parts = answer.failed.map((entry) => {
      const { name, reason } = refusedAccount(entry);
      return reason === null ? name : `${name}: ${reason}`;
    });
    if (parts.length > 0) {
      return parts.join("; ");
    }
  }
  return JSON.stringify(answer);
}
