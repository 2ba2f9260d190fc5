/** "Did you mean": the closest known name to a misspelt one, for the fix line of a problem. */

/** Edit distance (Levenshtein) between two strings. */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** The known name closest to `name`, if it is close enough to be a typo (two edits, or a quarter of its letters). */
export function closest(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 4)) ? best : undefined;
}

/** ` Did you mean "x"?` when a close name exists, else ''. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const match = closest(name, known);
  return match === undefined ? '' : ` Did you mean "${match}"?`;
}
