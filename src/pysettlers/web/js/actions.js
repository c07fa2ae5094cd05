// What the seat may do now, as controls: buttons, pickers, the trade composer, board targets.
// Everything offered comes from the legal list the server sent (`ctx.legal`); composite
// actions the server lists in unit form (one-card discards, 1-for-1 offers, one maritime
// trade at the best rate) are composed here into the bundle the player chose, and the server
// judges it. No rule is re-written here: a picker only bounds counts by the cards shown.

import { h } from "./dom.js";
import { dialog } from "./focus.js"; // (dom.js's, holding the keyboard's focus)
import { RESOURCE_COLOUR, mergedHints } from "./board.js";
import {
  DEV_CARDS, RESOURCES, bundleSize, formatBundle, parseAction, parseBundle, parsePlayers, placeOf,
} from "./notation.js";

/**
 * ctx: {legal: [string], view, seat, names: (seat) => string, send(text, outcome?),
 *       words: {notation: label}, places: {place name: words} (the server's words),
 *       manual: bool (real dice: the player enters chance outcomes),
 *       drawing: the scenarios' drawing hints (board.js; their `targets` and `chance`)}
 */
export function analyse(ctx) {
  const acts = ctx.legal.map(parseAction);
  const by = {};
  for (const a of acts) (by[a.kw] = by[a.kw] || []).push(a);
  // Board targets: one per place, holding every action that points there.
  const hints = mergedHints(ctx.drawing, "targets");
  const places = new Map();
  for (const a of acts) {
    const p = placeOf(a, hints);
    if (!p) continue;
    const key = `${p.type}:${p.name}`;
    if (!places.has(key)) places.set(key, { ...p, kind: a.kw, actions: [], label: "" });
    places.get(key).actions.push(a);
  }
  for (const t of places.values()) t.label = targetLabel(t, ctx);
  return { acts, by, targets: [...places.values()] };
}

// The base game's words for a place several actions point at (a scenario's: its `targets`
// hint's `several` and `choose`), `{place}` the place's words.
const ROBBER = { several: "Move the robber to {place}", choose: "Move the robber to {place}: steal from…" };

/** The words of `t`, a target several actions point at: `which` is "several" or "choose". */
export function targetWords(ctx, t, which) {
  const hint = t.kind === "robber" ? ROBBER : mergedHints(ctx.drawing, "targets")[t.kind];
  const said = hint && hint[which];
  return said ? said.replace("{place}", placeWords(ctx, t.name)) : null;
}

function targetLabel(t, ctx) {
  // The server's words (state message `words` and `places`: pysettlers.words); the
  // notation's name of the place stays in the tooltip (board.js) and in what is sent.
  const a = t.actions[0];
  if (t.actions.length === 1) return actionWords(a, ctx);
  const lead = targetWords(ctx, t, "several") || `${cap(a.kw)}: ${placeWords(ctx, t.name)}`;
  // The choice the place holds, as its dialog names it: a hex of several victims says whom
  // the robber may steal from ("…: steal from Bo (2 cards) or Cy (1 card)").
  const choices = tails(t.actions.map((x) => actionWords(x, ctx)));
  return choices ? `${lead}: ${oneOf(choices)}` : lead;
}

/** ["steal from Bo (2 cards)", "steal from Cy (1 card)"] → "steal from Bo (2 cards) or Cy
 * (1 card)": the words they share said once. */
function oneOf(choices) {
  let n = 0;
  while (choices.every((c) => c[n] !== undefined && c[n] === choices[0][n])) n++;
  const cut = choices[0].slice(0, n).lastIndexOf(" ") + 1; // (at a word's start)
  const all = choices.map((c, i) => (i ? c.slice(cut) : c));
  return `${all.slice(0, -1).join(", ")} or ${all[all.length - 1]}`;
}

/** A place of the board (its notation name) in the server's words, else its name. */
export function placeWords(ctx, name) {
  return (ctx.places && ctx.places[name]) || name;
}

function cap(w) {
  return w ? w[0].toUpperCase() + w.slice(1) : w;
}

/** "1lumber+1wool" → "1 lumber, 1 wool". */
function bundleWords(text) {
  const b = parseBundle(text);
  return RESOURCES.filter((r) => b[r]).map((r) => `${b[r]} ${r}`).join(", ") || "nothing";
}

/**
 * What an action does, in words (buttons, choosers, the generic list): the label the server
 * sent with the legal actions (`ctx.words`, pysettlers.words), e.g. "Move the robber to the
 * 6 fields and steal from Anna (5 cards)". The server sends none for the actions composed
 * here from unit forms (discards, offers, counters, maritime trades): those are said here.
 */
export function actionWords(a, ctx) {
  const said = ctx && ctx.words && ctx.words[a.text];
  if (said) return said;
  const args = a.args;
  switch (a.kw) {
    case "discard": return `Discard ${bundleWords(args[0])}`;
    case "maritime": return `Trade ${bundleWords(args[0])} with the bank for ${bundleWords(args[2])}`;
    case "offer": return `Offer ${bundleWords(args[0])} for ${bundleWords(args[2])}`;
    case "counter": return `Counter: give ${bundleWords(args[0])} for ${bundleWords(args[2])}`;
    default: return `${cap(a.kw)} ${args.join(" ")}`.trim();
  }
}

// -- small widgets ------------------------------------------------------------------------------

export function resChip(r, count, attrs = {}) {
  return h("span", { class: `res res-${r}`, style: `--c:${RESOURCE_COLOUR[r]}`, title: r, ...attrs },
    h("span", { class: "res-name" }, r), count !== undefined ? h("b", {}, count) : null);
}

export function bundleView(text) {
  const b = typeof text === "string" ? parseBundle(text) : text;
  const items = RESOURCES.filter((r) => b[r]).map((r) => resChip(r, b[r]));
  return h("span", { class: "bundle" }, items.length ? items : h("i", {}, "nothing"));
}

/** A row of resource steppers: value {res: n}; max(r) bounds each; onChange(value). */
function stepper(allowed, value, max, onChange) {
  const row = h("div", { class: "stepper" });
  const draw = () => {
    row.replaceChildren(...RESOURCES.map((r) => {
      const n = value[r] || 0;
      const ok = allowed.has(r);
      return h("div", { class: `step ${ok ? "" : "off"}` },
        h("button", { class: "step-up res-btn", style: `--c:${RESOURCE_COLOUR[r]}`, disabled: !ok || n >= max(r),
          "aria-label": `add ${r}`, "data-res": r,
          onclick: () => { value[r] = n + 1; draw(); onChange(value); } },
          h("span", { class: "res-name" }, r), h("b", {}, n)),
        h("button", { class: "step-down", disabled: !ok || n <= 0, "aria-label": `remove ${r}`,
          onclick: () => { value[r] = n - 1; draw(); onChange(value); } }, "−"));
    }));
  };
  draw();
  return row;
}

// -- choosers -----------------------------------------------------------------------------------

/** Several actions at one place (the robber's victims, a helper): pick one. */
export function chooseAction(title, actions, ctx) {
  const labels = unshared(actions.map((a) => actionWords(a, ctx)));
  const d = dialog(title, h("div", { class: "choices" },
    actions.map((a, i) => h("button", { class: "choice", title: a.text, onclick: () => { d.close(); act(ctx, a); } },
      labels[i]))));
}

/**
 * Several labels without the lead they all share up to an " and " (the dialog's title says
 * it): "Move the robber to the 6 fields and steal from Bo (5 cards)" → "Steal from Bo (5 cards)".
 */
function unshared(labels) {
  const rest = tails(labels);
  return rest ? rest.map(cap) : labels;
}

/** What follows the lead several labels share up to an " and " (null: none shared). */
function tails(labels) {
  if (labels.length < 2) return null;
  let n = 0;
  while (labels.every((l) => l[n] !== undefined && l[n] === labels[0][n])) n++;
  const cut = labels[0].slice(0, n).lastIndexOf(" and ");
  return cut < 0 ? null : labels.map((l) => l.slice(cut + 5));
}

/** Send an action; with real dice, ask for the chance outcome first. */
export function act(ctx, a) {
  const chance = ctx.manual ? chanceOf(a, ctx) : null;
  if (!chance) { ctx.send(a.text); return; }
  askOutcome(chance, (outcome) => ctx.send(a.text, outcome));
}

/**
 * Which chance outcome an action needs at a real table (protocol: manual_chance): the base
 * game's, or a scenario's from its drawing hints' `chance` ({outcome: "stolen", victim: the
 * argument naming the victim} or {outcome: "typed", title, placeholder}).
 */
function chanceOf(a, ctx) {
  if (a.kw === "roll") return "dice";
  if (a.kw === "buy") return "card";
  const hint = a.kw === "robber" ? { outcome: "stolen", victim: 1 } : mergedHints(ctx.drawing, "chance")[a.kw];
  if (!hint) return null;
  if (hint.outcome === "stolen") {
    const named = a.args[hint.victim];
    if (!named) return null;
    // A victim with no cards (public: the hand size) gives nothing: there is no card to name.
    const victim = ctx.view.players[Number(named.slice(1))];
    return victim && victim.hand_size > 0 ? "stolen" : null;
  }
  return hint;
}

function askOutcome(kind, done) {
  if (kind === "dice") {
    const dice = [0, 0];
    const ok = h("button", { class: "primary", disabled: true, onclick: () => { d.close(); done(`${dice[0]}+${dice[1]}`); } }, "Roll entered");
    const die = (i) => h("div", { class: "die-pick" }, [1, 2, 3, 4, 5, 6].map((n) =>
      h("button", { class: "die-btn", "data-die": `${i}-${n}`, onclick: (e) => {
        dice[i] = n;
        for (const b of e.target.closest(".die-pick").children) b.classList.toggle("on", b === e.currentTarget);
        ok.disabled = !(dice[0] && dice[1]);
      } }, n)));
    const d = dialog("Enter the dice rolled at the table", h("div", {}, h("p", {}, "First die"), die(0), h("p", {}, "Second die"), die(1), h("div", { class: "row end" }, ok)));
    return;
  }
  if (kind === "card") {
    const d = dialog("Which card was drawn?", h("div", { class: "choices" }, DEV_CARDS.map((c) =>
      h("button", { class: "choice", onclick: () => { d.close(); done(c); } }, c))));
    return;
  }
  if (kind === "stolen") {
    const d = dialog("Which card was taken?", h("div", { class: "choices" }, RESOURCES.map((r) =>
      h("button", { class: "choice", onclick: () => { d.close(); done(r); } }, resChip(r)))));
    return;
  }
  // An outcome typed in the notation (`kind`: a `chance` hint's {title, placeholder}).
  const input = h("input", { placeholder: kind.placeholder || "" });
  const d = dialog(kind.title || "The outcome", h("div", {}, input,
    h("button", { class: "primary", onclick: () => { d.close(); done(input.value.trim()); } }, "OK")));
}

// -- the pickers for composite actions ----------------------------------------------------------

/** Discard: pick exactly the count owed from the hand (the server's "discard half"). */
export function discardPicker(ctx, owed) {
  const hand = ctx.view.you.hand;
  const allowed = new Set(ctx.by.discard.map((a) => Object.keys(parseBundle(a.args[0]))[0]));
  const value = {};
  const send = h("button", { class: "primary", disabled: true, onclick: () => { d.close(); ctx.send(`p${ctx.seat} discard ${formatBundle(value)}`); } },
    `Discard ${owed}`);
  const left = h("span", { class: "muted" });
  // The hand beside the choice (the dialog covers the hand panel): what is held, and what
  // would be kept after this discard.
  const held = RESOURCES.reduce((n, r) => n + (hand[r] || 0), 0);
  const keep = h("span", { class: "discard-keep" });
  const update = () => {
    const n = bundleSize(value);
    send.disabled = n !== owed;
    left.textContent = n === owed ? "Ready." : `Choose ${owed - n} more.`;
    const kept = Object.fromEntries(RESOURCES.map((r) => [r, (hand[r] || 0) - (value[r] || 0)]));
    keep.replaceChildren(`You keep ${held - n}: `, bundleView(kept));
  };
  const d = dialog(`Discard ${owed} card${owed === 1 ? "" : "s"}`, h("div", { class: "discard" },
    h("p", {}, "A 7 was rolled and you hold too many cards. Pick the cards to give back."),
    h("p", { class: "discard-hand", "data-held": held }, `You hold ${held} cards: `, bundleView(hand)),
    stepper(allowed, value, (r) => Math.min(hand[r], owed - bundleSize(value) + (value[r] || 0)), update),
    h("p", { class: "discard-hand" }, keep),
    h("div", { class: "row end" }, left, send)), { className: "sheet" });
  update();
  return d;
}

export function yearOfPlentyPicker(ctx) {
  const options = new Map(ctx.by["year-of-plenty"].map((a) => [a.args.join(" "), a]));
  const chosen = [];
  const take = h("button", { class: "primary", disabled: true, onclick: () => { d.close(); act(ctx, match()); } }, "Take them");
  const shown = h("div", { class: "chosen" });
  const match = () => options.get(sorted().join(" "));
  const sorted = () => [...chosen].sort((a, b) => RESOURCES.indexOf(a) - RESOURCES.indexOf(b));
  const update = () => {
    shown.replaceChildren(...chosen.map((r) => resChip(r)));
    take.disabled = !match();
  };
  const avail = new Set([...options.keys()].flatMap((k) => k.split(" ")));
  const d = dialog("Year of Plenty: take two resources", h("div", {},
    h("div", { class: "choices res-row" }, RESOURCES.filter((r) => avail.has(r)).map((r) =>
      h("button", { class: "res-btn", style: `--c:${RESOURCE_COLOUR[r]}`, "data-res": r, onclick: () => { if (chosen.length >= 2) chosen.shift(); chosen.push(r); update(); } },
        h("span", { class: "res-name" }, r)))),
    shown, h("div", { class: "row end" },
      h("button", { onclick: () => { chosen.length = 0; update(); } }, "Clear"), take)));
}

export function monopolyPicker(ctx) {
  const d = dialog("Monopoly: name a resource", h("div", { class: "choices res-row" },
    ctx.by.monopoly.map((a) => h("button", { class: "res-btn", style: `--c:${RESOURCE_COLOUR[a.args[0]]}`, "data-res": a.args[0],
      onclick: () => { d.close(); act(ctx, a); } }, h("span", { class: "res-name" }, a.args[0])))));
}

/**
 * The trade dialog: the bank (maritime, at the player's rates) and other players (an offer
 * to all or chosen players). `counter`: compose a counter-offer to the offer in the view.
 */
export function tradeDialog(ctx, { tab = null, counter = false } = {}) {
  const hand = ctx.view.you.hand;
  const body = h("div", { class: "trade" });
  const tabs = [];
  const hasBank = !counter && ctx.by.maritime;
  // The bank's tab is there even when no bank trade is possible now (it says what one
  // needs): a new player learns the bank exists.
  const bankTab = !counter;
  const hasOffer = counter ? ctx.by.counter : ctx.by.offer;
  const d = dialog(counter ? "Counter-offer" : "Trade", body, { className: "sheet", beside: true });
  const show = (which) => {
    for (const t of tabs) t.classList.toggle("on", t.dataset.tab === which);
    body.querySelector(".tab-body").replaceChildren(which === "bank" ? bankPane(ctx, d, hand) : offerPane(ctx, d, hand, counter));
  };
  const head = h("div", { class: "tabs" });
  if (hasOffer) tabs.push(h("button", { "data-tab": "players", onclick: () => show("players") }, counter ? "Your terms" : "Players"));
  if (bankTab) {
    tabs.push(h("button", { "data-tab": "bank", class: hasBank ? "" : "none-now", onclick: () => show("bank"),
      title: hasBank ? null : "no bank trade now: see what one needs" }, "Bank & harbors"));
  }
  head.append(...tabs);
  body.append(head, h("div", { class: "tab-body" }));
  show(tab && (tab === "bank" ? hasBank : hasOffer) ? tab : hasOffer ? "players" : "bank");
  return d;
}

function bankPane(ctx, d, hand) {
  // Unit trades from the legal list: "p0 maritime 4ore for 1brick" — the rate per resource.
  const rate = {};
  const gets = new Set();
  for (const a of ctx.by.maritime || []) {
    const give = parseBundle(a.args[0]);
    const [r] = Object.keys(give);
    rate[r] = give[r];
    gets.add(Object.keys(parseBundle(a.args[2]))[0]);
  }
  let give = null, get = null, times = 1;
  const pane = h("div", { class: "bank" });
  const draw = () => {
    const ratios = ctx.view.players[ctx.seat].trade_ratios;
    const max = give ? Math.floor(hand[give] / rate[give]) : 0;
    times = Math.max(1, Math.min(times, max || 1));
    const text = give && get ? `p${ctx.seat} maritime ${rate[give] * times}${give} for ${times}${get}` : null;
    pane.replaceChildren(
      h("p", { class: "muted" }, "Your rates: ", RESOURCES.map((r) => h("span", { class: "rate" }, `${ratios[r]}:1 ${r}`))),
      // None of the legal actions is a bank trade: say what one takes (the rates above are
      // this player's, from the view).
      ctx.by.maritime ? null : h("p", { class: "hint bank-needs" },
        "You cannot trade with the bank now: it takes 4 of one resource for 1 of another, ",
        "or 3 or 2 at your harbors (your rates above)."),
      h("h3", {}, "Give"),
      h("div", { class: "choices res-row" }, RESOURCES.map((r) => h("button", {
        class: `res-btn ${give === r ? "on" : ""}`, style: `--c:${RESOURCE_COLOUR[r]}`, disabled: !(r in rate), "data-give": r,
        onclick: () => { give = r; if (get === r) get = null; draw(); },
      }, h("span", { class: "res-name" }, r), h("b", {}, r in rate ? `${rate[r]}:1` : `${ratios[r]}:1`)))),
      h("h3", {}, "Get"),
      h("div", { class: "choices res-row" }, RESOURCES.map((r) => h("button", {
        class: `res-btn ${get === r ? "on" : ""}`, style: `--c:${RESOURCE_COLOUR[r]}`, disabled: !gets.has(r) || r === give, "data-get": r,
        onclick: () => { get = r; draw(); },
      }, h("span", { class: "res-name" }, r)))),
      h("div", { class: "row end" },
        max > 1 ? h("label", {}, "Times ", h("input", { type: "number", min: 1, max, value: times, class: "times",
          onchange: (e) => { times = Number(e.target.value) || 1; draw(); } })) : null,
        h("button", { class: "primary", disabled: !text, "data-send": "maritime",
          onclick: () => { d.close(); ctx.send(text); } },
        give && get ? `Trade ${rate[give] * times} ${give} for ${times} ${get}` : "Choose what to give and get")));
  };
  draw();
  return pane;
}

function offerPane(ctx, d, hand, counter) {
  // The unit offers list which resources may be given and asked for, and to whom.
  const list = counter ? ctx.by.counter : ctx.by.offer;
  const gives = new Set(), gets = new Set();
  let to = [];
  for (const a of list) {
    gives.add(Object.keys(parseBundle(a.args[0]))[0]);
    gets.add(Object.keys(parseBundle(a.args[2]))[0]);
    if (!counter) to = parsePlayers(a.args[4]);
  }
  const give = {}, get = {};
  if (counter && ctx.view.offer) {
    // Start from the offer as it stands, seen from this side.
    Object.assign(give, parseBundle(ctx.view.offer.get));
    Object.assign(get, parseBundle(ctx.view.offer.give));
  }
  const chosen = new Set(to);
  const send = h("button", { class: "primary", "data-send": counter ? "counter" : "offer" });
  const update = () => {
    const ok = bundleSize(give) > 0 && bundleSize(get) > 0 && (counter || chosen.size > 0)
      && !RESOURCES.some((r) => give[r] && get[r]);
    send.disabled = !ok;
    send.textContent = counter ? "Send counter-offer" : chosen.size === to.length ? "Offer to everyone" : "Offer to chosen players";
  };
  send.onclick = () => {
    d.close();
    const terms = `${formatBundle(give)} for ${formatBundle(get)}`;
    // A counter-offer names the offer it answers: never one the player did not see.
    if (counter) ctx.send(`p${ctx.seat} counter ${terms} #${ctx.view.offer.id}`);
    else ctx.send(`p${ctx.seat} offer ${terms} to ${[...chosen].sort().map((q) => `p${q}`).join(",")}`);
  };
  const pane = h("div", { class: "offer-compose" },
    h("h3", {}, "You give"),
    stepper(gives, give, (r) => hand[r], update),
    h("h3", {}, "You get"),
    stepper(gets, get, () => 19, update),
    counter ? null : h("div", { class: "to" }, h("h3", {}, "To"),
      to.map((q) => h("label", { class: "check" },
        h("input", { type: "checkbox", checked: true, "data-to": q, onchange: (e) => { if (e.target.checked) chosen.add(q); else chosen.delete(q); update(); } }),
        ctx.names(q)))),
    h("div", { class: "row end" }, send));
  update();
  return pane;
}
