// The game screen's state: what this page knows and remembers — the seats, the newest `state`
// message of each of its connections, which held seat is shown (and, in hotseat, whether the
// pass-the-device screen stands before it), the last refusal, the last dice and the pieces
// just placed, the chat lines, the results' rematch, and this device's preferences.
//
// Hotseat: when the next decision belongs to another human on this device, the device passes
// (`receive` says so); a hand is only ever drawn from its own seat's view, and what a seat's
// own messages tell it alone (the card it stole or lost) is kept until that seat is shown.
//
// Not for: the DOM (game.js and its drawing modules), the sockets (connection.js), or any
// rule: what a seat may do is the legal list the server sent, read as it is.

import { mergedHints } from "./board.js";
import { seatName } from "./panels.js";

const BOT_OFFERS = "pysettlers.botOffers";

/** Whether bots may offer this device's people domestic trades (kept for the next games). */
export function botOffersOn() {
  return localStorage.getItem(BOT_OFFERS) !== "0";
}

export function saveBotOffers(on) {
  localStorage.setItem(BOT_OFFERS, on ? "1" : "0");
}

export class Screen {
  constructor(summary, held) {
    this.summary = summary; // the game as the lobby lists it (name, seats, options)
    this.held = held; // [{seat, token, name}]: the seats this browser holds (api.js)
    this.hotseat = held.length > 1;
    this.watching = !held.length;
    this.seats = summary.seats;
    this.states = {}; // seat (or "spectator") -> newest state message
    this.shown = held.length ? held[0].seat : null;
    this.gate = this.hotseat; // hotseat: show the pass-the-device screen before any hand
    this.refusal = null; // the shown seat's last refusal, until it acts or a state comes
    this.lastDice = null; // {dice, player, old}: the last roll, whose, and whether its turn is over
    this.recent = new Set(); // the pieces the newest events placed (drawn marked)
    this.lastLegal = ""; // the legal list last drawn: a new one closes stale dialogs
    this.over = false; // the results were shown once by themselves
    this.rematchBy = null; // the seat that started this game's rematch (a `rematch` message)
    this.chat = [];
    this.drawing = {}; // the scenarios' drawing hints (welcome.drawing): the same all game
    this.secrets = new Map(); // hotseat: seat -> its secrets not yet shown (the server's words)
    this.seenBy = new Map(); // hotseat: seat -> the newest version its own socket sent
    this.names = (q) => (q === null || q === undefined ? "nobody" : seatName(this.seats[q], q));
  }

  /** The state message the page shows: the shown seat's, or a watcher's. */
  current() {
    return this.shown === null ? this.states.spectator : this.states[this.shown];
  }

  /**
   * A state message for `seat` (or "spectator"). Returns true when the device must now pass
   * to another person (hotseat): open dialogs belong to the one who had it.
   */
  receive(seat, msg) {
    // `deadline` is the seconds left when the server sent it: counted down from receipt.
    msg.receivedAt = performance.now();
    this.states[seat] = msg;
    if (seat === this.shown || (seat === "spectator" && this.shown === null)) this.refusal = null;
    return this.pickSeat();
  }

  /**
   * What the newest events change on the screen: the dice shown, the pieces marked new (a
   * scenario's pieces where its drawing hints' `events` say an event placed one).
   */
  noteEvents(events) {
    const fresh = new Set();
    const hints = mergedHints(this.drawing, "events");
    for (const e of events) {
      if (e.event === "roll") this.lastDice = { dice: e.dice, player: e.player, old: false };
      // A new turn: the roll beside the board is the last turn's, not this player's.
      if (e.event === "turn" && this.lastDice) this.lastDice = { ...this.lastDice, old: true };
      if (e.event === "road") fresh.add(e.path);
      if (e.event === "settlement" || e.event === "city") fresh.add(e.intersection);
      const placed = hints[e.event] && hints[e.event].placed;
      if (placed) fresh.add(e[placed]);
    }
    if (events.length) this.recent = fresh;
  }

  /**
   * Hotseat: what a held seat's own state message tells that seat alone — a card stolen by it
   * or from it (at a table the thief looks at the card taken and the victim knows what they
   * lost: rulebook, "steal") — kept, in the server's words for that seat, until that seat is
   * shown (`takeSecrets`). The page's log and toasts are the table's (one screen for all), so
   * these go nowhere else. A socket's first message (the game so far) is history.
   */
  noteSecrets(seat, msg) {
    const last = this.seenBy.get(seat);
    if (last !== undefined && msg.version <= last) return;
    this.seenBy.set(seat, msg.version);
    if (last === undefined) return;
    const hints = mergedHints(this.drawing, "events");
    const words = msg.event_words || [];
    (msg.view.events || []).forEach((e, i) => {
      const robber = e.event === "robber" || (hints[e.event] && hints[e.event].robber);
      const known = e.stolen !== null && e.stolen !== undefined && e.stolen !== "hidden";
      if (!robber || !known || !words[i] || (e.player !== seat && e.victim !== seat)) return;
      if (!this.secrets.has(seat)) this.secrets.set(seat, []);
      this.secrets.get(seat).push(words[i]);
    });
  }

  /** The shown seat's secrets not yet shown, forgotten once taken; none while the device is
   * being passed (nobody may look yet). */
  takeSecrets() {
    if (this.gate || this.shown === null) return [];
    const out = this.secrets.get(this.shown) || [];
    this.secrets.delete(this.shown);
    return out;
  }

  /** Whether `st`'s legal list differs from the one drawn last (and remember it). */
  legalChanged(st) {
    const key = st.legal.join("\n");
    const changed = key !== this.lastLegal;
    this.lastLegal = key;
    return changed;
  }

  /** Whether a person at this page must decide now (the "your turn" cue). */
  decidingHere() {
    return this.held.some((x) => {
      const st = this.states[x.seat];
      return st && st.legal.length > 0 && st.status === "in_progress";
    });
  }

  // Which held seat to show: the one deciding now (the shown one first). A domestic offer
  // between people at one device: its maker only may withdraw it while the others answer,
  // so the device goes to each one asked in turn, then back to the maker to confirm.
  pickSeat() {
    if (!this.held.length) return false;
    const { states } = this;
    let deciding = this.held.filter((x) => states[x.seat] && states[x.seat].legal.length);
    const answering = deciding.filter((x) => {
      const v = states[x.seat].view;
      return !(v.phase === "trade_response" && v.current === x.seat);
    });
    if (answering.length) deciding = answering;
    if (!deciding.length || deciding.some((x) => x.seat === this.shown)) return false;
    const next = deciding[0].seat;
    if (next === this.shown) return false;
    this.shown = next;
    if (!this.hotseat) return false;
    this.gate = true;
    return true;
  }
}
