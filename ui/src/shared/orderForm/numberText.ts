// Number text as a trader types it: thousands separators taken out before the text is checked or sent.

/** Digits grouped by three with commas (`1,000`, `12,345,678.50`): one to three digits, then `,ddd` groups. */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * `text` trimmed, without its thousands separators when they group the digits by three: `1,000` → `1000`,
 * `1,000.50` → `1000.50`. Any other text is only trimmed (`1,5` stays `1,5`, which no check takes for a number).
 */
export function plainNumberText(text: string): string {
  const trimmed = text.trim();
  return GROUPED.test(trimmed) ? trimmed.replace(/,/g, "") : trimmed;
}

/** `text` as a whole number of at least 1 (thousands separators allowed: `1,000`), or null when it is not one. */
export function wholeNumberOf(text: string): number | null {
  const plain = plainNumberText(text);
  return /^\d+$/.test(plain) && Number(plain) >= 1 ? Number(plain) : null;
}
