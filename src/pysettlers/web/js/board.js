// The board as SVG, drawn from the view JSON alone (view.board, buildings, roads, robber):
// any set of land hexes, a sea frame around it, harbors, number tokens with pips, pieces.
// What a scenario adds is drawn from its drawing hints (`drawing`: the server's
// `welcome.drawing`, by scenario package; server/drawing.py names the keys), not from its name:
// a `paths` hint names the view's map of path → seat (`view[part][member]`) whose pieces are
// drawn along their paths in the hint's shape (Seafarers ships: a boat in its seat's colour
// with the seat's label on the sail), and previewed on the targets whose `targets` hint names
// that piece as its `ghost`; a `robber_on_harbor` hint titles the robber standing on a
// harbor (the 1996 pirate: view.robber names the harbor's path; it is drawn at the harbor's
// marker, which is shown closed). Ships sail the open sea too (board.open_sea: every corner and side of a sea
// hex is a place, named after that hex), so the whole sea ring is in view.
// Places that legal actions point at are drawn as targets on top; clicking one calls
// `onPick(target)`. Nothing here decides what is legal.
// What just happened (effects.js keeps the clock): the hexes of this turn's rolled number carry
// the class `rolled` (and `blocked` where the robber stops them producing) with a glow over
// them; a newly placed piece carries `placed`. The board is redrawn on every state, so each
// animated element gets `--fx-delay` (minus its age): a redraw continues an animation rather
// than restarting it.

import { s } from "./dom.js";
import { NEIGHBOURS, R, edge, hexCenter, hexCorners, hexKey, node, parseName } from "./notation.js";

export const TERRAIN = {
  hills: "#c8693f", forest: "#3f7a3a", pasture: "#9ccc65", fields: "#eac54f",
  mountains: "#8d96a3", desert: "#e5d3a1",
};
export const RESOURCE_COLOUR = {
  brick: "#b5532d", lumber: "#2f6b34", wool: "#7cb342", grain: "#d9a81e", ore: "#6f7886",
};
// Okabe–Ito colours (safe for the common colour-blindnesses; the seventh and eighth, sky
// blue and black, for the 7–8 player maps), and every piece carries its seat's label (1–8)
// too, so colour is never the only cue.
export const PLAYER_COLOURS = ["#0072B2", "#D55E00", "#F5F5F5", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#1A1A1A"];
const PLAYER_INK = ["#fff", "#fff", "#111", "#111", "#fff", "#111", "#111", "#fff"];

export function playerColour(seat) { return PLAYER_COLOURS[seat % PLAYER_COLOURS.length]; }
export function playerInk(seat) { return PLAYER_INK[seat % PLAYER_INK.length]; }
export function seatLabel(seat) { return String(seat + 1); }

/** Pips under a number token: its ways to be rolled with two dice (2 and 12: one). */
function pips(n) { return 6 - Math.abs(7 - n); }

// A texture per terrain so hexes differ by more than colour.
function patterns() {
  const pat = (id, size, ...kids) => s("pattern", { id, width: size, height: size, patternUnits: "userSpaceOnUse" }, ...kids);
  const ink = { stroke: "rgba(0,0,0,.22)", "stroke-width": 2.2, fill: "none", "stroke-linecap": "round" };
  return s("defs", {},
    pat("t-forest", 34, s("path", { d: "M9 26 L17 10 L25 26 Z", fill: "rgba(0,0,0,.2)" })),
    pat("t-hills", 28, s("path", { d: "M0 7 H28 M0 21 H28 M10 0 V7 M24 7 V21 M10 21 V28", ...ink })),
    pat("t-pasture", 26, s("circle", { cx: 13, cy: 13, r: 3.4, fill: "rgba(255,255,255,.45)" })),
    pat("t-fields", 20, s("path", { d: "M5 4 V16 M15 0 V8 M15 14 V20", ...ink })),
    pat("t-mountains", 36, s("path", { d: "M4 28 L14 12 L22 24 L27 17 L34 28", ...ink })),
    pat("t-desert", 30, s("circle", { cx: 8, cy: 9, r: 1.6, fill: "rgba(0,0,0,.18)" }),
      s("circle", { cx: 22, cy: 21, r: 1.6, fill: "rgba(0,0,0,.18)" })),
  );
}

function poly(points, attrs) {
  return s("polygon", { points: points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" "), ...attrs });
}

function token(x, y, n, dim, extra = "") {
  const red = n === 6 || n === 8;
  const k = pips(n);
  const dots = [];
  for (let i = 0; i < k; i++) {
    dots.push(s("circle", { cx: x + (i - (k - 1) / 2) * 7, cy: y + 15, r: 2.6, class: red ? "pip red" : "pip" }));
  }
  return s("g", { class: `token${dim ? " dim" : ""}${extra}`, "data-number": n },
    s("circle", { cx: x, cy: y, r: 27, class: "token-disc" }),
    s("text", { x, y: y + 7, class: red ? "token-n red" : "token-n" }, n),
    ...dots);
}

const HOUSE = [[-17, 13], [17, 13], [17, -6], [0, -22], [-17, -6]];
const CITY = [[-26, 15], [26, 15], [26, -5], [4, -5], [4, -15], [-11, -29], [-26, -15]];

/** A settlement or city of `seat` at (x, y): its shape, its colour, its seat label. */
export function piece(kind, seat, x, y, extra = "") {
  const shape = kind === "city" ? CITY : HOUSE;
  // The body sits in an inner group: a CSS transform (the placing animation) on the outer one
  // would replace its translate.
  return s("g", { class: `piece ${kind} ${extra}`, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})` },
    s("g", { class: "piece-inner" },
      poly(shape, { fill: playerColour(seat), class: "piece-body" }),
      s("text", { x: kind === "city" ? -8 : 0, y: kind === "city" ? 9 : 8, class: "piece-label", fill: playerInk(seat) }, seatLabel(seat))));
}

function road(e, seat, extra = "") {
  // A bridge (a road piece over water, Islands of Catan) is drawn as a road with its name.
  const [ax, ay] = e.a;
  const [bx, by] = e.b;
  const t = 0.16; // leave room for the pieces at the ends
  const x1 = ax + (bx - ax) * t, y1 = ay + (by - ay) * t;
  const x2 = bx - (bx - ax) * t, y2 = by - (by - ay) * t;
  return s("g", { class: `road ${extra}` },
    s("line", { x1, y1, x2, y2, class: "road-edge" }),
    s("line", { x1, y1, x2, y2, class: "road-body", stroke: playerColour(seat) }),
    // A seat's label in the middle of its road, as on its buildings.
    s("text", { x: (x1 + x2) / 2, y: (y1 + y2) / 2 + 3.5, class: "road-label", fill: playerInk(seat) }, seatLabel(seat)));
}

/**
 * The values of the drawing hints' `key`, one per scenario package in play that has it
 * (`drawing`: `welcome.drawing` or a replay's `drawing`, by package).
 */
export function hinted(drawing, key) {
  return Object.values(drawing || {}).map((x) => x[key]).filter((x) => x !== undefined && x !== null);
}

/**
 * The drawing hints' `key` maps (`targets`, `chance`, `events`: by keyword or event name)
 * of every scenario package in play, merged into one.
 */
export function mergedHints(drawing, key) {
  return Object.assign({}, ...hinted(drawing, key));
}

const HULL = [[-20, 2], [20, 2], [13, 13], [-13, 13]];
const SAIL = [[-3, 0], [-3, -26], [16, 0]];

/**
 * A boat: piece `piece` of `seat` on edge `e`, a line along the path and a boat at its
 * middle; its parts carry the classes `piece`, `piece-wake`, `-hull`, `-sail`, `-label`.
 */
function boat(e, seat, piece, extra = "") {
  const [ax, ay] = e.a;
  const [bx, by] = e.b;
  const mx = (ax + bx) / 2, my = (ay + by) / 2;
  return s("g", { class: `${piece} ${extra}` },
    s("line", { x1: ax, y1: ay, x2: bx, y2: by, class: `${piece}-wake`, stroke: playerColour(seat) }),
    s("g", { transform: `translate(${mx.toFixed(1)} ${(my + 6).toFixed(1)}) scale(1.5)` },
      poly(HULL, { class: `${piece}-hull`, fill: playerColour(seat) }),
      poly(SAIL, { class: `${piece}-sail` }),
      s("text", { x: 4, y: -4, class: `${piece}-label` }, seatLabel(seat))));
}

// The shapes a `paths` hint may name (its `shape`): how its piece is drawn on a path.
const PATH_SHAPES = { boat };

/** Where a harbor's marker stands: in the sea, off the middle of its coastal path. */
function harborSpot(e) {
  const [cx, cy] = hexCenter(e.hex[0], e.hex[1]);
  const mx = (e.a[0] + e.b[0]) / 2, my = (e.a[1] + e.b[1]) / 2;
  const dx = mx - cx, dy = my - cy;
  const len = Math.hypot(dx, dy) || 1;
  return [mx + (dx / len) * 40, my + (dy / len) * 40];
}

function harbor(h, closed) {
  const e = edge(h.path);
  if (!e) return null;
  // The marker stands in the sea, off the middle of its coastal path, with two piers.
  const [px, py] = harborSpot(e);
  const generic = h.type === "generic";
  const title = (generic ? "harbor 3:1 (any resource)" : `harbor 2:1 ${h.type}`)
    + (closed ? ": closed, the robber is on it" : "");
  return s("g", { class: `harbor${closed ? " closed" : ""}`, "data-path": h.path },
    s("title", {}, title),
    s("line", { x1: px, y1: py, x2: e.a[0], y2: e.a[1], class: "pier" }),
    s("line", { x1: px, y1: py, x2: e.b[0], y2: e.b[1], class: "pier" }),
    s("circle", { cx: px, cy: py, r: 24, class: "harbor-disc", fill: generic ? "#fffdf5" : RESOURCE_COLOUR[h.type] }),
    s("text", { x: px, y: generic ? py + 6 : py + 1, class: `harbor-rate${generic ? "" : " on-colour"}` }, generic ? "3:1" : "2:1"),
    generic ? null : s("text", { x: px, y: py + 13, class: "harbor-res" }, h.type));
}

function robber(x, y, onHarbor = null, age = null) {
  // (the figure in an inner group, like a building's: its arrival animates that group)
  const moved = fxStyle(age);
  // (`onHarbor`: the robber_on_harbor hint, whose title names it there)
  return s("g", { class: `robber${onHarbor ? " on-harbor" : ""}${moved ? " placed" : ""}`, transform: `translate(${x} ${y})`, style: moved },
    s("title", {}, onHarbor ? onHarbor.title : "the robber"),
    s("g", { class: "robber-inner" },
      s("ellipse", { cx: 0, cy: 14, rx: 13, ry: 6, class: "robber-base" }),
      s("path", { d: "M-11 14 C-11 -2 -7 -8 0 -8 C7 -8 11 -2 11 14 Z", class: "robber-body" }),
      s("circle", { cx: 0, cy: -14, r: 8, class: "robber-body" })));
}

/** `--fx-delay` for an animation `age` ms old (null: none running, so no style). */
function fxStyle(age) {
  return age === undefined || age === null || !Number.isFinite(age) ? null : `--fx-delay:${-Math.round(age)}ms`;
}

/**
 * The board of `view` as an <svg>. `targets`: [{type, name, key, label, kind}] to draw as
 * clickable spots; `onPick(target)`; `me`: the seat whose pieces the previews show.
 * `rolled`: this turn's rolled number (its hexes are marked); `fx`: {rollAge, robberAge,
 * placed: Map name → age} in ms, the ages of the animations still running (effects.js).
 */
export function drawBoard(view, { targets = [], onPick = () => {}, me = null, recent = new Set(), rolled = null, fx = {}, drawing = {} } = {}) {
  const placed = fx.placed || new Map();
  const placedCls = (name) => (placed.has(name) ? " placed" : "");
  const hexes = view.board.hexes;
  const land = new Set(hexes.map((h) => hexKey(h.hex)));
  // Water and port hexes inside the map (the Islands of Catan maps): drawn as sea, the port
  // hexes with their harbor type; their harbors are drawn like a frame's below.
  const ports = view.board.ports || [];
  const inner = [...(view.board.sea || []), ...ports.map((p) => p.hex)];
  const sea = new Map();
  for (const name of inner) {
    const p = parseName(name);
    sea.set(`${p.q},${p.r}`, [p.q, p.r]);
  }
  for (const h of hexes) {
    const p = parseName(h.hex);
    for (const [dq, dr] of NEIGHBOURS) {
      const k = `${p.q + dq},${p.r + dr}`;
      if (!land.has(k)) sea.set(k, [p.q + dq, p.r + dr]);
    }
  }
  // The view box: the land and half of the sea ring (enough for the harbors); with
  // Seafarers ships (board.open_sea) the whole sea ring, whose outer rim ships sail along.
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const grow = ([x, y]) => {
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  };
  for (const h of [...hexes, ...inner.map((name) => ({ hex: name }))]) {
    const p = parseName(h.hex);
    hexCorners(p.q, p.r, 1.8).forEach(grow);
  }
  if (view.board.open_sea) for (const [q, r] of sea.values()) hexCorners(q, r, 1.15).forEach(grow);
  const svg = s("svg", {
    class: "board", viewBox: `${x0.toFixed(0)} ${y0.toFixed(0)} ${(x1 - x0).toFixed(0)} ${(y1 - y0).toFixed(0)}`,
    role: "img", "aria-label": "the board", preserveAspectRatio: "xMidYMid meet",
  }, patterns());
  svg.dataset.base = svg.getAttribute("viewBox");

  const seaG = s("g", { class: "sea" });
  for (const [q, r] of sea.values()) seaG.append(poly(hexCorners(q, r, 1.02), { class: "sea-hex" }));
  for (const port of ports) {
    // A port hex: lighter water; its harbor (when it faces land) is drawn with the others.
    const p = parseName(port.hex);
    const label = port.type === "generic" ? "port 3:1" : `port 2:1 ${port.type}`;
    const g = s("g", { class: "port-hex", "data-hex": port.hex },
      s("title", {}, `${label} ${port.hex}${port.side ? "" : " (touches no land: no harbor)"}`),
      poly(hexCorners(p.q, p.r, 0.9), { class: "port-fill" }));
    if (!port.side) {
      const [cx, cy] = hexCenter(p.q, p.r);
      g.append(s("text", { x: cx, y: cy + 7, class: "port-label" }, label));
    }
    seaG.append(g);
  }
  svg.append(seaG);

  const robberAt = hexKey(view.robber);
  const landG = s("g", { class: "land" });
  const glowG = s("g", { class: "roll-glows" });
  const tokenG = s("g", { class: "tokens" });
  for (const h of hexes) {
    const p = parseName(h.hex);
    const pts = hexCorners(p.q, p.r);
    const robbed = hexKey(h.hex) === robberAt;
    // This turn's number: marked on the hex (tests and screen readers read the class), with
    // a glow over it; the robber's hex produces nothing, and says so.
    const hit = rolled !== null && h.number === rolled;
    const fresh = hit && fxStyle(fx.rollAge) !== null; // (else drawn still: the roll is old)
    const mark = hit ? ` rolled${robbed ? " blocked" : ""}${fresh ? " fresh" : ""}` : "";
    landG.append(s("g", { class: `hex ${h.terrain}${mark}`, "data-hex": h.hex, "data-number": h.number, "data-terrain": h.terrain },
      s("title", {}, `${h.terrain}${h.number ? ` ${h.number}` : ""} ${h.hex}${hit ? (robbed ? ": rolled, but the robber blocks it" : ": rolled") : ""}`),
      poly(pts, { fill: TERRAIN[h.terrain] || "#ccc", class: "hex-fill" }),
      poly(pts, { fill: `url(#t-${h.terrain})`, class: "hex-texture" })));
    if (hit) {
      glowG.append(poly(hexCorners(p.q, p.r, 0.93), { class: `roll-glow${robbed ? " blocked" : ""}${fresh ? " fresh" : ""}`,
        "data-hex": h.hex, style: fxStyle(fx.rollAge) }));
    }
    const [cx, cy] = hexCenter(p.q, p.r);
    if (h.number) {
      const tok = token(cx, cy, h.number, robbed, mark);
      if (fresh) tok.setAttribute("style", fxStyle(fx.rollAge));
      tokenG.append(tok);
    }
  }
  svg.append(landG, glowG);

  const harborG = s("g", { class: "harbors" });
  const harbors = view.board.harbors || [];
  // The robber on a harbor (the pirate): view.robber is then that harbor's path.
  const robberHarbor = robberAt ? null : harbors.find((h) => h.path === view.robber);
  for (const h of harbors) {
    const g = harbor(h, h === robberHarbor);
    if (g) harborG.append(g);
  }
  svg.append(harborG, tokenG);

  const roadG = s("g", { class: "roads" });
  for (const [name, seat] of Object.entries(view.roads || {})) {
    const e = edge(name);
    if (!e) continue;
    const g = road(e, seat, (recent.has(name) ? "recent" : "") + placedCls(name));
    Object.assign(g.dataset, { name, seat });
    if (placed.has(name)) g.setAttribute("style", fxStyle(placed.get(name)));
    roadG.append(g);
  }
  svg.append(roadG);

  // Pieces along paths, as the scenarios' `paths` hints name them (Seafarers ships).
  for (const hint of hinted(drawing, "paths")) {
    const draw = PATH_SHAPES[hint.shape];
    const part = view[hint.part];
    if (!draw) continue;
    const pathG = s("g", { class: hint.class });
    for (const [name, seat] of Object.entries((part && part[hint.member]) || {})) {
      const e = edge(name);
      if (!e) continue;
      const g = draw(e, seat, hint.piece, (recent.has(name) ? "recent" : "") + placedCls(name));
      Object.assign(g.dataset, { name, seat });
      if (placed.has(name)) g.setAttribute("style", fxStyle(placed.get(name)));
      g.prepend(s("title", {}, `${hint.piece} of player ${seatLabel(seat)}`));
      pathG.append(g);
    }
    svg.append(pathG);
  }

  const bG = s("g", { class: "buildings" });
  for (const [name, b] of Object.entries(view.buildings || {})) {
    const n = node(name);
    if (n) {
      const g = piece(b.kind, b.player, n.x, n.y, (recent.has(name) ? "recent" : "") + placedCls(name));
      Object.assign(g.dataset, { name, seat: b.player });
      if (placed.has(name)) g.setAttribute("style", fxStyle(placed.get(name)));
      g.prepend(s("title", {}, `${b.kind} of player ${seatLabel(b.player)}`));
      bG.append(g);
    }
  }
  svg.append(bG);

  if (robberAt) {
    const p = parseName(view.robber);
    const [cx, cy] = hexCenter(p.q, p.r);
    // Beside the token when there is one, so the number stays readable.
    const numbered = hexes.find((h) => h.hex === view.robber && h.number);
    svg.append(robber(numbered ? cx - 44 : cx, numbered ? cy - 8 : cy, null, fx.robberAge));
  } else if (robberHarbor) {
    const [px, py] = harborSpot(edge(robberHarbor.path));
    // (beside the marker, which stays readable)
    const onHarbor = hinted(drawing, "robber_on_harbor")[0] || { title: "the robber, on a harbor" };
    svg.append(robber(px + 22, py - 18, onHarbor, fx.robberAge));
  }

  const tG = s("g", { class: "targets" });
  for (const t of targets) tG.append(target(t, onPick, me, drawing));
  svg.append(tG);
  return svg;
}

/** The `paths` piece previewed on target `t` (its kind's `targets` hint's `ghost`), for `me`. */
function pathGhost(t, e, me, drawing) {
  const piece = (mergedHints(drawing, "targets")[t.kind] || {}).ghost;
  const hint = piece && hinted(drawing, "paths").find((x) => x.piece === piece);
  const draw = hint && PATH_SHAPES[hint.shape];
  return draw ? draw(e, me, piece, "ghost") : null;
}

function target(t, onPick, me, drawing) {
  const pick = (e) => { e.stopPropagation(); onPick(t); };
  // The tooltip: the place in words (the label), and its name in the notation.
  const tip = t.label && t.label !== t.name ? `${t.label} — ${t.name}` : t.name;
  const common = { class: `target ${t.type} ${t.kind || ""}`, "data-name": t.name, tabindex: 0, role: "button",
    "data-acts": t.actions.map((a) => a.text).join("|"),
    "aria-label": t.label, onclick: pick,
    onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") pick(e); } };
  if (t.type === "node") {
    const n = node(t.name);
    // A ghost of the piece (shown on hover by CSS), a ring, and a large hit area.
    const ghost = me !== null && (t.kind === "settlement" || t.kind === "city")
      ? piece(t.kind, me, n.x, n.y, "ghost") : null;
    return s("g", common, s("title", {}, tip),
      s("circle", { cx: n.x, cy: n.y, r: 40, class: "hit" }),
      ghost,
      s("circle", { cx: n.x, cy: n.y, r: t.kind === "city" ? 25 : 13, class: "ring" }));
  }
  if (t.type === "edge") {
    const e = edge(t.name);
    const ghost = me === null ? null : t.kind === "road" ? road(e, me, "ghost") : pathGhost(t, e, me, drawing);
    const mx = (e.a[0] + e.b[0]) / 2, my = (e.a[1] + e.b[1]) / 2;
    return s("g", common, s("title", {}, tip),
      s("line", { x1: e.a[0], y1: e.a[1], x2: e.b[0], y2: e.b[1], class: "hit" }),
      ghost,
      s("circle", { cx: mx, cy: my, r: 11, class: "ring" }));
  }
  if (t.type === "harbor") { // (the robber onto a harbor): a ring round the harbor's marker
    const [px, py] = harborSpot(edge(t.name));
    return s("g", common, s("title", {}, tip),
      s("circle", { cx: px, cy: py, r: 38, class: "hit" }),
      s("circle", { cx: px, cy: py, r: 30, class: "ring" }));
  }
  const p = parseName(t.name);
  const [cx, cy] = hexCenter(p.q, p.r);
  return s("g", common, s("title", {}, tip),
    poly(hexCorners(p.q, p.r, 0.92), { class: "hit" }),
    s("circle", { cx, cy, r: 46, class: "ring" }));
}

/**
 * Zoom and pan: `zoom` = {k (1: the whole board), dx, dy (board units from the centre)}.
 * The base view box (the whole board) is kept on the element so that every redraw can
 * apply the player's zoom again.
 */
export function applyZoom(svg, zoom) {
  const [x, y, w, h] = svg.dataset.base.split(" ").map(Number);
  zoom.k = Math.min(4, Math.max(1, zoom.k));
  const w2 = w / zoom.k, h2 = h / zoom.k;
  const mx = (w - w2) / 2, my = (h - h2) / 2;
  zoom.dx = Math.min(mx, Math.max(-mx, zoom.dx));
  zoom.dy = Math.min(my, Math.max(-my, zoom.dy));
  svg.setAttribute("viewBox", `${(x + mx + zoom.dx).toFixed(1)} ${(y + my + zoom.dy).toFixed(1)} ${w2.toFixed(1)} ${h2.toFixed(1)}`);
}

export { R };
