// Which number cells of the session tables stay on one line: short ones never break, long ones may.

/** The longest text a number cell keeps on one line: `6,000 / 15,000`, `1,000–3,000`. A longer one
 * (`100,000–300,000`) may wrap after its dash or slash where the table is narrow, so every column keeps
 * its room at 1366 pixels. */
export const ONE_LINE_NUMBER_CHARS = 14;

/** The class of a session table's number cell showing `text`: `cd-number`, plus `cd-may-wrap` when the text
 * is longer than {@link ONE_LINE_NUMBER_CHARS}. */
export function numberCellClass(text: string): string {
  return text.length > ONE_LINE_NUMBER_CHARS ? "cd-number cd-may-wrap" : "cd-number";
}
