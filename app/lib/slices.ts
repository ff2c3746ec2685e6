// Work over a long list of ids in slices, so that no statement passes SQLite's limit on bound values.

const SLICE = 500;

export function* slicesOf<T>(items: readonly T[], size = SLICE): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** Runs `each` over `items` slice by slice; what the runs return (rows changed), added up. */
export function sumOverSlices<T>(items: readonly T[], each: (slice: T[]) => number): number {
  let total = 0;
  for (const slice of slicesOf(items)) total += each(slice);
  return total;
}
