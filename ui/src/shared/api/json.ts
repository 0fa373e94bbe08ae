// Narrowing helpers for decoded API answers, whose shape is only known at run time.

/** True when `value` is a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The non-empty string stored under `key` of a JSON object answer, or null when there is none. */
export function stringField(value: unknown, key: string): string | null {
  if (!isRecord(value)) {
    return null;
  }
  const field = value[key];
  return typeof field === "string" && field !== "" ? field : null;
}

/** What an answer that was not the one hoped for says: its text, or its `error` or `message` field; else null. */
export function answerText(answer: unknown): string | null {
  if (typeof answer === "string") {
    const text = answer.trim();
    return text === "" ? null : text;
  }
  if (isRecord(answer)) {
    return stringField(answer, "error") ?? stringField(answer, "message");
  }
  return null;
}
