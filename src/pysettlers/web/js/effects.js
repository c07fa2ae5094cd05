// What just happened, made visible and audible, so that a person can follow bot turns: the
// dice shown large for a moment, the rolled number's hexes marked (drawn by board.js from
// `boardMarks()`), each new piece animated, per-player badges for production, steals and
// discards, toasts for a steal from or by you and for discards, optional sounds, and a "your
// turn" cue in the tab's title.
//
// Everything here is driven by the `events` of the state messages (already redacted for this
// seat by the server: a card stolen between two others reads "hidden") and by the clock; it
// never decides anything about the game, and writes no sentences of its own: a toast says
// what the log says, the server's words for that event (`event_words`). Only events newer
// than what the page has already shown produce effects: the first state after opening the
// page (which carries the whole game's events, for the log) and a message that overlaps
// what was shown only set the quiet marks (this turn's roll), and a long catch-up after a
// reconnect is shown quietly too.
//
// `prefers-reduced-motion: reduce`: no animation at all (CSS turns them off; the dice are
// shown still and taken away at once), only the instant highlight. Sounds are generated with
// the Web Audio API (no files), off by default; the choice is kept in localStorage.

import { h } from "./dom.js";
import { RESOURCE_COLOUR, playerColour, playerInk, seatLabel } from "./board.js";
import { RESOURCES, parseBundle } from "./notation.js";

// How long each effect lasts (ms); CSS uses the same lengths (app.css, "effects").
const ROLL_MS = 2600; // the rolled hexes' glow (the mark itself stays for the turn)
const DICE_MS = 2200; // the big dice (with who was paid)
const DICE_MIN_MS = 700; // ...at least, when the board changes under them (a robber, a piece)
const PLACED_MS = 700; // a new piece dropping in
const BADGE_MS = 3400; // "+1 ore" on a player's panel
const TOAST_MS = 6000;
const CATCH_UP = 40; // a message spanning more versions than this is a catch-up: shown quietly
const SOUND_KEY = "pysettlers.sound";

export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function bundleOf(x) {
  return typeof x === "string" ? parseBundle(x) : x || {};
}

function count(b) {
  return RESOURCES.reduce((n, r) => n + (b[r] || 0), 0);
}

/** A resource as a small coloured chip: "+2 ore". */
function chip(r, text) {
  return h("span", { class: `fx-res res-${r}`, style: `--c:${RESOURCE_COLOUR[r] || "#777"}` }, text);
}

function chips(bundle, sign) {
  return RESOURCES.filter((r) => bundle[r]).map((r) => chip(r, `${sign}${bundle[r]} ${r}`));
}

/**
 * The effects of one game screen. `names(seat)`: a seat's name. Returns the hooks game.js
 * calls: `onState(msg)` with each state message that feeds the log, `boardMarks()` for
 * drawBoard, `decoratePlayers(el)` after the players' panels are drawn, `cue(deciding, st)`
 * after each render, `acted()` when this page sends an action, `stage` (an element to put
 * over the board), `soundToggle` (a button for the header) and `dispose()`.
 */
export function createEffects({ names }) {
  let shown = null; // the newest version whose events this page has shown (null: none yet)
  let rolled = null; // {n, at} this turn's roll (at: performance.now(), or -Infinity: old)
  const placed = new Map(); // site name -> when it was placed
  let robberAt = -Infinity; // when the robber last moved
  let offerFrom = null; // who made the domestic offer now open (its counters go to them)
  const badges = new Map(); // seat -> [{items, kind, at}]
  let cueOn = false;
  let wasDeciding = false;
  let pendingSound = false; // a sound was played for the last message: the turn chime waits
  const baseTitle = document.title.replace(/^● [^—]*— /, "") || "pysettlers";

  const stage = h("div", { class: "fx-stage", "aria-hidden": "true" });
  const sound = sounds();
  const soundToggle = sound.toggle;

  function now() { return performance.now(); }

  // -- events in ------------------------------------------------------------------------------
  function onState(msg) {
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
    let roll = null; // this message's roll: the big dice show it with what it paid
    let paid = null;
    const said = msg.event_words || []; // the server's words for each event (the log's)
    for (const [i, e] of events.entries()) {
      if (e.event === "turn") rolled = null;
      if (e.event === "roll") {
        const n = e.dice[0] + e.dice[1];
        rolled = { n, at: loud ? t : -Infinity };
        if (loud) { roll = e; paid = null; heard.add("dice"); }
      }
      if (e.event === "offer") offerFrom = e.player;
      if (!loud) continue;
      switch (e.event) {
        case "produce": {
          const per = e.received.length / 5;
          paid = [];
          for (let q = 0; q < per; q++) {
            const got = {};
            RESOURCES.forEach((r, i) => { if (e.received[5 * q + i]) got[r] = e.received[5 * q + i]; });
            if (count(got)) { badge(q, chips(got, "+"), "gain", t); paid.push([q, got]); }
          }
          break;
        }
        case "starting_resources": {
          const got = bundleOf(e.resources);
          if (count(got)) badge(e.player, chips(got, "+"), "gain", t);
          break;
        }
        case "road": case "ship": placed.set(e.path, t); hideDice(); break;
        case "ship_moved": placed.set(e.to, t); hideDice(); break;
        case "settlement": case "city": placed.set(e.intersection, t); hideDice(); break;
        case "robber": case "robber_placed": robberAt = t; steal(e, me, t, heard, said[i]); hideDice(); break;
        case "discard": discard(e, me, t, said[i]); break;
        case "monopoly": monopoly(e, me, t, heard, said[i]); break;
        case "offer":
          if (me !== null && e.player !== me && (!e.to || !e.to.length || e.to.includes(me))) heard.add("offer");
          break;
        case "answer": // a counter-offer goes to the offer's maker
          if (me !== null && e.answer === "counter" && offerFrom === me && e.player !== me) heard.add("offer");
          break;
        default: break;
      }
    }
    if (roll) showDice(roll, paid, me);
    // One sound per message, the most telling first.
    for (const name of ["steal", "offer", "dice"]) {
      if (heard.has(name)) { sound.play(name); break; }
    }
    pendingSound = heard.size > 0;
  }

  // The toasts say what the log says: the server's words for the event (one vocabulary).
  function steal(e, me, t, heard, said) {
    if (e.victim === null || e.victim === undefined || e.stolen === null || e.stolen === undefined) return;
    const known = e.stolen !== "hidden";
    badge(e.player, [known ? chip(e.stolen, `+1 ${e.stolen}`) : h("span", { class: "fx-res hidden" }, "+1 card")], "gain", t);
    badge(e.victim, [known ? chip(e.stolen, `−1 ${e.stolen}`) : h("span", { class: "fx-res hidden" }, "−1 card")], "loss", t);
    // A steal from you or by you; watching (or a hotseat table, where everyone looks at one
    // screen), every steal.
    if (!said || (me !== null && e.victim !== me && e.player !== me)) return;
    toast(said, "steal");
    if (me !== null) heard.add("steal");
  }

  function discard(e, me, t, said) {
    const cards = bundleOf(e.cards);
    if (!count(cards)) return;
    badge(e.player, chips(cards, "−"), "loss", t);
    if (said) toast(said, "discard");
  }

  function monopoly(e, me, t, heard, said) {
    const taken = e.taken || [];
    let total = 0;
    taken.forEach((k, q) => {
      if (!k) return;
      total += k;
      badge(q, [chip(e.resource, `−${k} ${e.resource}`)], "loss", t);
    });
    if (total) badge(e.player, [chip(e.resource, `+${total} ${e.resource}`)], "gain", t);
    if (me !== null && taken[me] && said) {
      toast(said, "steal");
      heard.add("steal");
    }
  }

  // -- the big dice -------------------------------------------------------------------------
  // The dice, large over the board, with who the roll paid (on a phone the players' panels
  // are below the fold: this is where production is seen).
  let diceTimer = null;
  let diceAt = -Infinity;
  function showDice(e, paid, me) {
    const [a, b] = e.dice;
    const sum = a + b;
    const still = reducedMotion();
    const who = (q) => (q === me ? "You" : names(q));
    const lines = (paid || []).map(([q, got]) => h("li", { "data-seat": q },
      h("span", { class: "fx-seat", style: `background:${playerColour(q)};color:${playerInk(q)}` }, seatLabel(q)),
      h("span", { class: "fx-name" }, who(q)), chips(got, "+")));
    stage.replaceChildren(h("div", { class: `fx-dice${sum === 7 ? " seven" : ""}${still ? "" : " moving"}`, "data-sum": sum },
      h("div", { class: "fx-dice-row" }, bigDie(a), bigDie(b, true), h("span", { class: "fx-dice-sum" }, String(sum))),
      h("div", { class: "fx-dice-who" }, sum === 7 ? `${who(e.player)}: the robber!` : `${who(e.player)} rolled`),
      paid && !lines.length ? h("div", { class: "fx-paid none" }, "nobody gets anything") : null,
      lines.length ? h("ul", { class: "fx-paid" }, lines) : null));
    diceAt = now();
    clearTimeout(diceTimer);
    diceTimer = setTimeout(() => stage.replaceChildren(), DICE_MS);
  }

  /** The board changes (the robber moves, a piece is placed): the dice make way for it. */
  function hideDice() {
    if (!stage.firstChild) return;
    clearTimeout(diceTimer);
    diceTimer = setTimeout(() => stage.replaceChildren(), Math.max(0, DICE_MIN_MS - (now() - diceAt)));
  }

  // -- badges on the players' panels ----------------------------------------------------------
  function badge(seat, items, kind, at) {
    if (seat === null || seat === undefined || !items.length) return;
    const list = badges.get(seat) || [];
    list.push({ items, kind, at });
    badges.set(seat, list);
  }

  function decoratePlayers(container) {
    const t = now();
    for (const [seat, list] of badges) {
      const live = list.filter((b) => t - b.at < BADGE_MS);
      if (!live.length) { badges.delete(seat); continue; }
      badges.set(seat, live);
      const row = container.querySelector(`.player[data-seat='${seat}']`);
      if (!row) continue;
      // The newest two, on the panel's head line beside the points, where they cover no
      // figure (a 7 can bring a discard and a steal at once; the log has the rest).
      const el = h("div", { class: "fx-badges", "data-seat": seat }, live.slice(-2).map((b) => {
        const one = h("span", { class: `fx-badge ${b.kind}`, style: `--fx-delay:${-Math.round(t - b.at)}ms` },
          b.items.map((x) => (x instanceof Node ? x.cloneNode(true) : x)));
        setTimeout(() => one.remove(), BADGE_MS - (t - b.at));
        return one;
      }));
      const vp = row.querySelector(".player-head .vp");
      if (vp) vp.before(el);
      else row.append(el);
    }
  }

  // -- the board's marks --------------------------------------------------------------------------
  function boardMarks() {
    const t = now();
    const ages = new Map();
    for (const [name, at] of placed) {
      if (t - at < PLACED_MS) ages.set(name, t - at); else placed.delete(name);
    }
    const rollAge = rolled && t - rolled.at < ROLL_MS ? t - rolled.at : null;
    const robberAge = t - robberAt < PLACED_MS ? t - robberAt : null;
    return { rolled: rolled ? rolled.n : null, fx: { rollAge, robberAge, placed: ages } };
  }

  // -- toasts -----------------------------------------------------------------------------------
  function toast(content, kind) {
    let box = document.getElementById("toasts");
    if (!box) {
      box = h("div", { id: "toasts", role: "status" });
      document.body.append(box);
    }
    const old = box.querySelectorAll(".toast.fx");
    if (old.length >= 3) old[0].remove(); // a burst of bot turns: the newest three
    const el = h("div", { class: `toast fx ${kind}` }, content);
    box.append(el);
    setTimeout(() => el.remove(), TOAST_MS);
  }

  // -- the "your turn" cue ------------------------------------------------------------------------
  /** `deciding`: a person on this page must decide now; `st`: the shown state. */
  function cue(deciding, st) {
    if (deciding && !wasDeciding) {
      cueOn = true;
      if (!pendingSound) sound.play("turn");
    }
    if (!deciding) cueOn = false;
    wasDeciding = deciding;
    pendingSound = false;
    let label = "Your turn";
    if (st && st.view) {
      const v = st.view;
      if (v.phase === "discard") label = "Discard";
      else if (v.phase === "trade_response" && v.current !== st.seat) label = "Trade offer";
      else if (v.current !== st.seat && v.phase !== "setup_settlement") label = "Your move";
    }
    document.title = cueOn ? `● ${label} — ${baseTitle}` : baseTitle;
    document.documentElement.dataset.cue = cueOn ? "on" : "";
  }

  /** This page sent an action: the cue has done its work. */
  function acted() {
    cueOn = false;
    document.title = baseTitle;
    document.documentElement.dataset.cue = "";
  }

  function dispose() {
    clearTimeout(diceTimer);
    document.title = baseTitle;
    delete document.documentElement.dataset.cue;
    sound.dispose();
  }

  return { onState, boardMarks, decoratePlayers, cue, acted, stage, soundToggle, dispose };
}

/** A speaker with waves (on) or crossed out (off): emoji are missing from some systems' fonts. */
function speaker(on) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "speaker");
  svg.setAttribute("aria-hidden", "true");
  const path = (d, cls) => {
    const p = document.createElementNS(ns, "path");
    p.setAttribute("d", d);
    p.setAttribute("class", cls);
    svg.append(p);
  };
  path("M3 9h4l5-4v14l-5-4H3z", "cone");
  if (on) path("M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13", "wave");
  else path("M16 9l6 6M22 9l-6 6", "wave");
  return svg;
}

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };

function bigDie(n, red = false) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "-12 -12 24 24");
  svg.setAttribute("class", `fx-die${red ? " red" : ""}`);
  const rect = document.createElementNS(ns, "rect");
  for (const [k, v] of Object.entries({ x: -11, y: -11, width: 22, height: 22, rx: 4 })) rect.setAttribute(k, v);
  svg.append(rect);
  for (const [x, y] of PIPS[n] || []) {
    const c = document.createElementNS(ns, "circle");
    c.setAttribute("cx", x * 5.5); c.setAttribute("cy", y * 5.5); c.setAttribute("r", 2.2);
    svg.append(c);
  }
  return svg;
}

// -- sounds -------------------------------------------------------------------------------------

/**
 * Sounds made with the Web Audio API: dice, your turn, a trade offer to you, a steal. Off by
 * default; the header's toggle turns them on and the choice persists. Browsers start audio
 * only after a gesture: the context is made on the toggle's click, or resumed on the first
 * click or key after a reload with sounds on.
 */
function sounds() {
  let on = localStorage.getItem(SOUND_KEY) === "on";
  let ac = null;
  let master = null;
  let played = 0;
  const button = h("button", { class: "sound-toggle", type: "button", onclick: () => set(!on) });
  const draw = () => {
    button.setAttribute("aria-pressed", String(on));
    button.setAttribute("aria-label", on ? "Sounds on (turn off)" : "Sounds off (turn on)");
    button.title = on ? "Sounds on: dice, your turn, offers, steals" : "Sounds off";
    button.replaceChildren(speaker(on));
  };
  draw();

  function context() {
    if (!ac) {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return null;
      try { ac = new AC(); } catch { return null; }
      master = ac.createGain();
      master.gain.value = 0.5;
      master.connect(ac.destination);
    }
    if (ac.state === "suspended") ac.resume().catch(() => {});
    return ac;
  }
  const wake = () => { if (on) context(); };
  document.addEventListener("pointerdown", wake, true);
  document.addEventListener("keydown", wake, true);

  function set(value) {
    on = value;
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
    draw();
    if (on) { context(); play("turn"); }
  }

  function tone(a, { freq, to, type = "sine", at = 0, dur = 0.2, gain = 0.2 }) {
    const t0 = a.currentTime + at;
    const o = a.createOscillator();
    const g = a.createGain();
    o.type = type;
    o.frequency.setValueAtTime(freq, t0);
    if (to) o.frequency.exponentialRampToValueAtTime(to, t0 + dur);
    g.gain.setValueAtTime(0.0001, t0);
    g.gain.exponentialRampToValueAtTime(gain, t0 + 0.012);
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
    o.connect(g).connect(master);
    o.start(t0);
    o.stop(t0 + dur + 0.05);
  }

  function noise(a, { at = 0, dur = 0.04, gain = 0.3, freq = 2500, q = 1.5 }) {
    const t0 = a.currentTime + at;
    const len = Math.max(1, Math.floor(a.sampleRate * dur));
    const buf = a.createBuffer(1, len, a.sampleRate);
    const data = buf.getChannelData(0);
    for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len);
    const src = a.createBufferSource();
    src.buffer = buf;
    const f = a.createBiquadFilter();
    f.type = "bandpass";
    f.frequency.value = freq;
    f.Q.value = q;
    const g = a.createGain();
    g.gain.value = gain;
    src.connect(f).connect(g).connect(master);
    src.start(t0);
  }

  const VOICES = {
    // Two dice rattling in a cup and landing: short clicks, then two knocks.
    dice: (a) => {
      [0, 0.05, 0.11, 0.16, 0.24].forEach((at, i) => noise(a, { at, dur: 0.03, gain: 0.5 - i * 0.06, freq: 2200 + i * 400 }));
      tone(a, { freq: 180, to: 90, at: 0.32, dur: 0.09, gain: 0.25 });
      tone(a, { freq: 160, to: 80, at: 0.4, dur: 0.08, gain: 0.18 });
    },
    // Your turn: a soft rising two-note chime.
    turn: (a) => {
      tone(a, { freq: 659, at: 0, dur: 0.35, gain: 0.16 });
      tone(a, { freq: 880, at: 0.14, dur: 0.5, gain: 0.16 });
    },
    // A trade offer to you: three quick bright notes.
    offer: (a) => {
      [523, 659, 784].forEach((freq, i) => tone(a, { freq, type: "triangle", at: i * 0.08, dur: 0.2, gain: 0.18 }));
    },
    // A steal: a falling swish.
    steal: (a) => {
      noise(a, { dur: 0.25, gain: 0.35, freq: 1200, q: 0.8 });
      tone(a, { freq: 700, to: 160, type: "sawtooth", dur: 0.28, gain: 0.07 });
    },
  };

  function play(name) {
    if (!on || !VOICES[name]) return;
    const a = context();
    if (!a) return;
    try { VOICES[name](a); } catch { return; }
    // For tests and the curious: what was played last, and how many.
    played += 1;
    button.dataset.played = String(played);
    button.dataset.last = name;
  }

  function dispose() {
    document.removeEventListener("pointerdown", wake, true);
    document.removeEventListener("keydown", wake, true);
    if (ac) ac.close().catch(() => {});
  }

  return { toggle: button, play, dispose };
}
