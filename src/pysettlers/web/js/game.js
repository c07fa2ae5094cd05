// The game screen: one WebSocket per seat this browser holds (several in hotseat), the board,
// the controls for the legal actions, the panels, the log and chat. It redraws from the newest
// `state` message alone (protocol: "It is the whole truth for that client").
//
// Hotseat: when the next decision belongs to another human on this device, the page is
// emptied and a pass-the-device screen shown; the next hand is drawn only after that player
// says they hold the device. A hand is only ever drawn from its own seat's view.
//
// This module lays the screen out, hears each message and redraws; its parts are rooms of
// their own: connection.js (the sockets, messages by type), screen.js (what the page knows:
// the states, the seat shown, the refusal, preferences), controls.js (legal actions into
// buttons, the offer box, shortcuts), status.js (the status line, the pass-the-device card),
// boardview.js (the board's box: zoom and pan), talk.js (log and chat). The drawing itself
// is board.js, panels.js, table.js, effects.js; the pickers and dialogs actions.js.
//
// Not for: rules (the legal list is the server's), words of events (log.js: the server's).

import { api, seatsHeld } from "./api.js";
import { closeDialogs, dialogOpen, h, put, toast } from "./dom.js";
import { dialog } from "./focus.js";
import { act } from "./actions.js";
import { drawLastRoll, playersPanel } from "./panels.js";
import { TablePanel, gameOverView } from "./table.js";
import { createEffects } from "./effects.js";
import { toast as fxToast } from "./fx/toasts.js";
import { Connection } from "./connection.js";
import { Screen, botOffersOn, saveBotOffers } from "./screen.js";
import {
  botOffersToggle, contextFor, drawBotOffersToggle, drawControls, handFor, pickTarget, shortcut, tickOfferClock,
} from "./controls.js";
import { drawStatus, passCard, refusalText, tickDeadline } from "./status.js";
import { BoardView } from "./boardview.js";
import { Talk } from "./talk.js";

export async function openGame(root, gameId, { onLeave } = {}) {
  const held = seatsHeld(gameId);
  let summary;
  try {
    summary = await api.game(gameId);
  } catch (e) {
    put(root, h("div", { class: "page" }, h("h1", {}, "No such game"), h("p", {}, e.message), h("a", { href: "#/" }, "Back to the lobby")));
    return () => {};
  }
  const page = new GamePage(root, gameId, summary, held);
  return () => {
    page.close();
    if (onLeave) onLeave();
  };
}

class GamePage {
  constructor(root, gameId, summary, held) {
    this.root = root;
    this.gameId = gameId;
    const sc = (this.screen = new Screen(summary, held));
    // The Building Costs card with the build buttons, and the bank (table.js).
    this.table = new TablePanel(() => this.render());
    // Effects (effects.js): the roll, production, steals, new pieces, sounds, the title cue.
    this.fx = createEffects({ names: (q) => sc.names(q) });
    this.board = new BoardView();
    this.talk = new Talk({ watching: sc.watching, say: (text) => this.conn.chat(sc.shown, text) });
    this.overDialog = null; // the results, while open
    this.layOut();
    this.conn = new Connection(gameId, held, {
      on: {
        welcome: (seat, msg, feedsLog) => this.onWelcome(msg, feedsLog),
        seats: (seat, msg) => this.onSeats(msg),
        rematch: (seat, msg) => this.onRematch(msg),
        chat: (seat, msg, feedsLog) => this.onChat(msg, feedsLog),
        error: (seat, msg) => this.onError(seat, msg),
        state: (seat, msg, feedsLog) => this.onState(seat, msg, feedsLog),
      },
      onStatus: (st, detail) => {
        this.el.conn.textContent = st === "open" ? "" : st === "reconnecting" ? "reconnecting…" : detail || st;
        this.el.conn.className = `conn ${st}`;
      },
      // Bots' offers: a person who turned them off keeps them off in every game.
      prefs: botOffersOn() ? null : { bot_offers: false },
    });
    // The clocks count down each second between states (the server sends the seconds left
    // only with a state).
    this.timers = [
      setInterval(() => tickDeadline(this.el.status, sc.current()), 500),
      setInterval(() => tickOfferClock(this.el.controls, sc.current()), 500),
    ];
    this.onKey = this.onKey.bind(this);
    document.addEventListener("keydown", this.onKey);
    put(root, h("p", { class: "loading" }, "Connecting…"));
    if (sc.gate) this.drawGate();
  }

  // -- layout (built once; its parts are redrawn per state) --------------------------------
  layOut() {
    const { summary, held } = this.screen;
    const el = (this.el = {
      status: h("div", { class: "status", role: "status" }),
      dice: h("div", { class: "dice", "aria-label": "last roll" }),
      controls: h("div", { class: "controls" }),
      hand: h("div", { class: "hand-wrap" }),
      players: h("div", { class: "players-wrap" }),
      conn: h("span", { class: "conn" }),
    });
    // A person at a table with bots may turn the bots' trade offers off (and on again).
    this.botToggle = held.length && summary.seats.some((x) => x.kind === "bot")
      ? botOffersToggle(() => this.setBotOffers(!botOffersOn())) : null;
    this.sideMain = h("div", { class: "side-main" }, el.controls, el.hand, this.table.el);
    this.sideMain.addEventListener("scroll", () => this.markOverflow(), { passive: true });
    if (typeof ResizeObserver === "function") new ResizeObserver(() => this.markOverflow()).observe(this.sideMain);
    this.layout = h("div", { class: "game" },
      h("header", { class: "topbar" },
        h("a", { href: "#/", class: "home", title: "Lobby" }, "← Lobby"),
        h("span", { class: "title" }, summary.name),
        h("span", { class: "gid" }, this.gameId), el.conn, this.botToggle, this.fx.soundToggle),
      el.status,
      h("main", { class: "table" },
        h("section", { class: "board-area" }, this.board.el, el.dice, this.board.bar, this.fx.stage),
        // (What to do, the hand and the table scroll together when the column is short: the
        // players below them stay in view, app.css.)
        h("aside", { class: "side" }, this.sideMain, el.players, this.talk.el)));
  }

  /** Whether the column's upper part (what to do, the hand, the table) has more below its
   * fold: a fade at its foot then says so (app.css), so a card half in view reads as "scroll
   * down", not as broken. */
  markOverflow() {
    const m = this.sideMain;
    m.classList.toggle("more", m.scrollHeight - m.scrollTop - m.clientHeight > 2);
  }

  // -- messages (connection.js) --------------------------------------------------------------
  onWelcome(msg, feedsLog) {
    const sc = this.screen;
    sc.seats = msg.seats;
    sc.drawing = msg.drawing || {};
    if (feedsLog) {
      sc.chat.length = 0;
      sc.chat.push(...msg.chat);
      this.drawChat();
    }
  }

  onSeats(msg) {
    this.screen.seats = msg.seats;
    if (!this.screen.gate) this.drawPlayers();
  }

  onRematch(msg) {
    const sc = this.screen;
    if (sc.rematchBy === msg.by) return; // (once: hotseat has several sockets)
    // Another player started this game's rematch: the results offer to join it.
    sc.rematchBy = msg.by;
    if (this.overDialog) this.gameOver(sc.current());
    else toast(`${sc.names(msg.by)} started a rematch: see "Results & rematch".`);
  }

  onChat(msg, feedsLog) {
    if (!feedsLog) return;
    this.screen.chat.push(msg);
    this.drawChat();
  }

  onError(seat, msg) {
    const sc = this.screen;
    if (seat !== sc.shown && seat !== "spectator") return;
    sc.refusal = msg.code === "stale" ? null : msg;
    // (a stale answer to an offer that is gone says so: "offer #3 is no longer open")
    if (msg.code !== "stale" || msg.rule) toast(refusalText(msg), "error", 7000);
    this.el.controls.classList.remove("sent");
    this.layout.dataset.refusals = Number(this.layout.dataset.refusals || 0) + 1;
    this.drawStatus();
  }

  onState(seat, msg, feedsLog) {
    const sc = this.screen;
    if (feedsLog) {
      sc.noteEvents(msg.view.events);
      this.talk.addEvents(msg.view.events, msg.event_words);
      this.fx.onState(msg, sc.drawing);
    } else if (sc.hotseat && seat !== "spectator") {
      sc.noteSecrets(seat, msg); // (the card a seat stole or lost: shown to that seat alone)
    }
    if (sc.receive(seat, msg)) closeDialogs(); // the device passes: the dialogs were another's
    this.render();
  }

  // -- drawing -----------------------------------------------------------------------------
  render() {
    const sc = this.screen;
    const st = sc.current();
    // The "your turn" cue (tab title, sound): a person at this page must decide.
    this.fx.cue(sc.decidingHere(), st);
    this.showSecrets();
    if (sc.gate) { this.drawGate(); return; }
    if (!this.layout.isConnected) put(this.root, this.layout);
    if (!st) { this.el.status.textContent = "Connecting…"; return; }
    const legalChanged = sc.legalChanged(st);
    if (legalChanged) closeDialogs();
    const ctx = this.context(st);
    this.table.filter(ctx, st.version); // placement mode: one kind's targets
    // What tests and screen readers can read at a glance.
    Object.assign(this.layout.dataset, { version: st.version, seat: st.seat ?? "", phase: st.view.phase,
      legal: st.legal.length, status: st.status, turn: st.view.turn, botOffers: st.bot_offers ?? "" });
    // (No bot offers anything before the game starts: the switch comes with the first turn.)
    if (this.botToggle) this.botToggle.hidden = st.status === "open";
    this.drawStatus();
    this.board.draw(st.view, {
      targets: ctx.targets, me: st.seat, recent: sc.recent, drawing: sc.drawing, ...this.fx.boardMarks(), onPick: (t) => pickTarget(ctx, t),
    });
    drawControls(this.el.controls, st, ctx, {
      legalChanged, names: sc.names, seats: sc.seats, gameId: this.gameId, setBotOffers: (on) => this.setBotOffers(on),
    });
    put(this.el.hand, ...handFor(st, ctx));
    this.table.draw(st, ctx, { act, drawing: sc.drawing, onResults: () => this.gameOver(sc.current()) });
    this.drawPlayers();
    this.drawDice();
    this.markOverflow();
    if (st.status === "finished" && !sc.over) { sc.over = true; this.gameOver(st); }
  }

  /** The controls' context for `st`: its actions are sent answering its version. */
  context(st) {
    return contextFor(st, {
      names: this.screen.names, manual: this.screen.summary.manual_chance, drawing: this.screen.drawing,
      send: (text, outcome) => {
        this.screen.refusal = null;
        this.conn.act(st.seat, text, st.version, outcome);
        this.fx.acted();
        this.el.controls.classList.add("sent");
      },
    });
  }

  /**
   * Hotseat: the shown seat's secrets (a card it stole or lost) as toasts, once only that
   * seat's person looks; a secret toast of any other seat, or any while the device is being
   * passed, is taken away first.
   */
  showSecrets() {
    const sc = this.screen;
    if (!sc.hotseat) return;
    for (const el of document.querySelectorAll("#toasts [data-secret-of]")) {
      if (sc.gate || Number(el.dataset.secretOf) !== sc.shown) el.remove();
    }
    for (const words of sc.takeSecrets()) fxToast(words, "steal", { ms: 9000, attrs: { "data-secret-of": sc.shown } });
  }

  drawGate() {
    const sc = this.screen;
    put(this.root, passCard(sc.shown, sc.states[sc.shown], sc.names, () => {
      sc.gate = false;
      put(this.root, this.layout);
      this.render();
    }));
  }

  drawStatus() {
    const sc = this.screen;
    const st = sc.current();
    if (st) drawStatus(this.el.status, st, { seats: sc.seats, names: sc.names, refusal: sc.refusal });
  }

  drawDice() {
    const sc = this.screen;
    drawLastRoll(this.el.dice, sc.lastDice, sc.names, sc.current() ? sc.current().seat : null);
  }

  drawPlayers() {
    const sc = this.screen;
    const st = sc.current();
    if (!st) return;
    put(this.el.players, playersPanel(st.view, sc.seats, sc.names, st.seat, sc.drawing, { waiting: st.status === "open" }));
    this.fx.decoratePlayers(this.el.players);
  }

  drawChat() {
    this.talk.drawChat(this.screen.chat, this.screen.names);
  }

  // The results: every player's total and its breakdown, and the rematch (table.js).
  gameOver(st) {
    if (!st) return;
    if (this.overDialog) this.overDialog.close();
    const { names, rematchBy, drawing } = this.screen;
    this.overDialog = dialog("Game over", gameOverView(st, { names, gameId: this.gameId, rematchBy, drawing }),
      { onClose: () => { this.overDialog = null; } });
  }

  // Bots' offers: one choice for this device's people (hotseat: all of them), kept for the
  // next games, told to the server for each seat held here.
  setBotOffers(on) {
    saveBotOffers(on);
    this.conn.setPrefs({ bot_offers: on });
    if (this.botToggle) drawBotOffersToggle(this.botToggle);
  }

  // Keyboard shortcuts for the common actions (only when they are legal; not while typing,
  // in a dialog or before the device is passed).
  onKey(e) {
    if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey || dialogOpen() || this.screen.gate) return;
    const st = this.screen.current();
    if (st && shortcut(e.key, this.context(st))) e.preventDefault();
  }

  close() {
    for (const t of this.timers) clearInterval(t);
    document.removeEventListener("keydown", this.onKey);
    this.conn.close();
    closeDialogs();
    this.fx.dispose();
  }
}
