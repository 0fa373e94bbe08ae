// What a copy-trading call's answer says when not every account accepted.
import { isRecord } from "../api/json";

/**
 * The server's text for a copy-trading answer that is not `success`: for the partial answer
 * `{"accepted": [...], "failed": [{accountName, reason}]}` each failed account with its reason
 * (`Alpha: insufficient buying power; Beta: token expired`), for a text its text, else the JSON itself.
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
