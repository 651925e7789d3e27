// Clipping to an axis-aligned box, for the base map's cells (cells.ts). Polygons are cut ring by ring
// (Sutherland–Hodgman: a ring leaving and re-entering the box gets an edge along the box, which a fill does not
// show); lines are cut segment by segment into the pieces inside.

export type Position = [number, number];

/** [west, south, east, north] */
export type Box = readonly [number, number, number, number];

type Inside = (p: Position) => boolean;
type Cross = (a: Position, b: Position) => Position;

function clipRingAgainst(ring: Position[], inside: Inside, cross: Cross): Position[] {
  const out: Position[] = [];
  for (let i = 0; i < ring.length; i += 1) {
    const current = ring[i]!;
    const previous = ring[(i + ring.length - 1) % ring.length]!;
    if (inside(current)) {
      if (!inside(previous)) out.push(cross(previous, current));
      out.push(current);
    } else if (inside(previous)) out.push(cross(previous, current));
  }
  return out;
}

const atX =
  (x: number): Cross =>
  ([ax, ay], [bx, by]) => [x, ay + ((by - ay) * (x - ax)) / (bx - ax)];
const atY =
  (y: number): Cross =>
  ([ax, ay], [bx, by]) => [ax + ((bx - ax) * (y - ay)) / (by - ay), y];

/** The part of a closed ring inside the box, closed again; null when fewer than three corners are left. */
export function clipRing(ring: readonly Position[], [west, south, east, north]: Box): Position[] | null {
  // GeoJSON repeats the first corner at the end: work on the open ring.
  let open = ring.slice(0, ring.length - 1) as Position[];
  open = clipRingAgainst(open, ([x]) => x >= west, atX(west));
  open = clipRingAgainst(open, ([x]) => x <= east, atX(east));
  open = clipRingAgainst(open, ([, y]) => y >= south, atY(south));
  open = clipRingAgainst(open, ([, y]) => y <= north, atY(north));
  if (open.length < 3) return null;
  return [...open, open[0]!];
}

/** Liang–Barsky: the part of a segment inside the box, or null. */
function clipSegment(
  [ax, ay]: Position,
  [bx, by]: Position,
  [west, south, east, north]: Box,
): [Position, Position] | null {
  const dx = bx - ax;
  const dy = by - ay;
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [
    [-dx, ax - west],
    [dx, east - ax],
    [-dy, ay - south],
    [dy, north - ay],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return null;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return null;
      if (t < t1) t1 = t;
    }
  }
  return [
    [ax + t0 * dx, ay + t0 * dy],
    [ax + t1 * dx, ay + t1 * dy],
  ];
}

const same = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** The pieces of a line inside the box (a line that leaves and comes back is two pieces). */
export function clipLine(line: readonly Position[], box: Box): Position[][] {
  const pieces: Position[][] = [];
  let piece: Position[] = [];
  for (let i = 1; i < line.length; i += 1) {
    const clipped = clipSegment(line[i - 1]!, line[i]!, box);
    if (!clipped) continue;
    const [from, to] = clipped;
    if (piece.length && same(piece[piece.length - 1]!, from)) piece.push(to);
    else {
      if (piece.length > 1) pieces.push(piece);
      piece = [from, to];
    }
  }
  if (piece.length > 1) pieces.push(piece);
  return pieces;
}

/** The box around some positions. */
export function boxOf(positions: Iterable<Position>): Box {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [x, y] of positions) {
    if (x < west) west = x;
    if (x > east) east = x;
    if (y < south) south = y;
    if (y > north) north = y;
  }
  return [west, south, east, north];
}

export const boxesMeet = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
