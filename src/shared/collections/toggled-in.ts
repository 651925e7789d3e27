/** A copy of the set with `item` added, or removed if it was there (expanded rows, ticked rows). */
export function toggledIn<T>(set: ReadonlySet<T>, item: T): Set<T> {
  const next = new Set(set);
  if (!next.delete(item)) next.add(item);
  return next;
}
