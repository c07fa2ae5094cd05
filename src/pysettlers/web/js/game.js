// The game screen: one WebSocket per seat this browser holds (several in hotseat), the board,
// the controls for the legal actions, the panels, the log and chat. It redraws from the newest
// `state` message alone (protocol: "It is the whole truth for that client").
//
// Hotseat: when the next decision belongs to another human on this device, the page is
// emptied and a pass-the-device screen shown; the next hand is drawn only after that player
// says they hold the device. A hand is only ever drawn from its own seat's view.

import { GameSocket, api, invitesOf, seatsHeld } from "./api.js";
import { inviteList } from "./lobby.js";
import { closeDialogs, dialog, dialogOpen, h, put, toast } from "./dom.js";
import { applyZoom, drawBoard } from "./board.js";
import { logEntries } from "./log.js";
import {
  act, actionWords, analyse, placeWords, bundleView, chooseAction, discardPicker, monopolyPicker, tradeDialog,
  yearOfPlentyPicker,
} from "./actions.js";
import { devTitle, die, handPanel, playersPanel, seatName, swatch } from "./panels.js";
import { TablePanel, gameOverView } from "./table.js";
import { createEffects } from "./effects.js";

const PHASE_WORDS = {
  setup_settlement: "place a settlement", setup_road: "place a road next to it",
  pre_roll: "roll the dice", discard: "discard", move_robber: "move the robber",
  main: "build, trade or end the turn", build: "build or end the turn",
  road_building: "place the free roads", trade_response: "answer the trade offer",
  trade_confirm: "choose a trade partner", special_build: "build (Special Building Phase) or pass",
  helper_after: "turn the helper over or exchange it", helper_react: "use the helper or let it pass",
  hilde_take: "take a card", candamir_keep: "keep one card", nassir_repay: "give cards back",
  // The 1996 alternate rules: 5, the roller may ignore a 7; 8, knights interrupt the robber.
  seven_choice: "use the 7 or ignore it", knight_window: "interrupt with a knight or let the robber be",
  knight_move: "move the robber (knight)",
};

// Handled by dedicated controls; every other keyword gets a generic button (helpers...).
const HANDLED = new Set(["roll", "end", "buy", "knight", "road-building", "year-of-plenty", "monopoly",
  "discard", "maritime", "offer", "accept", "reject", "counter", "confirm", "cancel",
  "settlement", "city", "road", "robber"]);

export async function openGame(root, gameId, { onLeave } = {}) {
  const held = seatsHeld(gameId);
  const hotseat = held.length > 1;
  let summary;
  try {
    summary = await api.game(gameId);
  } catch (e) {
    put(root, h("div", { class: "page" }, h("h1", {}, "No such game"), h("p", {}, e.message), h("a", { href: "#/" }, "Back to the lobby")));
    return () => {};
  }
  let seats = summary.seats;
  const states = {}; // seat (or "spectator") -> newest state message
  let shown = held.length ? held[0].seat : null;
  let gate = hotseat; // hotseat: show the pass-the-device screen before any hand
  let refusal = null;
  let lastDice = null;
  let lastLegalKey = "";
  let recent = new Set();
  let over = false;
  let rematchBy = null; // the seat that started this game's rematch (a `rematch` message)
  // The Building Costs card with the build buttons, and the bank (table.js).
  const table = new TablePanel(() => render());
  const chat = [];
  const logLines = [];
  // Effects (effects.js): the roll, production, steals, new pieces, sounds, the title cue.
  const fx = createEffects({ names: (q) => names(q) });

  const names = (q) => (q === null || q === undefined ? "nobody" : seatName(seats[q], q));

  // -- layout (built once; its parts are redrawn per state) --------------------------------
  const el = {
    status: h("div", { class: "status", role: "status" }),
    board: h("div", { class: "board-wrap" }),
    dice: h("div", { class: "dice", "aria-label": "last roll" }),
    controls: h("div", { class: "controls" }),
    hand: h("div", { class: "hand-wrap" }),
    players: h("div", { class: "players-wrap" }),
    log: h("ol", { class: "log", "aria-label": "game log" }),
    chat: h("ol", { class: "chat-lines" }),
    conn: h("span", { class: "conn" }),
  };
  // The board's zoom and pan, kept across redraws: wheel or the buttons zoom, a drag pans.
  const zoom = { k: 1, dx: 0, dy: 0 };
  const zoomBy = (f) => {
    zoom.k *= f;
    const svg = el.board.querySelector("svg");
    if (svg) applyZoom(svg, zoom);
    el.board.classList.toggle("zoomed", zoom.k > 1);
  };
  const zoomBar = h("div", { class: "zoom" },
    h("button", { class: "small", "aria-label": "zoom in", onclick: () => zoomBy(1.25) }, "+"),
    h("button", { class: "small", "aria-label": "zoom out", onclick: () => zoomBy(0.8) }, "−"),
    h("button", { class: "small", "aria-label": "fit the board", onclick: () => { zoom.k = 1; zoom.dx = zoom.dy = 0; zoomBy(1); } }, "Fit"));
  // Pointers: one (mouse or finger) drags a zoomed board; two fingers pinch to zoom and
  // move it. At zoom 1 a finger scrolls the page (CSS touch-action: pan-x pan-y, which also
  // keeps the browser's own pinch off the board so that the pinch comes here).
  let drag = null;
  let pinch = null;
  const pointers = new Map();
  const boardUnit = (svg) => {
    const [, , w, hgt] = svg.getAttribute("viewBox").split(" ").map(Number);
    return Math.max(w / Math.max(1, svg.clientWidth), hgt / Math.max(1, svg.clientHeight));
  };
  const twoFingers = () => {
    const [a, b] = [...pointers.values()];
    return { d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };
  el.board.addEventListener("wheel", (e) => { e.preventDefault(); zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15); }, { passive: false });
  el.board.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 2) {
      const f = twoFingers();
      pinch = { ...f, k: zoom.k, dx: zoom.dx, dy: zoom.dy };
      drag = { moved: true }; // a pinch is never a tap on what lies under it
    } else if (pointers.size === 1 && zoom.k > 1) {
      drag = { x: e.clientX, y: e.clientY, dx: zoom.dx, dy: zoom.dy, moved: false };
    }
  });
  el.board.addEventListener("pointermove", (e) => {
    const svg = el.board.querySelector("svg");
    if (!svg || !pointers.has(e.pointerId)) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch && pointers.size >= 2) {
      const f = twoFingers();
      zoom.k = pinch.k * (f.d / pinch.d);
      applyZoom(svg, zoom); // (clamps k)
      const unit = boardUnit(svg);
      zoom.dx = pinch.dx - (f.x - pinch.x) * unit;
      zoom.dy = pinch.dy - (f.y - pinch.y) * unit;
      zoomBy(1);
      return;
    }
    if (!drag || drag.x === undefined) return;
    const mx = e.clientX - drag.x, my = e.clientY - drag.y;
    if (Math.hypot(mx, my) > 6) drag.moved = true;
    if (!drag.moved) return;
    const unit = boardUnit(svg);
    zoom.dx = drag.dx - mx * unit;
    zoom.dy = drag.dy - my * unit;
    applyZoom(svg, zoom);
  });
  const endPointer = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pointers.size) return;
    if (drag && drag.moved) setTimeout(() => { drag = null; }, 0); else drag = null;
  };
  el.board.addEventListener("pointerup", endPointer);
  el.board.addEventListener("pointercancel", endPointer);
  el.board.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") { pointers.delete(e.pointerId); drag = null; } });
  // A drag or a pinch is not a click on what lies under it.
  el.board.addEventListener("click", (e) => { if (drag && drag.moved) { e.stopPropagation(); e.preventDefault(); } }, true);

  // Only seats chat (the server refuses a spectator's message): a watcher is told so.
  const watching = !held.length;
  const chatInput = h("input", { placeholder: watching ? "Spectators can't chat" : "Say something…", maxlength: 500,
    "aria-label": "chat message", disabled: watching });
  const chatForm = h("form", { class: "chat-form", onsubmit: (e) => {
    e.preventDefault();
    const text = chatInput.value.trim();
    const sock = socketFor(shown);
    if (text && sock && shown !== null) { sock.chat(text); chatInput.value = ""; }
  } }, chatInput, h("button", { disabled: watching }, "Send"));
  const chatHint = watching ? h("p", { class: "hint chat-hint" }, "You are watching: only the players at the table can chat.") : null;
  // A person at a table with bots may turn the bots' trade offers off (and on again).
  const botOffersToggle = held.length && summary.seats.some((x) => x.kind === "bot")
    ? h("button", { class: "header-toggle bot-offers-toggle", "data-pref": "bot_offers",
      title: "Whether bots may offer you domestic trades",
      onclick: () => setBotOffers(localStorage.getItem("pysettlers.botOffers") === "0") })
    : null;
  drawBotOffersToggle();
  const layout = h("div", { class: "game" },
    h("header", { class: "topbar" },
      h("a", { href: "#/", class: "home", title: "Lobby" }, "← Lobby"),
      h("span", { class: "title" }, summary.name),
      h("span", { class: "gid" }, gameId), el.conn, botOffersToggle, fx.soundToggle),
    el.status,
    h("main", { class: "table" },
      h("section", { class: "board-area" }, el.board, el.dice, zoomBar, fx.stage),
      h("aside", { class: "side" }, el.controls, el.hand, table.el, el.players,
        // The log and chat stay in view at the panel's foot, however tall what is above
        // them grows (an offer with its answers): app.css .side-talk.
        h("div", { class: "side-talk" },
          h("details", { class: "logbox", open: true }, h("summary", {}, "Log"), el.log),
          h("details", { class: "chatbox", open: true }, h("summary", {}, "Chat"), el.chat, chatForm, chatHint)))));

  // -- sockets -----------------------------------------------------------------------------
  const sockets = new Map();
  const onStatus = (st, detail) => {
    el.conn.textContent = st === "open" ? "" : st === "reconnecting" ? "reconnecting…" : detail || st;
    el.conn.className = `conn ${st}`;
  };
  function handle(seat, msg, feedsLog) {
    if (msg.type === "welcome") {
      seats = msg.seats;
      if (feedsLog) { chat.length = 0; chat.push(...msg.chat); drawChat(); }
    } else if (msg.type === "seats") {
      seats = msg.seats;
      if (!gate) drawPlayers();
    } else if (msg.type === "rematch" && rematchBy !== msg.by) { // (once: hotseat has several sockets)
      // Another player started this game's rematch: the results offer to join it.
      rematchBy = msg.by;
      if (overDialog) gameOver(current());
      else toast(`${names(msg.by)} started a rematch: see "Results & rematch".`);
    } else if (msg.type === "chat") {
      if (feedsLog) { chat.push(msg); drawChat(); }
    } else if (msg.type === "error") {
      if (seat === shown || seat === "spectator") {
        refusal = msg.code === "stale" ? null : msg;
        // (a stale answer to an offer that is gone says so: "offer #3 is no longer open")
        if (msg.code !== "stale" || msg.rule) toast(refusalText(msg), "error", 7000);
        el.controls.classList.remove("sent");
        layout.dataset.refusals = Number(layout.dataset.refusals || 0) + 1;
        drawStatus();
      }
    } else if (msg.type === "state") {
      if (feedsLog) { addEvents(msg.view.events, msg.event_words); fx.onState(msg); }
      // `deadline` is the seconds left when the server sent it: counted down from receipt.
      msg.receivedAt = performance.now();
      states[seat] = msg;
      if (seat === shown || (seat === "spectator" && shown === null)) refusal = null;
      pickSeat();
      render();
    }
  }
  if (held.length) {
    for (const { seat, token } of held) {
      const feedsLog = !hotseat;
      // Bots' offers: a person who turned them off keeps them off in every game.
      const prefs = localStorage.getItem("pysettlers.botOffers") === "0" ? { bot_offers: false } : null;
      sockets.set(seat, new GameSocket(gameId, token, { onMessage: (m) => handle(seat, m, feedsLog), onStatus, prefs }));
    }
  }
  if (!held.length || hotseat) {
    // A spectator's connection: the whole view for a watcher; in hotseat the public log,
    // the same for every player at the table.
    sockets.set("spectator", new GameSocket(gameId, null, {
      onMessage: (m) => handle("spectator", m, true), onStatus: held.length ? () => {} : onStatus,
    }));
  }
  function socketFor(seat) { return sockets.get(seat === null ? "spectator" : seat); }

  // Which held seat to show: the one deciding now (the shown one first). A domestic offer
  // between people at one device: its maker only may withdraw it while the others answer,
  // so the device goes to each one asked in turn, then back to the maker to confirm.
  function pickSeat() {
    if (!held.length) return;
    let deciding = held.filter((x) => states[x.seat] && states[x.seat].legal.length);
    const answering = deciding.filter((x) => {
      const v = states[x.seat].view;
      return !(v.phase === "trade_response" && v.current === x.seat);
    });
    if (answering.length) deciding = answering;
    if (!deciding.length || deciding.some((x) => x.seat === shown)) return;
    const next = deciding[0].seat;
    if (next !== shown) {
      shown = next;
      if (hotseat) { gate = true; closeDialogs(); }
    }
  }

  function current() {
    return shown === null ? states.spectator : states[shown];
  }

  // -- drawing -----------------------------------------------------------------------------
  function render() {
    const st = current();
    // The "your turn" cue (tab title, sound): a person at this page must decide.
    fx.cue(held.some((x) => states[x.seat] && states[x.seat].legal.length > 0 && states[x.seat].status === "in_progress"), st);
    if (gate) { drawGate(); return; }
    if (!layout.isConnected) put(root, layout);
    if (!st) { el.status.textContent = "Connecting…"; return; }
    const legalKey = `${shown}|${st.version}|${st.legal.join("\n")}`;
    const legalChanged = legalKey.split("|").slice(2).join("|") !== lastLegalKey.split("|").slice(2).join("|");
    if (legalChanged) closeDialogs();
    lastLegalKey = legalKey;
    const ctx = context(st);
    table.filter(ctx, st.version); // placement mode: one kind's targets
    // What tests and screen readers can read at a glance.
    Object.assign(layout.dataset, { version: st.version, seat: st.seat ?? "", phase: st.view.phase,
      legal: st.legal.length, status: st.status, turn: st.view.turn, botOffers: st.bot_offers ?? "" });
    drawStatus();
    drawBoardFor(st, ctx);
    drawControls(st, ctx, legalChanged);
    drawHand(st, ctx);
    table.draw(st, ctx, { act, onResults: () => gameOver(current()) });
    drawPlayers();
    drawDice();
    if (st.status === "finished" && !over) { over = true; gameOver(st); }
  }

  function context(st) {
    const ctx = {
      legal: st.legal, view: st.view, seat: st.seat, names, manual: summary.manual_chance,
      words: st.words || {}, places: st.places || {}, // the server's words for them
      send: (text, outcome) => {
        const sock = socketFor(st.seat);
        refusal = null;
        sock.act(text, st.version, outcome);
        fx.acted();
        el.controls.classList.add("sent");
      },
    };
    Object.assign(ctx, analyse(ctx));
    return ctx;
  }

  function drawGate() {
    const who = names(shown);
    const st = states[shown];
    const v = st && st.view;
    // Why the device goes there (a trade offer to answer or confirm, or a turn).
    let why = null;
    if (v && v.offer && v.phase === "trade_response" && v.current !== shown) why = `${names(v.current)} offers ${who} a trade.`;
    else if (v && v.offer && v.phase === "trade_confirm" && v.current === shown) why = `The answers to ${who}'s trade offer are in.`;
    put(root, h("div", { class: "pass", "data-pass": shown },
      h("div", { class: "pass-card" },
        swatch(shown),
        h("h1", {}, `Pass the device to ${who}`),
        why ? h("p", { class: "pass-why" }, why) : null,
        h("p", {}, "Everything private is hidden. When only ", h("b", {}, who), " is looking:"),
        h("button", { class: "primary big", "data-reveal": shown, onclick: () => { gate = false; put(root, layout); render(); } },
          `I am ${who}: show my cards`),
        h("p", {}, h("a", { href: "#/" }, "Back to the lobby")))));
  }

  function drawStatus() {
    const st = current();
    if (!st) return;
    const v = st.view;
    let text;
    let mine = false;
    if (st.status === "open") {
      const free = seats.filter((x) => !x.taken).length;
      text = `Waiting for ${free} more player${free === 1 ? "" : "s"} to join.`;
    } else if (v.phase === "game_over") {
      text = `${names(v.winner)} wins the game!`;
    } else if (st.status === "finished") {
      // Ended by the server without a winner (its bound on a game's length, or an operator).
      text = st.ended === "turn_limit" ? "The game reached its turn limit and ended without a winner."
        : "The game was ended without a winner.";
    } else {
      const words = PHASE_WORDS[v.phase] || v.phase.replaceAll("_", " ");
      mine = st.legal.length > 0;
      if (mine) {
        const owed = v.players[st.seat].discard_owed;
        if (v.phase === "discard") text = `Discard ${owed} card${owed === 1 ? "" : "s"}.`;
        else if (v.phase === "road_building") text = `Place ${v.free_roads} free road${v.free_roads === 1 ? "" : "s"}.`;
        else if (v.phase === "trade_response" && v.current !== st.seat) text = `${names(v.current)} offers you a trade.`;
        else text = `${v.current === st.seat || v.phase === "setup_settlement" ? "Your turn" : "You"}: ${words}.`;
      } else {
        const who = v.deciders.map(names).join(", ");
        text = `${who || names(v.current)}: ${words}…`;
      }
    }
    const parts = [h("span", { class: "turn" }, st.status === "in_progress" ? turnWords(v) : ""),
      st.view && st.status !== "open" ? swatch(v.phase === "game_over" ? v.winner ?? v.current : (v.deciders[0] ?? v.current)) : null,
      h("span", { class: "what" }, text)];
    if (st.seat === null) parts.push(h("span", { class: "badge" }, "watching"));
    if (st.deadline !== null && st.deadline !== undefined && st.legal.length) {
      parts.push(h("span", { class: "deadline", title: "time left for this decision; then a bot decides" }));
    }
    if (st.stand_in) parts.push(h("span", { class: "badge warn" }, "a bot is playing for you"));
    if (refusal) parts.push(h("div", { class: "refusal", role: "alert" }, refusalText(refusal)));
    put(el.status, ...parts);
    el.status.classList.toggle("mine", mine);
    tickDeadline();
  }

  // The turn timer's badge counts down each second between states (the server sends the
  // seconds left only with a state).
  function tickDeadline() {
    const badge = el.status.querySelector(".deadline");
    const st = current();
    if (!badge || !st || st.deadline === null || st.deadline === undefined) return;
    const left = Math.max(0, Math.ceil(st.deadline - (performance.now() - st.receivedAt) / 1000));
    badge.textContent = `${left} s`;
    badge.dataset.left = left;
    badge.classList.toggle("low", left <= 10);
  }
  const deadlineTimer = setInterval(tickDeadline, 500);

  function drawBoardFor(st, ctx) {
    const svg = drawBoard(st.view, {
      targets: ctx.targets, me: st.seat, recent, ...fx.boardMarks(),
      onPick: (t) => {
        if (t.actions.length === 1) act(ctx, t.actions[0]);
        else if (t.kind === "robber" || t.kind === "pirate") {
          chooseAction(`Move the robber to ${placeWords(ctx, t.name)}: steal from…`, t.actions, ctx);
        } else chooseAction(cap(placeWords(ctx, t.name)), t.actions, ctx);
      },
    });
    if (ctx.targets.length) svg.classList.add("picking");
    applyZoom(svg, zoom);
    put(el.board, svg);
    // On a narrow screen the board's box takes the board's shape (the 5–6 board is tall).
    const [, , w, hgt] = svg.dataset.base.split(" ").map(Number);
    el.board.parentElement.style.setProperty("--board-aspect", (w / hgt).toFixed(3));
  }

  function drawDice() {
    put(el.dice, lastDice ? [die(lastDice[0]), die(lastDice[1], true), h("span", { class: "sum" }, lastDice[0] + lastDice[1])] : null);
  }

  function drawHand(st, ctx) {
    if (!st.view.you) { put(el.hand); return; }
    const playable = new Set(["knight", "road-building", "year-of-plenty", "monopoly"].filter((k) => ctx.by[k]));
    put(el.hand, h("h2", { class: "sr" }, "Your hand"), handPanel(st.view, playable, (card) => playCard(ctx, card)));
  }

  function drawPlayers() {
    const st = current();
    if (!st) return;
    put(el.players, playersPanel(st.view, seats, names, st.seat));
    fx.decoratePlayers(el.players);
  }

  function drawChat() {
    put(el.chat, chat.slice(-100).map((c) => h("li", {}, h("b", {}, `${c.name || names(c.seat)}: `), c.text)));
    el.chat.scrollTop = el.chat.scrollHeight;
  }

  function addEvents(events, words) {
    const fresh = new Set();
    for (const e of events) {
      if (e.event === "roll") lastDice = e.dice;
      if (e.event === "road" || e.event === "ship") fresh.add(e.path);
      if (e.event === "ship_moved") fresh.add(e.to);
      if (e.event === "settlement" || e.event === "city") fresh.add(e.intersection);
    }
    // The server's words for these events (log.js): this page composes none.
    for (const { event, text } of logEntries(events, words)) {
      logLines.push(text);
      el.log.append(h("li", { class: event === "turn" ? "turn-line" : `ev-${event}` }, text));
    }
    if (events.length) recent = fresh;
    while (el.log.children.length > 5000) el.log.firstChild.remove();
    // Scrolled to the newest line once drawn (the first state comes before the page is).
    requestAnimationFrame(() => { el.log.scrollTop = el.log.scrollHeight; });
  }

  function playCard(ctx, card) {
    if (card === "year-of-plenty") yearOfPlentyPicker(ctx);
    else if (card === "monopoly") monopolyPicker(ctx);
    else act(ctx, ctx.by[card][0]);
  }

  function drawControls(st, ctx, legalChanged) {
    el.controls.classList.remove("sent");
    const { by } = ctx;
    const v = st.view;
    const out = [];
    const btn = (label, onclick, { key, cls = "", data, title } = {}) =>
      h("button", { class: `act ${cls}`, onclick, "data-act": data, "aria-keyshortcuts": key, title },
        label, key ? h("kbd", {}, key) : null);
    if (v.offer) out.push(offerBox(st, ctx));
    if (by.discard) {
      const owed = v.players[st.seat].discard_owed;
      out.push(btn(`Discard ${owed} cards…`, () => discardPicker(ctx, owed), { cls: "primary", data: "discard" }));
      if (legalChanged && !dialogOpen()) discardPicker(ctx, owed);
    }
    if (by.roll) out.push(btn(actionWords(by.roll[0], ctx), () => act(ctx, by.roll[0]), { key: "R", cls: "primary", data: "roll" }));
    const hx = v.helpers;
    if (hx && hx.look && by.take) out.push(h("p", { class: "hint" }, `${names(hx.victim)}'s hand: `, bundleView(hx.look)));
    if (ctx.targets.length) {
      const kinds = [...new Set(ctx.targets.map((t) => t.kind))];
      out.push(h("p", { class: "hint" }, `Tap a highlighted ${kinds.map(placeWord).join(" or ")} on the board.`));
    }
    if (by.maritime || by.offer) out.push(btn("Trade…", () => tradeDialog(ctx), { key: "T", data: "trade" }));
    for (const card of ["knight", "road-building", "year-of-plenty", "monopoly"]) {
      if (by[card]) out.push(btn(`Play ${devTitle(card)}`, () => playCard(ctx, card), { data: `play-${card}` }));
    }
    // Every other legal action (the helpers' advantages and choices): a button each, or a list.
    const rest = Object.keys(by).filter((k) => !HANDLED.has(k));
    for (const kw of rest) {
      const list = by[kw];
      if (list.length <= 4) for (const a of list) out.push(btn(actionWords(a, ctx), () => act(ctx, a), { data: a.text, title: a.text }));
      else out.push(btn(`${cap(kw)}…`, () => chooseAction(cap(kw), list, ctx), { data: kw }));
    }
    if (by.end) {
      const label = v.phase === "special_build" ? "Pass" : "End turn";
      out.push(btn(label, () => act(ctx, by.end[0]), { key: "E", cls: by.roll || ctx.targets.length ? "" : "end", data: "end" }));
    }
    if (st.status === "open") {
      // The creator's invite links, until every seat is taken.
      const free = new Set(seats.filter((x) => !x.taken).map((x) => x.seat));
      const invites = invitesOf(gameId).filter((i) => free.has(i.seat));
      if (invites.length) out.push(h("div", { class: "invites" }, h("h3", {}, "Invite links"), inviteList(invites)));
    }
    if (!out.length && st.seat !== null && st.status === "in_progress") out.push(h("p", { class: "hint" }, "Nothing to do until your turn."));
    put(el.controls, ...out);
  }

  function offerBox(st, ctx) {
    const o = st.view.offer;
    const { by } = ctx;
    const mineOffer = o.from === st.seat;
    const rows = [];
    const fromBot = seats[o.from] && seats[o.from].kind === "bot";
    if (mineOffer) {
      rows.push(h("p", {}, "You offer ", bundleView(o.give), " for ", bundleView(o.get), "."));
      const answers = st.view.players.filter((p) => p.seat !== st.seat).map((p) => {
        const key = `p${p.seat}`;
        const ans = o.answers[key] || "not asked";
        const counter = o.counters[key];
        const confirm = (by.confirm || []).find((a) => a.args[0] === key);
        // A counter is written from its maker's side; shown here from mine.
        return h("li", { class: `answer ${ans}` }, swatch(p.seat), ` ${names(p.seat)}: `,
          counter ? h("span", {}, "counters — you give ", bundleView(counter.get), " and get ", bundleView(counter.give)) : ans,
          confirm ? h("button", { class: "act primary small", "data-act": confirm.text, onclick: () => act(ctx, confirm) }, `Trade with ${names(p.seat)}`) : null);
      });
      rows.push(h("ul", { class: "answers" }, answers));
      if (by.cancel) rows.push(h("button", { class: "act", "data-act": "cancel", onclick: () => act(ctx, by.cancel[0]) }, "Withdraw offer"));
    } else {
      // The offer from this side: what I would give is what they get.
      rows.push(h("p", {}, `${names(o.from)} offers `, bundleView(o.give), " for your ", bundleView(o.get), "."));
      const mine = o.answers[`p${st.seat}`];
      if (mine && mine !== "pending") rows.push(h("p", { class: "muted" }, `You ${mine === "countered" ? "made a counter-offer" : mine}.`));
      const bs = [];
      if (by.accept) bs.push(h("button", { class: "act primary", "data-act": "accept", onclick: () => act(ctx, by.accept[0]) }, "Accept"));
      if (by.reject) bs.push(h("button", { class: "act", "data-act": "reject", onclick: () => act(ctx, by.reject[0]) }, "Reject"));
      if (by.counter) bs.push(h("button", { class: "act", "data-act": "counter", onclick: () => tradeDialog(ctx, { counter: true }) }, "Counter…"));
      if (bs.length) rows.push(h("div", { class: "row" }, bs));
      if (fromBot && st.seat !== null && st.bot_offers !== null && st.bot_offers !== undefined) {
        rows.push(h("label", { class: "check bot-offers" },
          h("input", { type: "checkbox", checked: st.bot_offers, "data-pref": "bot_offers",
            onchange: (e) => setBotOffers(e.target.checked) }),
          " Bots may offer me trades"));
      }
    }
    // A bot's offer waits for people this long, then is withdrawn (counted down here).
    const clock = st.offer_deadline !== null && st.offer_deadline !== undefined
      ? h("span", { class: "offer-clock", title: "the offer is withdrawn when the time is up" }) : null;
    const box = h("div", { class: "offer-box", "data-offer": o.id },
      h("h3", {}, "Trade offer ", h("span", { class: "offer-id muted", title: "each offer is numbered; an answer names the offer it answers" }, `#${o.id}`), clock),
      rows);
    tickOfferClock(box);
    return box;
  }

  // Bots' offers: the person's choice, kept for the next games and told to the server.
  // Bots' offers: one choice for this device's people (hotseat: all of them), kept for the
  // next games, told to the server for each seat held here.
  function setBotOffers(on) {
    localStorage.setItem("pysettlers.botOffers", on ? "1" : "0");
    for (const { seat } of held) {
      const sock = sockets.get(seat);
      if (sock) sock.setPrefs({ bot_offers: on });
    }
    drawBotOffersToggle();
  }
  function drawBotOffersToggle() {
    if (!botOffersToggle) return;
    const on = localStorage.getItem("pysettlers.botOffers") !== "0";
    botOffersToggle.setAttribute("aria-pressed", String(on));
    botOffersToggle.textContent = on ? "Bot offers: on" : "Bot offers: off";
  }
  function tickOfferClock(scope = el.controls) {
    const clock = scope.querySelector(".offer-clock");
    const st = current();
    if (!clock || !st || st.offer_deadline === null || st.offer_deadline === undefined) return;
    const left = Math.max(0, Math.ceil(st.offer_deadline - (performance.now() - st.receivedAt) / 1000));
    clock.textContent = ` ${left} s`;
    clock.classList.toggle("low", left <= 5);
  }
  const offerClockTimer = setInterval(() => tickOfferClock(), 500);

  // The results: every player's total and its breakdown, and the rematch (table.js).
  let overDialog = null;
  function gameOver(st) {
    if (!st) return;
    if (overDialog) overDialog.close();
    overDialog = dialog("Game over", gameOverView(st, { names, gameId, rematchBy }),
      { onClose: () => { overDialog = null; } });
  }

  // -- keyboard shortcuts for the common actions (only when they are legal) -----------------
  function onKey(e) {
    if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey || dialogOpen() || gate) return;
    const st = current();
    if (!st) return;
    const ctx = context(st);
    const k = e.key.toLowerCase();
    if (k === "r" && ctx.by.roll) act(ctx, ctx.by.roll[0]);
    else if (k === "e" && ctx.by.end) act(ctx, ctx.by.end[0]);
    else if (k === "b" && ctx.by.buy) act(ctx, ctx.by.buy[0]);
    else if (k === "t" && (ctx.by.maritime || ctx.by.offer)) tradeDialog(ctx);
    else return;
    e.preventDefault();
  }
  document.addEventListener("keydown", onKey);

  put(root, h("p", { class: "loading" }, "Connecting…"));
  if (gate) drawGate();
  return () => {
    clearInterval(deadlineTimer);
    clearInterval(offerClockTimer);
    document.removeEventListener("keydown", onKey);
    for (const s of sockets.values()) s.close();
    closeDialogs();
    fx.dispose();
    if (onLeave) onLeave();
  };
}

/** The status line's turn: the set-up's rounds by name (turn 0 is the set-up). */
function turnWords(v) {
  if (v.phase === "setup_settlement" || v.phase === "setup_road") {
    return v.setup_step >= v.players.length ? "Set-up, round 2" : "Set-up";
  }
  return `Turn ${v.turn}`;
}

function refusalText(msg) {
  return `Refused: ${msg.message}${msg.rule ? ` (rule: ${msg.rule})` : ""}`;
}

function placeWord(kind) {
  return { settlement: "corner", city: "settlement", road: "edge", bridge: "edge", ship: "edge", "move-ship": "edge", robber: "hex", pirate: "harbor", lin: "hex",
    vincent: "corner", william: "edge" }[kind] || "spot";
}

function cap(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}
