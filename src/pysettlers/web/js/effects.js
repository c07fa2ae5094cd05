// What just happened, made visible and audible, so that a person can follow bot turns: the
// dice shown large for a moment, the rolled number's hexes marked (drawn by board.js from
// `boardMarks()`), each new piece animated, per-player badges for production, steals and
// discards, toasts for a steal from or by you and for discards, optional sounds, and a "your
// turn" cue in the tab's title.
//
// Everything here is driven by the `events` of the state messages (already redacted for this
// seat by the server: a card stolen between two others reads "hidden") and by the clock; it
// never decides anything about the game, and writes no sentences of its own: a toast says
// what the log says, the server's words for that event (`event_words`), and the big dice
// say its `captions` ("Anna rolled", "Anna: the robber!"). Only events newer than what the
// page has already shown produce effects: the first state after opening the page (which
// carries the whole game's events, for the log) and a message that overlaps what was shown
// only set the quiet marks (this turn's roll), and a long catch-up after a reconnect is
// shown quietly too.
//
// `prefers-reduced-motion: reduce`: no animation at all (CSS turns them off; the dice are
// shown still and taken away at once), only the instant highlight. Sounds are generated with
// the Web Audio API (no files), off by default; the choice is kept in localStorage.
//
// This module reads each message's events and hands them to the effects' rooms, each a
// module of fx/: dice.js (the big dice), highlights.js (the rolled hexes), pieces.js (new
// pieces and the robber, animated), badges.js (the players' panels), toasts.js, sound.js
// and cue.js (the tab's title).

import { Badges } from "./fx/badges.js";
import { bundleOf, chip, chips, count, hiddenChip } from "./fx/chips.js";
import { TitleCue } from "./fx/cue.js";
import { DiceOverlay, reducedMotion } from "./fx/dice.js";
import { RollHighlight } from "./fx/highlights.js";
import { PieceMoves } from "./fx/pieces.js";
import { sounds } from "./fx/sound.js";
import { toast } from "./fx/toasts.js";
import { h } from "./dom.js";
import { RESOURCES } from "./notation.js";
import { mergedHints } from "./board.js";

export { reducedMotion };

const CATCH_UP = 40; // a message spanning more versions than this is a catch-up: shown quietly

/**
 * The effects of one game screen. `names(seat)`: a seat's name. Returns the hooks game.js
 * calls: `onState(msg, drawing)` with each state message that feeds the log (`drawing`: the
 * scenarios' drawing hints, whose `events` name the events that place a piece or move the
 * robber), `boardMarks()` for
 * drawBoard, `decoratePlayers(el)` after the players' panels are drawn, `cue(deciding, st)`
 * after each render, `acted()` when this page sends an action, `stage` (an element to put
 * over the board), `soundToggle` (a button for the header) and `dispose()`.
 */
export function createEffects({ names }) {
  const now = () => performance.now();
  let shown = null; // the newest version whose events this page has shown (null: none yet)
  let offerFrom = null; // who made the domestic offer now open (its counters go to them)
  let pendingSound = false; // a sound was played for the last message: the turn chime waits

  const stage = h("div", { class: "fx-stage", "aria-hidden": "true" });
  const sound = sounds();
  const dice = new DiceOverlay(stage, { names, now });
  const roll = new RollHighlight(now);
  const pieces = new PieceMoves(now);
  const badges = new Badges(now);
  const title = new TitleCue(sound);

  function onState(msg, drawing = {}) {
    const hints = mergedHints(drawing, "events");
    const v = msg.view || {};
    const events = v.events || [];
    const since = v.events_since ?? -1;
    // Loud only when these events follow what was shown: not the page's first state (the
    // whole game so far), not a re-send of what was seen, not a long catch-up.
    const loud = shown !== null && since >= shown && msg.version - since <= CATCH_UP;
    if (shown === null || msg.version > shown) shown = msg.version;
    const me = msg.seat ?? null;
    const t = now();
    const heard = new Set();
    let rolled = null; // this message's roll: the big dice show it with what it paid
    let paid = null;
    let nobody = null;
    const said = msg.event_words || []; // the server's words for each event (the log's)
    const captions = msg.captions || []; // ...and the few shown over the board
    for (const [i, e] of events.entries()) {
      const hint = hints[e.event] || {};
      if (e.event === "turn") roll.turn();
      if (e.event === "roll") {
        roll.roll(e.dice[0] + e.dice[1], loud ? t : -Infinity);
        if (loud) { rolled = { e, caption: captions[i] }; paid = null; nobody = null; heard.add("dice"); }
      }
      if (e.event === "offer") offerFrom = e.player;
      if (!loud) continue;
      switch (e.event) {
        case "produce": {
          const per = e.received.length / 5;
          paid = [];
          nobody = captions[i];
          for (let q = 0; q < per; q++) {
            const got = {};
            RESOURCES.forEach((r, k) => { if (e.received[5 * q + k]) got[r] = e.received[5 * q + k]; });
            if (count(got)) { badges.add(q, chips(got, "+"), "gain", t); paid.push([q, got]); }
          }
          break;
        }
        case "starting_resources": {
          const got = bundleOf(e.resources);
          if (count(got)) badges.add(e.player, chips(got, "+"), "gain", t);
          break;
        }
        case "road": pieces.place(e.path, t); dice.makeWay(); break;
        case "settlement": case "city": pieces.place(e.intersection, t); dice.makeWay(); break;
        case "robber": robberMoved(e, me, t, heard, said[i]); break;
        case "discard": discard(e, t, said[i]); break;
        case "monopoly": monopoly(e, me, t, heard, said[i]); break;
        case "offer":
          if (me !== null && e.player !== me && (!e.to || !e.to.length || e.to.includes(me))) heard.add("offer");
          break;
        case "answer": // a counter-offer goes to the offer's maker
          if (me !== null && e.answer === "counter" && offerFrom === me && e.player !== me) heard.add("offer");
          break;
        default: // a scenario's event, as its `events` hint says
          if (hint.placed) { pieces.place(e[hint.placed], t); dice.makeWay(); }
          if (hint.robber) robberMoved(e, me, t, heard, said[i]);
          break;
      }
    }
    if (rolled) dice.show(rolled.e, { caption: rolled.caption, paid, nobody, me });
    // One sound per message, the most telling first.
    for (const name of ["steal", "offer", "dice"]) {
      if (heard.has(name)) { sound.play(name); break; }
    }
    pendingSound = heard.size > 0;
  }

  function robberMoved(e, me, t, heard, said) {
    pieces.robber(t);
    steal(e, me, t, heard, said);
    dice.makeWay();
  }

  // The toasts say what the log says: the server's words for the event (one vocabulary).
  function steal(e, me, t, heard, said) {
    if (e.victim === null || e.victim === undefined || e.stolen === null || e.stolen === undefined) return;
    const known = e.stolen !== "hidden";
    badges.add(e.player, [known ? chip(e.stolen, `+1 ${e.stolen}`) : hiddenChip("+1 card")], "gain", t);
    badges.add(e.victim, [known ? chip(e.stolen, `−1 ${e.stolen}`) : hiddenChip("−1 card")], "loss", t);
    // A steal from you or by you; watching (or a hotseat table, where everyone looks at one
    // screen), every steal.
    if (!said || (me !== null && e.victim !== me && e.player !== me)) return;
    toast(said, "steal");
    if (me !== null) heard.add("steal");
  }

  function discard(e, t, said) {
    const cards = bundleOf(e.cards);
    if (!count(cards)) return;
    badges.add(e.player, chips(cards, "−"), "loss", t);
    if (said) toast(said, "discard");
  }

  function monopoly(e, me, t, heard, said) {
    const taken = e.taken || [];
    let total = 0;
    taken.forEach((k, q) => {
      if (!k) return;
      total += k;
      badges.add(q, [chip(e.resource, `−${k} ${e.resource}`)], "loss", t);
    });
    if (total) badges.add(e.player, [chip(e.resource, `+${total} ${e.resource}`)], "gain", t);
    if (me !== null && taken[me] && said) {
      toast(said, "steal");
      heard.add("steal");
    }
  }

  /** The board's marks for drawBoard: the rolled number, and the animations' ages. */
  function boardMarks() {
    const { rolled, rollAge } = roll.marks();
    const { placed, robberAge } = pieces.marks();
    return { rolled, fx: { rollAge, robberAge, placed } };
  }

  /** `deciding`: a person on this page must decide now; `st`: the shown state. */
  function cue(deciding, st) {
    title.cue(deciding, st, pendingSound);
    pendingSound = false;
  }

  function dispose() {
    dice.dispose();
    title.dispose();
    sound.dispose();
  }

  return {
    onState, boardMarks, decoratePlayers: (el) => badges.decorate(el), cue, acted: () => title.acted(),
    stage, soundToggle: sound.toggle, dispose,
  };
}
