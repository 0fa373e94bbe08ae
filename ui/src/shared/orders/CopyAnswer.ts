// What a copy-trading call's answer says when not every account accepted.
import { isRecord } from "../api/json";

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
      if (!isRecord(entry)) {
        return String(entry);
      }
      const name = typeof entry.accountName === "string" ? entry.accountName : `account ${String(entry.accountId)}`;
      return typeof entry.reason === "string" && entry.reason.trim() !== "" ? `${name}: ${entry.reason.trim()}` : name;
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
      if (!isRecord(entry)) {
        return String(entry);
      }
      const name = typeof entry.accountName === "string" ? entry.accountName : `account ${String(entry.accountId)}`;
      return typeof entry.reason === "string" ? `${name}: ${entry.reason}` : name;
    });
    if (parts.length > 0) {
      return parts.join("; ");
    }
  }
  return JSON.stringify(answer);
}
