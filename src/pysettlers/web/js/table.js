// The table's information, as on a real table: the Building Costs card with a build button
// for each piece, the bank's cards and the development cards left; the end of the game with
// every player's points and where they come from; the rematch.
//
// Drawn from the view and the legal list alone. The costs come from the view's rules
// (`view.rules.costs`, the engine's data tables); a build button is enabled exactly when
// the legal list holds that kind of action, and its placement mode highlights only the
// targets of those legal actions. Why a button is disabled is read off public facts (the
// hand against the cost, the pieces left, the engine's building sites), never decided here.

import { api, saveInvites, saveSeat, seatsHeld } from "./api.js";
import { h, put } from "./dom.js";
import { RESOURCE_COLOUR, hinted } from "./board.js";
import { RESOURCES, parseBundle } from "./notation.js";
import { swatch } from "./panels.js";

// The kinds of the Building Costs card: the action keyword in the legal list, the costs
// key, the pieces_left and sites key (the view's supply of pieces and building sites, where
// it has them), the words. A scenario's pieces (a bridge, a ship) come from its drawing
// hints' `build` ({kind, title, what}: its keyword and costs key are its kind; `pieces`, `left`
// and `nowhere` say why it may not be built: server/drawing.py), between the city and the
// development card.
const PIECES = [
  { kind: "road", kw: "road", cost: "road", pieces: "roads", title: "Road", what: "a road" },
  { kind: "settlement", kw: "settlement", cost: "settlement", pieces: "settlements", title: "Settlement", what: "a settlement" },
  { kind: "city", kw: "city", cost: "city", pieces: "cities", title: "City", what: "a city" },
];
const DEVELOPMENT = { kind: "development", kw: "buy", cost: "development", pieces: null, title: "Development card", what: "a development card" };
const BUILD_PHASES = new Set(["main", "build", "special_build"]);

function kindsOf(drawing) {
  const extra = hinted(drawing, "build").map((b) => ({
    kind: b.kind, kw: b.kind, cost: b.kind, pieces: b.pieces || null, title: b.title, what: b.what,
    left: b.left || null, nowhere: b.nowhere || null,
  }));
  return [...PIECES, ...extra, DEVELOPMENT];
}

/** The Longest Road award's name: a scenario's hint may rename it (Longest Trade Route). */
function longestRoadName(drawing) {
  return hinted(drawing, "longest_road")[0] || "Longest Road";
}

// A resource as on the printed card: one small tile per card, its colour and initial (the
// initials differ: Brick, Lumber, Wool, Grain, Ore), its name in the title.
function costTiles(cost) {
  return h("span", { class: "cost", "aria-label": RESOURCES.filter((r) => cost[r]).map((r) => `${cost[r]} ${r}`).join(", ") },
    RESOURCES.flatMap((r) => Array.from({ length: cost[r] || 0 }, () =>
      h("span", { class: `cost-tile res-${r}`, style: `--c:${RESOURCE_COLOUR[r]}`, title: r, "data-res": r }, r[0].toUpperCase()))));
}

/** "needs 1 brick, 1 lumber" — what the hand lacks of a cost (null: nothing). */
export function missingWords(cost, hand) {
  const short = RESOURCES.filter((r) => (cost[r] || 0) > (hand[r] || 0)).map((r) => `${cost[r] - (hand[r] || 0)} ${r}`);
  return short.length ? `needs ${short.join(", ")}` : null;
}

/**
 * The table panel of one game page: `el` is mounted once; `filter(ctx)` narrows the board's
 * targets to the kind being placed; `draw(st, ctx, {act, names, onResults, drawing})` redraws
 * it (`drawing`: the scenarios' drawing hints, board.js).
 */
export class TablePanel {
  constructor(onChange) {
    this.placing = null; // the kind whose targets alone are shown (placement mode)
    this.version = null; // the state's version it was chosen in
    this.onChange = onChange;
    this.el = h("section", { class: "table-info", "aria-label": "building costs and the bank" });
    this.costsOpen = false; // the costs card when it is not the seat's building time
  }

  /**
   * Placement mode: only that kind's targets. It ends with the next state (the piece was
   * built, or the game moved on) and when that kind has no target left.
   */
  filter(ctx, version) {
    if (version !== this.version) this.placing = null;
    this.version = version;
    if (!this.placing) return;
    // A place may hold several kinds (a coast path: a road or a ship): keep that kind's.
    const kw = this.placing;
    const only = ctx.targets.filter((t) => t.actions.some((a) => a.kw === kw))
      .map((t) => ({ ...t, kind: kw, actions: t.actions.filter((a) => a.kw === kw) }));
    if (only.length) ctx.targets = only;
    else this.placing = null;
  }

  place(kind) {
    this.placing = this.placing === kind ? null : kind;
    this.onChange();
  }

  draw(st, ctx, { act, onResults, drawing = {} }) {
    const v = st.view;
    const parts = [];
    if (st.status === "finished" && onResults) {
      parts.push(h("div", { class: "over-bar" }, h("b", {}, "The game is over."),
        h("button", { class: "act primary small", "data-results": "", onclick: onResults },
          st.seat === null ? "Results" : "Results & rematch")));
    }
    parts.push(this.costCard(st, ctx, act, drawing));
    parts.push(bankLine(v));
    put(this.el, ...parts);
  }

  costCard(st, ctx, act, drawing) {
    const v = st.view;
    const costs = (v.rules && v.rules.costs) || {};
    const me = st.seat;
    const you = v.you;
    // Build buttons in the seat's own building time: its main (or build) phase, or its
    // turn of a Special Building Phase. Elsewhere the card shows the costs alone.
    const mine = you && me !== null && st.status === "in_progress" && BUILD_PHASES.has(v.phase)
      && (v.phase === "special_build" ? v.deciders.includes(me) : v.current === me && st.legal.length > 0);
    const rows = kindsOf(drawing).map((k) => {
      const cost = parseBundle(costs[k.cost] || "");
      const chips = costTiles(cost);
      if (!mine) {
        return h("div", { class: "build-row", "data-cost": k.kind }, h("span", { class: "build-name" }, k.title), chips,
          h("span", { class: "build-go" }));
      }
      const legal = ctx.by[k.kw] || [];
      if (legal.length) {
        const on = this.placing === k.kind;
        const label = k.kind === "development" ? "Buy" : on ? "Cancel" : "Place";
        const click = k.kind === "development" ? () => act(ctx, legal[0]) : () => this.place(k.kind);
        return h("button", {
          class: `build-row can ${on ? "on" : ""}`, "data-build": k.kind, "data-act": k.kind === "development" ? "buy" : null,
          "aria-pressed": k.kind === "development" ? null : String(on),
          title: k.kind === "development" ? `Buy ${k.what}` : on ? "Stop placing" : `Show where ${k.what} may go`, onclick: click,
        }, h("span", { class: "build-name" }, k.title), chips, h("span", { class: "build-go" }, label));
      }
      const why = whyNot(k, v, me, cost);
      // (Each "2 grain" kept on one line when the words wrap.)
      const words = why.replace(/^needs /, "").split(", ");
      return h("button", { class: "build-row", "data-build": k.kind, disabled: true, title: `${k.title}: ${why}` },
        h("span", { class: "build-name" }, k.title), chips,
        h("span", { class: "why" }, why.startsWith("needs ")
          ? ["needs ", words.map((w, i) => [i ? ", " : "", h("span", { class: "nowrap" }, w)])] : why));
    });
    if (!mine) {
      // Out of the seat's building time the card is folded away (open on a click, and kept so).
      const box = h("details", { class: "cost-card", open: this.costsOpen },
        h("summary", {}, "Building costs"), h("div", { class: "build-rows" }, rows));
      box.addEventListener("toggle", () => { this.costsOpen = box.open; });
      return box;
    }
    return h("div", { class: "cost-card", "data-mine": "" }, h("h3", {}, "Build"), h("div", { class: "build-rows" }, rows));
  }
}

/** Why a kind is not buildable now, from public facts (the legal list already said it is not). */
function whyNot(k, v, me, cost) {
  const short = missingWords(cost, v.you.hand);
  if (short) return short;
  const p = v.players[me];
  if (k.kind === "development") return v.deck_size === 0 ? "no development cards left" : "not now";
  if (k.pieces && p.pieces_left && p.pieces_left[k.pieces] === 0) return `no ${k.pieces} left`;
  // A scenario's own supply (`view[part][member][seat]`, e.g. the ships left) and why else
  // there is no place for it (its hint's words: "no coastal path next to your pieces").
  const supply = k.left && v[k.left.part] && v[k.left.part][k.left.member];
  if (supply && supply[me] === 0) return k.left.words;
  if (k.nowhere) return k.nowhere;
  if (k.kind === "city" && !Object.values(v.buildings).some((b) => b.player === me && b.kind === "settlement")) {
    return "no settlement to upgrade";
  }
  const sites = k.pieces && p.sites && p.sites[k.pieces];
  if (sites && sites.length === 0) return "no free site";
  return "not now";
}

/** The bank's resource cards and the development cards left in the deck. */
export function bankLine(v) {
  return h("div", { class: "bank-line", "data-bank": "" },
    h("span", { class: "bank-title" }, "Bank"),
    RESOURCES.map((r) => h("span", { class: `bank-card res-${r}`, style: `--c:${RESOURCE_COLOUR[r]}`, "data-bank-res": r,
      title: `${v.bank[r]} ${r} in the bank` }, h("small", {}, r), h("b", {}, v.bank[r]))),
    h("span", { class: "bank-card deck", "data-deck": v.deck_size, title: `${v.deck_size} development cards left in the deck` },
      h("small", {}, "dev cards"), h("b", {}, v.deck_size)));
}

// -- the end of the game -------------------------------------------------------------------------

/**
 * Every player's points at the end, from the final view: every victory point card is turned
 * up then (`public_vp` is the engine's total). Ranked by total, the winner first on a tie.
 */
export function finalScores(v) {
  const rows = v.players.map((p) => {
    const mine = Object.values(v.buildings).filter((b) => b.player === p.seat);
    const settlements = mine.filter((b) => b.kind === "settlement").length;
    const cities = mine.filter((b) => b.kind === "city").length;
    const vpCards = (p.revealed_vp_cards || 0) + ((p.played && p.played["victory-point"]) || 0);
    const longest = v.longest_road === p.seat ? 2 : 0;
    const largest = v.largest_army === p.seat ? 2 : 0;
    const total = p.public_vp;
    const other = total - settlements - 2 * cities - vpCards - longest - largest;
    return { seat: p.seat, settlements, cities, vpCards, longest, largest, other, total };
  });
  return rows.sort((a, b) => b.total - a.total || (b.seat === v.winner) - (a.seat === v.winner) || a.seat - b.seat);
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/** The game-over dialog's content: the ranking with each breakdown, the rematch and links. */
export function gameOverView(st, { names, gameId, rematchBy = null, drawing = {} }) {
  const v = st.view;
  const longestRoad = longestRoadName(drawing);
  const rows = finalScores(v).map((r, i) => {
    const parts = [];
    if (r.settlements) parts.push([plural(r.settlements, "settlement", "settlements"), r.settlements]);
    if (r.cities) parts.push([plural(r.cities, "city", "cities"), 2 * r.cities]);
    if (r.vpCards) parts.push([plural(r.vpCards, "victory point card", "victory point cards"), r.vpCards]);
    if (r.longest) parts.push([longestRoad, r.longest]);
    if (r.largest) parts.push(["Largest Army", r.largest]);
    if (r.other) parts.push(["scenario points", r.other]);
    return h("li", { class: `score ${r.seat === v.winner ? "win" : ""}`, "data-seat": r.seat, "data-total": r.total },
      h("div", { class: "score-head" }, h("span", { class: "rank" }, `${i + 1}.`), swatch(r.seat),
        h("span", { class: "pname" }, names(r.seat), r.seat === st.seat ? " (you)" : ""),
        r.seat === v.winner ? h("span", { class: "badge win" }, "Winner") : null,
        h("span", { class: "total" }, h("b", {}, r.total), " points")),
      h("div", { class: "score-parts" }, parts.length
        ? parts.map(([what, pts]) => h("span", { class: "part" }, what, " ", h("b", {}, `+${pts}`)))
        : h("span", { class: "muted" }, "no points")));
  });
  const held = seatsHeld(gameId);
  const msg = h("p", { class: "rematch-msg muted", role: "status" },
    rematchBy !== null ? `${names(rematchBy)} started a rematch: join it with the button below.` : null);
  const again = held.length
    ? h("button", { class: "primary", "data-rematch": "", onclick: async (e) => {
      const button = e.currentTarget;
      button.disabled = true;
      msg.textContent = "Setting up the rematch…";
      try {
        location.hash = `#/game/${encodeURIComponent(await rematch(gameId))}`;
      } catch (err) {
        msg.textContent = `No rematch: ${err.message}`;
        button.disabled = false;
      }
    } }, rematchBy !== null ? "Join the rematch" : "Rematch")
    : null;
  return h("div", { class: "game-over" },
    v.winner === null
      ? h("p", { class: "winner" }, "The game ended without a winner.")
      : h("p", { class: "winner" }, swatch(v.winner), ` ${names(v.winner)} wins with ${v.players[v.winner].public_vp} points.`),
    h("p", { class: "muted small-print" }, v.phase === "game_over"
      ? "Final points, every victory point card turned up." : "Points on the table (victory point cards stay hidden)."),
    h("ol", { class: "scores" }, rows),
    msg,
    h("div", { class: "row end" },
      h("a", { class: "button", href: `#/replay/${encodeURIComponent(gameId)}` }, "Replay & statistics"),
      h("a", { class: "button", href: "#/" }, "Lobby"),
      again));
}

/**
 * Ask for the rematch with every seat this browser holds (several in hotseat): the first
 * call creates it (or takes the seat kept for us in one a player started), the others take
 * their own seats. The new game's tokens are kept like any game's; its id is returned.
 */
export async function rematch(gameId) {
  const held = seatsHeld(gameId);
  let id = null;
  for (const { token, name } of held) {
    const r = await api.rematch(gameId, token);
    id = r.game.id;
    saveSeat(id, r.you.seat, r.you.token, name);
    const others = r.invites.filter((i) => !held.some((x) => x.seat === i.seat));
    if (others.length) saveInvites(id, others);
  }
  return id;
}
