/**
 * Joins log lines into one announcement for the live region: a line that already ends a sentence
 * keeps its own full stop (no "-1 VP.. Famine"), a line without one gets it.
 */
export function joinSentences(lines: readonly string[]): string {
  return lines
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => (/[.!?…]$/.test(l) ? l : `${l}.`))
    .join(' ');
}
