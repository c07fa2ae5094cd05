// The information panels: every player's public facts, the seat's own hand and development
// cards, and the dice. Drawn from the view; the hand is drawn only from `view.you`, which the
// server fills for the seat's own token alone — and the others' resource cards only where the
// view carries them (`players[q].hand`: hands played face up, the 1996 alternate rule 2).

import { h, put, s } from "./dom.js";
import { RESOURCE_COLOUR, hinted, playerColour, playerInk, seatLabel } from "./board.js";
import { DEV_CARDS, RESOURCES } from "./notation.js";
import { resChip } from "./actions.js";

/**
 * A seat's name as every screen shows it: the server's (each seat object's `display_name`,
 * `wordsjson.seat_names`, as its words say it), or the seat's number where none is known.
 */
export function seatName(seat, q) {
  return (seat && (seat.display_name || seat.name)) || `Player ${q + 1}`;
}

export function swatch(seat) {
  return h("span", { class: "swatch", style: `background:${playerColour(seat)};color:${playerInk(seat)}` }, seatLabel(seat));
}

const DEV_TITLES = {
  knight: "Knight", "road-building": "Road Building", "year-of-plenty": "Year of Plenty",
  monopoly: "Monopoly", "victory-point": "Victory Point",
};

export function devTitle(c) { return DEV_TITLES[c] || c; }

function cap(name) {
  return name ? name[0].toUpperCase() + name.slice(1) : name;
}

/**
 * A scenario's badge for one seat, from its `panel` hint: the seat's entry in the view
 * (`view[part][member][seat]`: the Helpers of CATAN's helper and its side) shown as its
 * `name` member capitalized and its `suffix` member, titled from `titles`.
 */
function panelBadge(view, panel, seat) {
  const entry = view[panel.part] && view[panel.part][panel.member] && view[panel.part][panel.member][seat];
  const name = entry && entry[panel.name];
  if (!name) return null;
  const suffix = panel.suffix ? entry[panel.suffix] : null;
  return h("span", { class: `badge ${panel.class}`, [`data-${panel.class}`]: name, title: (panel.titles && panel.titles[name]) || "" },
    suffix ? `${cap(name)} ${suffix}` : cap(name));
}

// The seats whose pieces left are shown on their cards (kept across redraws).
const leftShown = new Set();

/**
 * One row per player. `seats`: the lobby's seat objects (names, bots, connection);
 * `drawing`: the drawing hints (board.js), whose `panel` hints name each seat's badge;
 * `waiting`: the game still waits for its players (nobody's turn yet: none is current).
 */
export function playersPanel(view, seats, names, me, drawing = {}, { waiting = false } = {}) {
  const panels = hinted(drawing, "panel");
  // The award's name as the game calls it (ships: Longest Trade Route; the drawing hint).
  const road = hinted(drawing, "longest_road")[0] || "Longest Road";
  return h("div", { class: "players" }, view.players.map((p) => {
    const seat = seats[p.seat] || {};
    const current = !waiting && view.current === p.seat && view.phase !== "game_over";
    const deciding = !waiting && view.deciders.includes(p.seat);
    // Points as this seat may know them: its own with its hidden victory point cards; the
    // others' as the table shows them until the end, when every card is turned up.
    const own = me === p.seat && view.you;
    const vp = own ? view.you.total_vp : p.public_vp;
    const vpTitle = view.phase === "game_over" ? "final points, every victory point card turned up"
      : own ? "your points, your victory point cards included"
        : "points on the table (victory point cards in a hand stay hidden until the end)";
    const badges = [];
    if (view.longest_road === p.seat) badges.push(h("span", { class: "badge", title: `${road} (2 points)` }, road));
    if (view.largest_army === p.seat) badges.push(h("span", { class: "badge", title: "Largest Army (2 points)" }, "Largest Army"));
    if (view.winner === p.seat) badges.push(h("span", { class: "badge win" }, "Winner"));
    for (const panel of panels) {
      const badge = panelBadge(view, panel, p.seat);
      if (badge) badges.push(badge);
    }
    const conn = seat.kind === undefined ? null : seat.kind === "bot" ? h("span", { class: "who-kind" }, `${seat.bot} bot`)
      : seat.stand_in ? h("span", { class: "who-kind warn" }, "away: a bot plays")
        : h("span", { class: `dot ${seat.connected ? "on" : "off"}`, title: seat.connected ? "connected" : "not connected" });
    // Another's pieces left on demand (a click or Enter on the card): the cards stay two lines,
    // so that every player is in view on a laptop. Your own card always shows yours.
    const open = me !== p.seat && leftShown.has(p.seat);
    const toggle = me === p.seat ? null : (e) => {
      if (e.type === "keydown" && e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      if (leftShown.has(p.seat)) leftShown.delete(p.seat); else leftShown.add(p.seat);
      const card = e.currentTarget;
      card.classList.toggle("left-open", leftShown.has(p.seat));
      card.setAttribute("aria-expanded", String(leftShown.has(p.seat)));
    };
    return h("div", {
      class: `player ${current ? "current" : ""} ${deciding ? "deciding" : ""} ${me === p.seat ? "me" : ""} ${open ? "left-open" : ""}`,
      "data-seat": p.seat, tabindex: toggle ? 0 : null, "aria-expanded": toggle ? String(open) : null,
      title: toggle ? "Click to show or hide the pieces this player has left" : null, onclick: toggle, onkeydown: toggle,
    },
      h("div", { class: "player-head" }, swatch(p.seat),
        h("span", { class: "pname" }, names(p.seat), me === p.seat ? " (you)" : ""), conn,
        h("span", { class: "vp", title: vpTitle, "data-vp": vp }, h("b", {}, vp), " VP")),
      h("div", { class: "stats" },
        stat("cards", p.hand_size, "resource cards in hand", p.hand_size > (view.rules.discard_limit || 7) ? "hot" : "", "hand"),
        // (Your own hand is the hand panel's.)
        p.hand && me !== p.seat ? openHand(p.hand) : null,
        stat("dev cards", p.development_cards, "development cards in hand (not yet played)", "", "dev"),
        stat("knights", p.knights, "knights played", "", "knights"),
        stat("road", p.road_length, "length of the longest road", "", "road"),
        p.discard_owed ? stat("discard", p.discard_owed, "cards to discard", "hot") : null,
        badges),
      piecesLeft(p));
  }));
}

function stat(label, n, title, cls = "", key = null) {
  return h("span", { class: `stat ${cls}`, title, "data-stat": key }, h("small", {}, label), " ", h("b", {}, n));
}

/**
 * A hand played face up (the 1996 alternate rule 2: "their hand of Resource cards face up"),
 * beside its count: a compact chip per resource held, its colour and initial as on the
 * Building Costs card ("3 L": 3 lumber, the words in its title). Development cards stay
 * hidden (the rule names resource cards only).
 */
function openHand(hand) {
  const held = RESOURCES.filter((r) => hand[r] > 0);
  if (!held.length) return null;
  const words = held.map((r) => `${hand[r]} ${r}`).join(", ");
  return h("span", { class: "open-hand", "data-open-hand": "", title: `resource cards face up: ${words}`, "aria-label": `hand: ${words}` },
    held.map((r) => h("span", { class: `open-card res-${r}`, style: `--c:${RESOURCE_COLOUR[r]}`, "data-res": r,
      "data-count": hand[r] }, h("b", {}, hand[r]), ` ${r[0].toUpperCase()}`)));
}

/** The pieces a player still has in their supply (a piece built comes from there). */
function piecesLeft(p) {
  const left = p.pieces_left;
  if (!left) return null;
  const item = (k, one, many) => h("span", { class: "left", "data-left": k, title: `${left[k]} ${left[k] === 1 ? one : many} left to build` },
    h("b", {}, left[k]), ` ${left[k] === 1 ? one : many}`);
  return h("div", { class: "pieces-left" }, h("small", {}, "left:"),
    item("roads", "road", "roads"), item("settlements", "settlement", "settlements"), item("cities", "city", "cities"));
}

/**
 * The seat's hand and development cards; `play(card)` for the cards it may play now
 * (from the legal list), `newCards`: bought this turn (they cannot be played yet).
 */
export function handPanel(view, playable, play) {
  const you = view.you;
  if (!you) return null;
  const cards = RESOURCES.map((r) => resChip(r, you.hand[r], { class: `res res-${r} card ${you.hand[r] ? "" : "zero"}`, "data-res": r, "data-count": you.hand[r] }));
  const devs = DEV_CARDS.filter((c) => you.development_cards[c] > 0).map((c) => {
    const n = you.development_cards[c];
    const fresh = you.bought_this_turn[c] || 0;
    const can = playable.has(c);
    return h("button", { class: `dev ${can ? "can" : ""}`, disabled: !can, "data-dev": c, title: can ? `Play ${devTitle(c)}` : fresh ? "bought this turn: play it from your next turn" : devTitle(c),
      onclick: () => play(c) },
      devTitle(c), n > 1 ? h("b", {}, ` ×${n}`) : null, fresh ? h("small", {}, " new") : null);
  });
  return h("div", { class: "hand", "data-private": "hand", "data-seat": you.seat },
    h("div", { class: "cards" }, cards),
    devs.length ? h("div", { class: "devs" }, devs) : null);
}

/**
 * The dice beside the board: the last roll (`last`: screen.js's {dice, player, old}) with the
 * badge of who rolled it. Once a new turn has begun it is the last turn's roll, not the
 * current player's: dimmed and marked "last turn" (a player asked to roll read it as theirs).
 */
export function drawLastRoll(el, last, names, me) {
  if (!last) { put(el); return; }
  const [a, b] = last.dice;
  const who = last.player === me ? "You" : names(last.player);
  const words = last.old ? `Last turn's roll: ${who} rolled ${a + b}` : `${who} rolled ${a + b}`;
  el.classList.toggle("old", last.old);
  el.setAttribute("title", words);
  el.setAttribute("aria-label", words);
  put(el, swatch(last.player), die(a), die(b, true), h("span", { class: "sum" }, a + b),
    last.old ? h("small", { class: "dice-when" }, "last turn") : null);
}

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };

export function die(n, red = false) {
  return s("svg", { class: `die ${red ? "red" : ""}`, viewBox: "-12 -12 24 24", width: 30, height: 30, role: "img", "aria-label": `die ${n}` },
    s("rect", { x: -11, y: -11, width: 22, height: 22, rx: 4 }),
    ...(PIPS[n] || []).map(([x, y]) => s("circle", { cx: x * 5.5, cy: y * 5.5, r: 2.2 })));
}
