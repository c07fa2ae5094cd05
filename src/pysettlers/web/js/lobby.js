// The lobby: create a game (seats human or bot, every rules option the server takes), invite
// links per seat, the lists of open, running and finished games, join, watch, resume.

import { api, gamesHeld, playerName, saveInvites, saveSeat, seatsHeld, setPlayerName } from "./api.js";
import { h, put, toast } from "./dom.js";
import { swatch } from "./panels.js";
import { drawBoard } from "./board.js";

// The levels first (bots/levels.py: each a documented bot and options, spaced by measured
// rating), then the bots they are made of, by name.
const BOTS = [
  ["easy", "Easy"],
  ["medium", "Medium"],
  ["hard", "Hard"],
  ["expert", "Expert (searches; slower)"],
  ["random", "Random (plays any legal move)"],
  ["weighted", "Weighted (plain medium)"],
  ["greedy", "Greedy (plain hard)"],
];

/** The options panel of one bot seat, drawn from the bot's option specs (the schema's
 * `bots`, declared once in Python: bots/options.py `OptionSpec`) and redrawn for the bot
 * chosen: a checkbox for a bool, a list for a choice, a number within its range; `value()`
 * the options that differ from their defaults (only those are sent). */
function botOptions(i, botSelect, specs) {
  const box = h("details", { class: "bot-opts", "data-opts": i },
    h("summary", { title: "the bot's options", "aria-label": "bot options" }, "⚙"));
  let inputs = [];
  const draw = () => {
    inputs = (specs[botSelect.value] || []).map((o) => {
      const name = `seat${i}-${o.key}`;
      let input;
      if (o.kind === "bool") input = h("input", { type: "checkbox", name, checked: o.default });
      else if (o.kind === "choice") input = select(name, o.choices.map((c) => [c, c]), o.default);
      else input = h("input", { type: "number", name, value: o.default, min: o.lo, max: o.hi, step: o.step });
      const row = o.kind === "bool" ? h("label", { class: "check small" }, input, o.label)
        : h("label", { class: "opt" }, h("span", {}, o.label), input);
      return { o, input, row };
    });
    box.replaceChildren(box.firstChild, ...inputs.map((x) => x.row));
    box.hidden = !inputs.length;
  };
  botSelect.addEventListener("change", draw);
  draw();
  const value = () => {
    const out = {};
    for (const { o, input } of inputs) {
      if (o.kind === "number" && (input.value === "" || Number.isNaN(Number(input.value)))) continue;
      const v = o.kind === "bool" ? input.checked : o.kind === "choice" ? input.value : Number(input.value);
      if (v !== o.default) out[o.key] = v;
    }
    return out;
  };
  return { box, value };
}

export function openLobby(root) {
  const lists = h("div", { class: "lists" });
  const form = createForm(root);
  put(root, h("div", { class: "page lobby" },
    h("header", { class: "lobby-head" }, h("h1", {}, "pysettlers"),
      h("nav", {}, h("a", { href: "#/replay" }, "Replay a record file"))),
    h("div", { class: "lobby-grid" }, form, lists)));
  let stop = false;
  const refresh = async () => {
    if (stop) return;
    try { await drawLists(lists); } catch (e) { put(lists, h("p", { class: "error" }, `The lobby cannot be read: ${e.message}`)); }
  };
  refresh();
  const timer = setInterval(refresh, 5000);
  return () => { stop = true; clearInterval(timer); };
}

function field(label, input, note) {
  return h("label", { class: "field" }, h("span", {}, label), input, note ? h("small", {}, note) : null);
}

function select(name, options, value) {
  return h("select", { name }, options.map(([v, t]) => h("option", { value: v, selected: v === value }, t)));
}

// The options of a new game come from the server (GET /api/rules/schema, made from their
// declarations: engine/options.py and server/options.py): this file holds no option list,
// only how each type of option is drawn and read back.
let schemaRequest = null;
function optionsSchema() {
  schemaRequest ??= fetch("/api/rules/schema").then((r) => {
    if (!r.ok) throw new Error(`the options cannot be read (${r.status})`);
    return r.json();
  });
  return schemaRequest;
}

/** A choice of bots (the stand-in) in the lobby's words and order for bots: the levels
 * first; other choices as the schema has them. */
function choiceWords(choices) {
  const words = Object.fromEntries(BOTS);
  if (!choices.every(([v]) => v in words)) return choices;
  const offered = new Set(choices.map(([v]) => v));
  return BOTS.filter(([v]) => offered.has(v));
}

/** One option's input by its declared type: `row` to show, `read()` its value (undefined:
 * none given, the server's default), `input` (a list option: `boxes`). */
function optionInput(o) {
  if (o.type === "bool") {
    const input = h("input", { type: "checkbox", name: o.name, checked: o.default });
    const box = h("label", { class: "check", title: o.help }, input, o.label);
    const row = o.note ? h("div", { class: "check-field" }, box, h("small", {}, o.note)) : box;
    return { o, input, row, read: () => input.checked };
  }
  if (o.type === "choices" && o.folded) {
    // One box per choice (data-alt: the choice), folded away under the option's label.
    const boxes = o.choices.map(([v, words]) => [v, words, h("input", { type: "checkbox", name: `${o.name}-${v}`, "data-alt": v })]);
    const row = h("details", { class: o.group }, h("summary", {}, o.label),
      ...boxes.map(([, words, box]) => h("label", { class: "check" }, box, words)));
    return { o, boxes, row, read: () => boxes.filter(([, , box]) => box.checked).map(([v]) => v) };
  }
  if (o.type === "choices") {
    // One box per choice drawn as a true-or-false option's (the scenarios: name = the
    // choice, its note under it); the group's heading names the list.
    const notes = o.choice_notes || [];
    const boxes = o.choices.map(([v, words]) => [v, words, h("input", { type: "checkbox", name: v, "data-alt": v })]);
    const row = h("div", { class: "check-list" }, ...boxes.map(([, words, input], i) => {
      const box = h("label", { class: "check", title: o.help }, input, words);
      return notes[i] ? h("div", { class: "check-field" }, box, h("small", {}, notes[i])) : box;
    }));
    return { o, boxes, row, read: () => boxes.filter(([, , box]) => box.checked).map(([v]) => v) };
  }
  if (o.type === "choice" || (o.type === "int" && o.unit)) {
    const choices = o.type === "choice" ? choiceWords(o.choices)
      : Array.from({ length: o.high - o.low + 1 }, (_, i) => [String(o.low + i), `${o.low + i} ${o.unit}`]);
    const input = select(o.name, choices, String(o.default));
    const row = field(o.label, input, o.note);
    return { o, input, row, read: () => (o.type === "int" ? Number(input.value) : input.value) };
  }
  if (o.type === "int" || o.type === "number") {
    const attrs = { name: o.name, type: "number", placeholder: o.placeholder || "" };
    if (o.low !== undefined) attrs.min = o.low;
    if (o.high !== undefined && o.high < 2 ** 53) attrs.max = o.high;
    if (o.step !== undefined) attrs.step = o.step;
    if (!o.optional && !o.placeholder) attrs.value = o.default; // else the placeholder says it
    const input = h("input", attrs);
    const read = () => (input.value === "" || Number.isNaN(Number(input.value)) ? undefined : Number(input.value));
    return { o, input, row: field(o.label, input, o.note), read };
  }
  const input = h("input", { name: o.name, value: o.default ?? "", placeholder: o.placeholder || "" });
  return { o, input, row: field(o.label, input, o.note), read: () => input.value || undefined };
}

/** The form's inputs of a list of options, by name. */
function optionInputs(options) {
  return Object.fromEntries(options.map((o) => [o.name, optionInput(o)]));
}

/** What the inputs say, by option name: only what was given (the server has the defaults). */
function readOptions(inputs, players) {
  const out = {};
  for (const [name, x] of Object.entries(inputs)) {
    if (x.o.min_players && players < x.o.min_players) continue; // not in play: hidden
    const v = x.read();
    if (v === undefined || (Array.isArray(v) && !v.length)) continue;
    if (x.o.type === "bool" && x.o.default === false && v === false) continue; // written only when on
    out[name] = v;
  }
  return out;
}

function createForm(root) {
  const form = h("form", { class: "card create" }, h("h2", {}, "New game"), h("p", { class: "muted" }, "…"));
  optionsSchema().then((schema) => fillForm(form, schema),
    (e) => put(form, h("p", { class: "error" }, `The lobby cannot be read: ${e.message}`)));
  return form;
}

function fillForm(form, schema) {
  const name = h("input", { name: "player_name", value: playerName(), placeholder: "Your name", maxlength: 40, required: true });
  const seatsBox = h("div", { class: "seats-edit" });
  const rulesIn = optionInputs(schema.rules);
  const gameIn = optionInputs(schema.game);
  const players = rulesIn.players.input;
  const seed = rulesIn.seed.input;
  const hotseat = h("input", { type: "checkbox", name: "hotseat" });
  const gameName = h("input", { name: "name", placeholder: "pysettlers game", maxlength: 40 });

  const seatRows = [];
  // What each human seat's row says: "you" for the first (the creator's); the others a name
  // field in hotseat, else "invite link".
  const syncHumans = () => {
    const first = seatRows.findIndex((r) => r.kind.value === "human");
    seatRows.forEach((r, i) => {
      const human = r.kind.value === "human";
      const typing = human && hotseat.checked && i !== first;
      r.seatName.hidden = !typing;
      r.note.hidden = !human || typing;
      r.note.textContent = i === first ? `you${name.value.trim() ? ` (${name.value.trim()})` : ""}` : "by invite link";
    });
  };
  hotseat.addEventListener("change", syncHumans);
  name.addEventListener("input", syncHumans);
  const drawSeats = () => {
    const n = Number(players.value);
    while (seatRows.length < n) {
      const i = seatRows.length;
      const kind = select(`seat${i}-kind`, [["human", "Human"], ["bot", "Bot"]], i === 0 ? "human" : "bot");
      // The language-model bots this server's operator offers (schema.llm_profiles): a
      // seat names the profile only (the server takes nothing else for them).
      const llm = (schema.llm_profiles || []).map((p) => [`llm:${p}`, `Language model: ${p}`]);
      const bot = select(`seat${i}-bot`, [...BOTS, ...llm], "medium");
      const options = botOptions(i, bot, schema.bots || {});
      // A human seat: the creator's own (the first), or a friend's by invite link; in
      // hotseat every one is on this device and each gets the name typed here.
      const seatName = h("input", { name: `seat${i}-name`, class: "seat-name", maxlength: 40,
        placeholder: `Player ${i + 1}`, "aria-label": `name of player ${i + 1}` });
      const note = h("span", { class: "seat-note muted" });
      const row = h("div", { class: "seat-row", "data-seat": i }, swatch(i), kind, bot, options.box, seatName, note);
      const sync = () => { bot.disabled = kind.value !== "bot"; row.classList.toggle("human", kind.value === "human"); syncHumans(); };
      kind.addEventListener("change", sync);
      seatRows.push({ row, kind, bot, options, seatName, note });
      sync();
    }
    seatRows.length = Math.min(seatRows.length, n);
    put(seatsBox, seatRows.slice(0, n).map((s) => s.row));
    syncHumans();
    // What the rules allow for n players (the schema's by_players, from the engine): an
    // option shown from so many players on, the choices allowed (the map: its player
    // counts), the default when the one chosen is not, what an empty number means.
    const allows = schema.by_players[String(n)] || {};
    for (const x of Object.values(rulesIn)) {
      if (x.o.min_players) x.row.style.display = n >= x.o.min_players ? "" : "none";
      const allowed = allows.choices?.[x.o.name];
      if (allowed && x.input) {
        for (const opt of x.input.options) opt.disabled = !allowed.includes(opt.value);
        if (x.input.selectedOptions[0]?.disabled) x.input.value = allows.defaults[x.o.name];
      }
      const placeholder = allows.placeholders?.[x.o.name];
      if (placeholder !== undefined && x.input) x.input.placeholder = placeholder;
    }
  };
  players.addEventListener("change", drawSeats);
  drawSeats();

  // The map preview: the server lays out the board for these rules and a seed; the game is
  // then created with that seed, so it is played on the board shown.
  let previewSeed = Math.floor(Math.random() * 2 ** 31);
  const previewBox = h("div", { class: "preview", "aria-label": "map preview" });
  let previewTicket = 0;
  const updatePreview = async () => {
    const mine = ++previewTicket;
    const rules = { ...readOptions(rulesIn, Number(players.value)), seed: seed.value ? Number(seed.value) : previewSeed };
    try {
      const r = await fetch("/api/preview", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rules }) });
      const data = await r.json();
      if (mine !== previewTicket) return;
      if (!r.ok) { put(previewBox, h("p", { class: "error" }, data.message || "no preview")); return; }
      put(previewBox, drawBoard({ ...data, robber: data.robber }, {}));
    } catch { /* the preview is a convenience */ }
  };
  const newMap = h("button", { type: "button", class: "small", "data-new-map": "", onclick: () => {
    seed.value = ""; previewSeed = Math.floor(Math.random() * 2 ** 31); updatePreview();
  } }, "Another map");
  for (const x of Object.values(rulesIn)) (x.boxes?.map(([, , box]) => box) || [x.input]).forEach((el) => el.addEventListener("change", updatePreview));
  updatePreview();

  const result = h("div", { class: "created" });
  const submit = async (e) => {
    e.preventDefault();
    const n = Number(players.value);
    const rules = readOptions(rulesIn, n);
    rules.seed = seed.value ? Number(seed.value) : previewSeed; // the board previewed
    const seats = seatRows.slice(0, n).map((s) => s.kind.value === "human" ? { kind: "human" }
      : s.bot.value.startsWith("llm:")
        ? { kind: "bot", bot: "llm", options: { profile: s.bot.value.slice(4) } }
        : { kind: "bot", bot: s.bot.value, options: s.options.value() });
    const first = seats.findIndex((s) => s.kind === "human");
    const body = { name: gameName.value.trim() || undefined, rules, seats, ...readOptions(gameIn, n) };
    const me = name.value.trim() || "player";
    setPlayerName(me);
    if (first >= 0) { body.join = first; body.player_name = me; }
    try {
      const created = await api.create(body);
      const id = created.game.id;
      if (created.you) saveSeat(id, created.you.seat, created.you.token, me);
      if (hotseat.checked) {
        // Every human seat on this device: take them all now, one token each.
        for (const inv of created.invites) {
          const who = seatRows[inv.seat].seatName.value.trim() || `Player ${inv.seat + 1}`;
          const j = await api.join(id, { invite: inv.invite, name: who });
          saveSeat(id, j.seat, j.token, who);
        }
        location.hash = `#/game/${id}`;
        return;
      }
      if (!created.invites.length) { location.hash = `#/game/${id}`; return; }
      saveInvites(id, created.invites);
      setTimeout(() => result.scrollIntoView({ block: "nearest" }), 0);
      put(result, h("h3", {}, "Invite your friends"),
        h("p", {}, "Send each friend the link of their seat; the game starts when every seat is taken."),
        inviteList(created.invites),
        h("a", { class: "button primary", href: `#/game/${id}` }, "Go to the game"));
    } catch (err) {
      put(result, h("p", { class: "error" }, `The game was not created: ${err.message}`));
    }
  };
  // Where each option goes is its group's (the schema's groups, in the form's order, with
  // their headings): the table's with the seats, the map's with its preview, the others
  // under "Rules and options" — the rules' groups in one column, the game's on the server in
  // the other. Two columns on a wide screen (who plays | the map; the rules under both); the
  // Create button in a bar that stays in view at the foot of the screen however long the
  // form grows.
  const rowsOf = (inputs) => {
    const groups = new Map();
    for (const x of Object.values(inputs)) groups.set(x.o.group, [...(groups.get(x.o.group) || []), x.row]);
    return groups;
  };
  const heading = Object.fromEntries(schema.groups.map((g) => [g.name, g.label]));
  const pane = (groups) => h("div", { class: "options-pane" }, [...groups].map(([group, rows]) =>
    h("fieldset", { class: `options ${group}` }, heading[group] ? h("legend", {}, heading[group]) : null, ...rows)));
  const rulesRows = rowsOf(rulesIn);
  const [table, map] = [rulesRows.get("table") || [], rulesRows.get("map") || []];
  rulesRows.delete("table");
  rulesRows.delete("map");
  const who = h("div", { class: "create-who" },
    field("Your name", name),
    field("Game name", gameName),
    ...table,
    h("div", { class: "field" }, h("span", {}, "Seats"), seatsBox,
      h("label", { class: "check" }, hotseat, "Hotseat: all human seats on this device")));
  const rulesBox = h("details", { class: "rules" }, h("summary", {}, "Rules and options"),
    h("div", { class: "options-panes" }, pane(rulesRows), pane(rowsOf(gameIn))));
  // The map's choice, the board it lays out under it, then the seed that board came from.
  const what = h("div", { class: "create-map" }, map[0], previewBox,
    h("div", { class: "map-actions" }, newMap), ...map.slice(1));
  form.onsubmit = submit;
  put(form,
    h("h2", {}, "New game"),
    h("div", { class: "create-cols" }, who, what, rulesBox),
    result,
    h("div", { class: "create-bar" },
      h("button", { class: "primary big", type: "submit", "data-create": "" }, "Create game")));
}

/** One row per free seat: its invite link and a copy button. */
export function inviteList(invites) {
  return invites.map((inv) => h("div", { class: "invite", "data-invite": inv.seat }, swatch(inv.seat),
    h("input", { readonly: true, value: inv.url, class: "invite-url", onfocus: (ev) => ev.target.select() }),
    h("button", { type: "button", onclick: () => copy(inv.url) }, "Copy")));
}

async function copy(text) {
  try { await navigator.clipboard.writeText(text); toast("Link copied."); } catch { toast("Select the link and copy it."); }
}

async function drawLists(box) {
  const [open, running, finished] = await Promise.all([api.list("open"), api.list("in_progress"), api.list("finished", 20)]);
  // Games this browser holds a seat in, even private ones: resume them.
  const heldIds = new Set(gamesHeld());
  const listed = new Set([...open, ...running, ...finished].map((g) => g.id));
  const mine = [];
  for (const id of heldIds) {
    if (listed.has(id)) continue;
    try { mine.push(await api.game(id)); } catch { /* gone */ }
  }
  // Each game in one list: yours under "Your games", finished or not, and not again below.
  put(box,
    section("Your games", [...open, ...running, ...finished, ...mine].filter((g) => heldIds.has(g.id)), "mine"),
    section("Open games", open.filter((g) => !heldIds.has(g.id)), "open"),
    section("Running", running.filter((g) => !heldIds.has(g.id)), "running"),
    section("Finished", finished.filter((g) => !heldIds.has(g.id)), "finished"));
}

function section(title, games, kind) {
  return h("section", { class: `games ${kind}` }, h("h2", {}, title),
    games.length ? h("ul", {}, games.map((g) => gameRow(g, kind))) : h("p", { class: "muted" }, "None."));
}

/** A seat by the name every screen gives it (the server's `display_name`). */
function seatName(g, seat) {
  const s = g.seats.find((x) => x.seat === seat);
  return (s && s.display_name) || `Player ${seat + 1}`;
}

function gameRow(g, kind) {
  const held = seatsHeld(g.id);
  const seatNames = g.seats.map((s) => h("span", { class: `seat-chip ${s.taken ? "" : "free"}` }, swatch(s.seat),
    s.kind === "human" && !s.taken ? "free" : seatName(g, s.seat)));
  const buttons = [];
  if (held.length && g.status !== "finished") buttons.push(h("a", { class: "button primary", href: `#/game/${g.id}` }, "Resume"));
  if (kind === "open" || (g.status === "open" && !held.length)) {
    for (const s of g.seats.filter((x) => !x.taken)) {
      buttons.push(h("button", { "data-join": `${g.id}:${s.seat}`, onclick: () => joinSeat(g.id, { seat: s.seat }) }, `Join as ${s.seat + 1}`));
    }
  }
  if (g.status !== "finished" && !held.length) buttons.push(h("a", { class: "button", href: `#/game/${g.id}` }, "Watch"));
  if (g.status === "finished") buttons.push(h("a", { class: "button", href: `#/replay/${g.id}` }, "Replay"));
  const ENDED = { turn_limit: "ended at the turn limit, no winner", admin: "ended by the server, no winner" };
  const status = g.status === "finished" ? (g.winner === null ? ENDED[g.ended] || "finished, no winner" : `finished, won by ${seatName(g, g.winner)}`)
    : g.status === "parked" ? "parked: nobody was here for a while (a player's return wakes it)"
    : g.status === "open" ? "waiting for players" : g.turn ? `turn ${g.turn}` : "set-up";
  // What the game is played by, in the server's words (server/lobbywords.py): the players,
  // the map, the scenarios and variants, the points to win.
  return h("li", { class: "game-row", "data-game": g.id },
    h("div", { class: "g-title" }, h("b", {}, g.name), h("span", { class: "muted" }, ` ${status}`)),
    h("div", { class: "g-rules muted", "data-rules": "" }, (g.rules_words || []).join(" · ")),
    h("div", { class: "g-seats" }, seatNames),
    h("div", { class: "g-actions" }, buttons));
}

/** Take a seat (by invite or by number in a public game) and go to the game. */
export async function joinSeat(game, how, name) {
  const me = name || playerName() || prompt("Your name?") || "player";
  setPlayerName(me);
  try {
    const j = await api.join(game, { ...how, name: me });
    saveSeat(game, j.seat, j.token, me);
    location.hash = `#/game/${game}`;
  } catch (e) {
    toast(`You could not join: ${e.message}`, "error", 8000);
  }
}

/** The page an invite link opens (/join/GAME?invite=CODE): what the invite is to — the
 * game's name, who sits at the table, the seat, the rules in the server's words — then a
 * name and the seat. */
export function openJoin(root, game, invite) {
  const name = h("input", { value: playerName(), placeholder: "Your name", maxlength: 40, "data-name": "",
    "aria-describedby": "join-name-msg" });
  const nameMsg = h("p", { class: "error join-msg", id: "join-name-msg", role: "alert", hidden: true });
  const about = h("div", { class: "invite-about", "data-invite-about": "" }, h("p", { class: "muted" }, "…"));
  const heading = h("h1", {}, "You are invited to a game");
  const take = (e) => {
    e.preventDefault();
    const me = name.value.trim();
    if (!me) { // (a visible word, not only the browser's bubble: the table calls you by it)
      nameMsg.textContent = "Type your name first: the table calls you by it.";
      nameMsg.hidden = false;
      name.focus();
      return;
    }
    joinSeat(game, { invite }, me);
  };
  name.addEventListener("input", () => { nameMsg.hidden = true; });
  put(root, h("div", { class: "page join" },
    h("form", { class: "card", novalidate: true, onsubmit: take },
      heading, about,
      field("Your name", name), nameMsg,
      h("button", { class: "primary big", type: "submit", "data-join-invite": "" }, "Take my seat"),
      h("p", {}, h("a", { href: "/#/" }, "Lobby")))));
  api.invite(game, invite).then(({ game: g, seat, taken }) => {
    // Who invited you: the people already seated (the creator, and whoever joined since).
    const people = g.seats.filter((s) => s.kind === "human" && s.taken && s.seat !== seat).map((s) => s.display_name);
    if (people.length) heading.textContent = `${people.join(" and ")} ${people.length > 1 ? "invite" : "invites"} you to a game`;
    const rows = [
      h("p", { class: "invite-game" }, h("b", { "data-game-name": "" }, g.name)),
      h("p", { "data-seat": seat }, "Your seat: ", swatch(seat), ` ${seatName(g, seat)}`,
        taken ? h("span", { class: "error" }, " (already taken: this invite was used)") : null),
      h("p", { class: "g-seats" }, "At the table: ", g.seats.map((s) => h("span", { class: "seat-chip" }, swatch(s.seat),
        s.seat === seat ? "you" : s.kind === "human" && !s.taken ? "free" : seatName(g, s.seat)))),
      h("p", { class: "muted", "data-rules": "" }, [...(g.rules_words || []),
        ...(g.turn_timer ? [`${g.turn_timer} s turn timer`] : [])].join(" · ")),
    ];
    if (g.status !== "open") rows.push(h("p", { class: "muted" }, g.status === "finished" ? "This game is over." : "This game has started."));
    put(about, rows);
  }, (e) => put(about, h("p", { class: "error" }, e.status === 403 ? "This invite link is not valid (check that it was copied whole)." : `The game cannot be read: ${e.message}`)));
  return () => {};
}
