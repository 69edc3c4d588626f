/**
 * The page title: the page's own (a table says whose turn it is) after the count of matches waiting for
 * the signed-in player, "(2) Tabula".
 */
let base = 'Tabula';
let count = 0;

function apply(): void {
  document.title = count > 0 ? `(${count}) ${base}` : base;
}

export function setBaseTitle(title: string): void {
  base = title;
  apply();
}

export function setTurnCount(n: number): void {
  count = n;
  apply();
}
