// Reading the engine's notation (docs/engine.md "Notation"; engine/actions.py) and the board's names
// (engine/topology.py): an action string becomes {player, kw, args}, a hex/intersection/path
// name becomes coordinates to draw at. This is reading text, not rules: which actions exist
// is always the server's legal list.

export const RESOURCES = ["brick", "lumber", "wool", "grain", "ore"];
export const DEV_CARDS = ["knight", "road-building", "year-of-plenty", "monopoly", "victory-point"];

const NAME = /^\((-?\d+),(-?\d+)\)([NSEW]{0,2})$/;
// Corners N, NE, SE, S, SW, NW as lattice offsets from the hex centre (topology.CORNER_OFFSETS):
// a hex (q, r) has its centre at lattice (2q + r, 3r), so shared corners get equal keys.
const CORNERS = ["N", "NE", "SE", "S", "SW", "NW"];
const CORNER_OFFSETS = [[0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1]];
// Side i runs from corner i to corner i + 1 (topology.Side).
const SIDES = ["NE", "E", "SE", "SW", "W", "NW"];
export const NEIGHBOURS = [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]];

// One lattice step in board units (a hex of radius 100): x by √3/2·100, y by 100/2.
export const R = 100;
const UX = (Math.sqrt(3) / 2) * R;
const UY = R / 2;

export function parseName(name) {
  const m = NAME.exec(String(name).trim());
  if (!m) return null;
  return { q: Number(m[1]), r: Number(m[2]), dir: m[3] };
}

export function hexCenter(q, r) {
  return [(2 * q + r) * UX, 3 * r * UY];
}

/** Lattice key of a corner: equal for every alias of one intersection. */
function cornerLattice(q, r, corner) {
  const [dx, dy] = CORNER_OFFSETS[corner];
  return [2 * q + r + dx, 3 * r + dy];
}

/** An intersection's name → {key, x, y}. */
export function node(name) {
  const p = parseName(name);
  const c = p ? CORNERS.indexOf(p.dir) : -1;
  if (c < 0) return null;
  const [X, Y] = cornerLattice(p.q, p.r, c);
  return { key: `${X},${Y}`, x: X * UX, y: Y * UY };
}

/** A path's name → {key, a: [x, y], b: [x, y], hex: [q, r], side}. */
export function edge(name) {
  const p = parseName(name);
  const side = p ? SIDES.indexOf(p.dir) : -1;
  if (side < 0) return null;
  const A = cornerLattice(p.q, p.r, side);
  const B = cornerLattice(p.q, p.r, (side + 1) % 6);
  const ka = `${A[0]},${A[1]}`;
  const kb = `${B[0]},${B[1]}`;
  return {
    key: ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`,
    a: [A[0] * UX, A[1] * UY],
    b: [B[0] * UX, B[1] * UY],
    hex: [p.q, p.r],
    side,
  };
}

export function hexKey(name) {
  const p = parseName(name);
  return p && !p.dir ? `${p.q},${p.r}` : null;
}

/** The six corner points of hex (q, r), for a polygon. */
export function hexCorners(q, r, scale = 1) {
  const [cx, cy] = hexCenter(q, r);
  return CORNER_OFFSETS.map(([dx, dy]) => [cx + dx * UX * scale, cy + dy * UY * scale]);
}

/** "2ore+1wool" → {ore: 2, wool: 1}; "nothing" → {}. */
export function parseBundle(text) {
  const out = {};
  if (!text || text === "nothing") return out;
  for (const item of text.split("+")) {
    const m = /^(\d*)([a-z]+)$/.exec(item.trim());
    if (!m) continue;
    out[m[2]] = (out[m[2]] || 0) + (m[1] ? Number(m[1]) : 1);
  }
  return out;
}

/** {ore: 2, wool: 1} → "1wool+2ore" in the notation's resource order ("nothing" if empty). */
export function formatBundle(b) {
  const parts = RESOURCES.filter((r) => b[r] > 0).map((r) => `${b[r]}${r}`);
  return parts.length ? parts.join("+") : "nothing";
}

export function bundleSize(b) {
  return Object.values(b).reduce((a, c) => a + c, 0);
}

/** "p0 offer 1ore for 1brick to p1,p2" → {text, player: 0, kw: "offer", args: [...]}. */
export function parseAction(text) {
  const words = text.trim().split(/\s+/);
  return { text, player: Number(words[0].slice(1)), kw: words[1], args: words.slice(2) };
}

/** "p1,p2" → [1, 2] ("nobody" → []). */
export function parsePlayers(text) {
  if (!text || text === "nobody") return [];
  return text.split(",").map((p) => Number(p.slice(1)));
}

// The board's places as the drawing hints' `targets` name them (server/drawing.py), as drawn.
const PLACE_TYPES = { intersection: "node", path: "edge", hex: "hex", harbor: "harbor" };

/**
 * Where on the board an action points, for highlighting and clicking: {type: "node" |
 * "edge" | "hex" | "harbor", name} or null. The base game's keywords are read here; a
 * scenario's from `targets`, its drawing hints' map keyword → {place, arg}: the place its
 * `arg`-th argument names.
 */
export function placeOf(act, targets = {}) {
  const { kw, args } = act;
  switch (kw) {
    case "settlement": case "city": return { type: "node", name: args[0] };
    case "road": return { type: "edge", name: args[0] };
    case "robber": return { type: "hex", name: args[0] };
    default: {
      const t = targets[kw];
      const type = t && PLACE_TYPES[t.place];
      return type && args[t.arg] !== undefined ? { type, name: args[t.arg] } : null;
    }
  }
}
