// A text order that is the same on every machine, for sorting symbols and descriptions.

/** Orders two texts by code unit (not by locale), so sorting never depends on the browser's language. */
export function compareText(a: string, b: string): number {
  if (a === b) {
    return 0;
  }
  return a < b ? -1 : 1;
}
