// The game screen's controls: what turns the legal actions the server listed into actions
// sent — the action buttons, the offer box with its answers, the hand's playable cards, a
// tap on a board target, the keyboard shortcuts — and the switch for bots' offers. A control
// is offered exactly when the legal list holds its action; the server judges what is sent.
//
// Not for: the pickers and dialogs (actions.js), the Building Costs card's build buttons and
// its placement mode (table.js), the socket (the `send` given to `contextFor`: game.js over
// connection.js), or the screen's state (screen.js).

import { invitesOf } from "./api.js";
import { inviteList } from "./lobby.js";
import { dialogOpen, h, pointVerb, put } from "./dom.js";
import {
  act, actionWords, analyse, placeWords, bundleView, chooseAction, discardPicker, monopolyPicker, targetWords,
  tradeDialog, yearOfPlentyPicker,
} from "./actions.js";
import { devTitle, handPanel, swatch } from "./panels.js";
import { hinted } from "./board.js";
import { botOffersOn } from "./screen.js";

// Handled by dedicated controls; every other keyword (a scenario's) gets a generic button.
const HANDLED = new Set(["roll", "end", "buy", "knight", "road-building", "year-of-plenty", "monopoly",
  "discard", "maritime", "offer", "accept", "reject", "counter", "confirm", "cancel",
  "settlement", "city", "road", "robber"]);

const PLAYABLE = ["knight", "road-building", "year-of-plenty", "monopoly"];

/**
 * The controls' context for state message `st` (actions.js's ctx): its legal actions parsed
 * and grouped, its board targets, and `send(text, outcome?)` answering `st`'s version.
 * `drawing`: the scenarios' drawing hints (board.js), which name their keywords' targets.
 */
export function contextFor(st, { names, manual, send, drawing = {} }) {
  const ctx = {
    legal: st.legal, view: st.view, seat: st.seat, names, manual, drawing,
    words: st.words || {}, places: st.places || {}, // the server's words for them
    send,
  };
  Object.assign(ctx, analyse(ctx));
  return ctx;
}

/** A tap on board target `t`: its one action, or a choice between its actions. */
export function pickTarget(ctx, t) {
  if (t.actions.length === 1) act(ctx, t.actions[0]);
  else chooseAction(targetWords(ctx, t, "choose") || cap(placeWords(ctx, t.name)), t.actions, ctx);
}

export function playCard(ctx, card) {
  if (card === "year-of-plenty") yearOfPlentyPicker(ctx);
  else if (card === "monopoly") monopolyPicker(ctx);
  else act(ctx, ctx.by[card][0]);
}

/** The seat's own hand (from `view.you` alone), its playable cards tappable. */
export function handFor(st, ctx) {
  if (!st.view.you) return [];
  const playable = new Set(PLAYABLE.filter((k) => ctx.by[k]));
  return [h("h2", { class: "sr" }, "Your hand"), handPanel(st.view, playable, (card) => playCard(ctx, card))];
}

/**
 * The action buttons for `st` into `box`. `legalChanged`: the legal list is new (an owed
 * discard opens its picker by itself once); `setBotOffers(on)`: the offer box's switch.
 */
export function drawControls(box, st, ctx, { legalChanged, names, seats, gameId, setBotOffers }) {
  box.classList.remove("sent");
  const { by } = ctx;
  const v = st.view;
  const out = [];
  const btn = (label, onclick, { key, cls = "", data, title } = {}) =>
    h("button", { class: `act ${cls}`, onclick, "data-act": data, "aria-keyshortcuts": key, title },
      label, key ? h("kbd", {}, key) : null);
  if (v.offer) out.push(offerBox(st, ctx, { names, seats, setBotOffers }));
  if (by.discard) {
    const owed = v.players[st.seat].discard_owed;
    out.push(btn(`Discard ${owed} cards…`, () => discardPicker(ctx, owed), { cls: "primary", data: "discard" }));
    if (legalChanged && !dialogOpen()) discardPicker(ctx, owed);
  }
  if (by.roll) out.push(btn(actionWords(by.roll[0], ctx), () => act(ctx, by.roll[0]), { key: "R", cls: "primary", data: "roll" }));
  // A scenario's bundle shown while its decision is open (its `reveal` hints: Hilde's look).
  for (const r of hinted(ctx.drawing, "reveal")) {
    const part = v[r.part];
    if (part && part[r.member] && by[r.when]) out.push(h("p", { class: "hint" }, r.words.replace("{name}", names(part[r.whose])), bundleView(part[r.member])));
  }
  if (ctx.targets.length) {
    const words = [...new Set(ctx.targets.map(placeWord))];
    out.push(h("p", { class: "hint" }, `${pointVerb()} a highlighted ${words.join(" or ")} on the board.`));
  }
  if (by.maritime || by.offer) out.push(btn("Trade…", () => tradeDialog(ctx), { key: "T", data: "trade" }));
  for (const card of PLAYABLE) {
    if (by[card]) out.push(btn(`Play ${devTitle(card)}`, () => playCard(ctx, card), { data: `play-${card}` }));
  }
  // Every other legal action (a scenario's: the helpers' advantages and choices): a button
  // each, or a list.
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
  put(box, ...out);
}

// The open domestic offer: the maker sees the answers and confirms or withdraws; the others
// accept, reject or counter it.
function offerBox(st, ctx, { names, seats, setBotOffers }) {
  const o = st.view.offer;
  const rows = o.from === st.seat ? offerMade(st, ctx, names) : offerToMe(st, ctx, { names, seats, setBotOffers });
  // A bot's offer waits for people this long, then is withdrawn (counted down here).
  const clock = st.offer_deadline !== null && st.offer_deadline !== undefined
    ? h("span", { class: "offer-clock", title: "the offer is withdrawn when the time is up" }) : null;
  const box = h("div", { class: "offer-box", "data-offer": o.id },
    h("h3", {}, "Trade offer ", h("span", { class: "offer-id muted", title: "each offer is numbered; an answer names the offer it answers" }, `#${o.id}`), clock),
    rows);
  tickOfferClock(box, st);
  return box;
}

function offerMade(st, ctx, names) {
  const o = st.view.offer;
  const { by } = ctx;
  const rows = [h("p", {}, "You offer ", bundleView(o.give), " for ", tail(bundleView(o.get)))];
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
  return rows;
}

function offerToMe(st, ctx, { names, seats, setBotOffers }) {
  const o = st.view.offer;
  const { by } = ctx;
  // The offer from this side: what I would give is what they get.
  const rows = [h("p", {}, `${names(o.from)} offers `, bundleView(o.give), " for your ", tail(bundleView(o.get)))];
  const mine = o.answers[`p${st.seat}`];
  if (mine && mine !== "pending") rows.push(h("p", { class: "muted" }, `You ${mine === "countered" ? "made a counter-offer" : mine}.`));
  const bs = [];
  if (by.accept) bs.push(h("button", { class: "act primary", "data-act": "accept", onclick: () => act(ctx, by.accept[0]) }, "Accept"));
  if (by.reject) bs.push(h("button", { class: "act", "data-act": "reject", onclick: () => act(ctx, by.reject[0]) }, "Reject"));
  if (by.counter) bs.push(h("button", { class: "act", "data-act": "counter", onclick: () => tradeDialog(ctx, { counter: true }) }, "Counter…"));
  if (bs.length) rows.push(h("div", { class: "row" }, bs));
  const fromBot = seats[o.from] && seats[o.from].kind === "bot";
  if (fromBot && st.seat !== null && st.bot_offers !== null && st.bot_offers !== undefined) {
    rows.push(h("label", { class: "check bot-offers" },
      h("input", { type: "checkbox", checked: st.bot_offers, "data-pref": "bot_offers",
        onchange: (e) => setBotOffers(e.target.checked) }),
      " Bots may offer me trades"));
  }
  return rows;
}

/** The offer box's countdown (under `scope`), from the seconds left when `st` came. */
export function tickOfferClock(scope, st) {
  const clock = scope.querySelector(".offer-clock");
  if (!clock || !st || st.offer_deadline === null || st.offer_deadline === undefined) return;
  const left = Math.max(0, Math.ceil(st.offer_deadline - (performance.now() - st.receivedAt) / 1000));
  clock.textContent = ` ${left} s`;
  clock.classList.toggle("low", left <= 5);
}

/** A keyboard shortcut for a common action, when it is legal: whether `key` was one. */
export function shortcut(key, ctx) {
  const k = key.toLowerCase();
  if (k === "r" && ctx.by.roll) act(ctx, ctx.by.roll[0]);
  else if (k === "e" && ctx.by.end) act(ctx, ctx.by.end[0]);
  else if (k === "b" && ctx.by.buy) act(ctx, ctx.by.buy[0]);
  else if (k === "t" && (ctx.by.maritime || ctx.by.offer)) tradeDialog(ctx);
  else return false;
  return true;
}

/** The header's switch for bots' domestic offers to this device's people. */
export function botOffersToggle(onclick) {
  const button = h("button", { class: "header-toggle bot-offers-toggle", "data-pref": "bot_offers",
    title: "Whether bots may offer you domestic trades", onclick });
  drawBotOffersToggle(button);
  return button;
}

export function drawBotOffersToggle(button) {
  const on = botOffersOn();
  button.setAttribute("aria-pressed", String(on));
  button.textContent = on ? "Bot offers: on" : "Bot offers: off";
}

/** What to tap for target `t`: a city goes on a settlement, else the place's kind. */
function placeWord(t) {
  if (t.kind === "city") return "settlement";
  return { node: "corner", edge: "edge", hex: "hex", harbor: "harbor" }[t.type] || "spot";
}

function cap(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** A sentence's last cards and its full stop, the stop kept on the line of the last card
 * (never a "." alone on the next line); the cards before it wrap as they must. */
function tail(cards) {
  const last = cards.lastElementChild;
  if (!last) return h("span", {}, cards, ".");
  const glued = h("span", { class: "nowrap" });
  last.replaceWith(glued);
  glued.append(last, ".");
  return cards;
}
