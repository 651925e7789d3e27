/** A stop as the visited rule sees it. */
export interface PositionedStop {
  position: number;
  point_visited: boolean | null;
}

/**
 * The spec's visited rule: when any stop shown is visited, every stop at an earlier position counts as visited
 * too (the truck has been past it). Returns the positions that count as visited.
 */
export function visitedPositions(stops: readonly PositionedStop[]): Set<number> {
  const lastVisited = Math.max(-Infinity, ...stops.filter((s) => s.point_visited === true).map((s) => s.position));
  return new Set(stops.filter((s) => s.point_visited === true || s.position < lastVisited).map((s) => s.position));
}
