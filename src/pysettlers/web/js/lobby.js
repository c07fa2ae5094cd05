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

// Each bot's options as the server's bots take them (bots/random_bot.py, bots/options.py):
// [key, label, default, {min, max, step}] — a checkbox for a boolean, else a number. Only
// values that differ from the default are sent.
const HEURISTIC = (offers, noise) => [
  ["trade", "trades with the bank and players", true],
  ["helpers", "uses its helper", true],
  ["sbp", "builds in the Special Building Phase", true],
  ["offers", "chance of making an offer", offers, { min: 0, max: 1, step: 0.05 }],
  ["noise", "randomness of its choices", noise, { min: 0, max: 100, step: 0.001 }],
];
const BOT_OPTIONS = {
  random: [
    ["offer_chance", "chance of making an offer", 0.05, { min: 0, max: 1, step: 0.05 }],
    ["offers_per_turn", "offers per turn at most", 1, { min: 0, max: 20, step: 1 }],
    ["counter_chance", "chance of a counter-offer", 0.05, { min: 0, max: 1, step: 0.05 }],
    ["helper_chance", "chance of using its helper", 0.2, { min: 0, max: 1, step: 0.05 }],
  ],
  weighted: HEURISTIC(0.3, 0.01),
  greedy: HEURISTIC(0.5, 0.001),
  easy: HEURISTIC(0, 20),
  medium: HEURISTIC(0, 8),
  hard: HEURISTIC(0.5, 0.333),
  expert: [
    ["iterations", "sampled deals per search", 6, { min: 1, max: 1000, step: 1 }],
    ["ms", "time per search in ms (0: by deals)", 0, { min: 0, max: 60000, step: 10 }],
    ["width", "moves searched besides ending the turn", 4, { min: 1, max: 30, step: 1 }],
    ["setup", "set-up sites searched (0: the greedy choice)", 8, { min: 0, max: 60, step: 1 }],
    ["playouts", "games played out per set-up settlement", 240, { min: 0, max: 100000, step: 10 }],
    ["deep", "games played out per build or buy (0: none)", 0,
      { min: 0, max: 100000, step: 10 }],
    ["memory", "remembers the cards seen changing hands", true],
    ...HEURISTIC(0.5, 0.001),
  ],
};

/** The options panel of one bot seat: redrawn for the bot chosen; `value()` the changed ones. */
function botOptions(i, botSelect) {
  const box = h("details", { class: "bot-opts", "data-opts": i },
    h("summary", { title: "the bot's options", "aria-label": "bot options" }, "⚙"));
  let inputs = [];
  const draw = () => {
    const spec = BOT_OPTIONS[botSelect.value] || [];
    inputs = spec.map(([key, label, def, range]) => {
      const name = `seat${i}-${key}`;
      const input = typeof def === "boolean"
        ? h("input", { type: "checkbox", name, checked: def })
        : h("input", { type: "number", name, value: def, ...range });
      const row = typeof def === "boolean" ? h("label", { class: "check small" }, input, label)
        : h("label", { class: "opt" }, h("span", {}, label), input);
      return { key, def, input, row };
    });
    box.replaceChildren(box.firstChild, ...inputs.map((x) => x.row));
  };
  botSelect.addEventListener("change", draw);
  draw();
  const value = () => {
    const out = {};
    for (const { key, def, input } of inputs) {
      const v = typeof def === "boolean" ? input.checked : Number(input.value);
      if (input.type === "number" && (input.value === "" || Number.isNaN(v))) continue;
      if (v !== def) out[key] = v;
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

// The 1996 rules' alternate rules (engine/config.py ALTERNATE_RULES), in the rulebook's order.
const ALTERNATE = [
  ["victory_points_played", "1. Victory point cards are played like other cards"],
  ["open_hands", "2. Open hands: every hand is face up"],
  ["development_after_roll", "3. Development cards only after the roll"],
  ["no_early_sevens", "4. 7s re-rolled in the first two rounds"],
  ["ignore_seven", "5. The roller may ignore a 7"],
  ["no_trade_after_building", "6. No trading once building has started"],
  ["keep_a_settlement", "7. Always keep a settlement on the board"],
  ["knight_interrupts", "8. Knights interrupt a robber move"],
];

const OFFER_TIME = 30; // seconds: the server's default offer_time

function createForm(root) {
  const name = h("input", { name: "player_name", value: playerName(), placeholder: "Your name", maxlength: 40, required: true });
  const players = select("players", [2, 3, 4, 5, 6, 7, 8].map((n) => [String(n), `${n} players`]), "4");
  const seatsBox = h("div", { class: "seats-edit" });
  const vp = h("input", { name: "vp_target", type: "number", min: 3, max: 30, value: 10 });
  const map = select("map_kind", [["variable", "Variable (shuffled, tokens by the rules)"], ["beginner", "Beginner (the rulebook's set-up)"], ["random", "Random (no red numbers together)"], ["islands", "Islands of Catan (3–4 players, 1996)"], ["big-islands", "Big Islands of Catan (5–6, 1996)"], ["big-island", "Big Island (7–8, 1996)"], ["peanut", "Peanut (7–8, 1996)"]], "variable");
  const tb = select("trade_build", [["combined", "Trade and build in any order"], ["separate", "Trade, then build (beginners)"]], "combined");
  const large = select("large_game_variant", [["special_building", "Special Building Phase"], ["mayfair", "Mayfair (no Special Building Phase)"]], "special_building");
  const discard = h("input", { name: "discard_limit", type: "number", min: 2, max: 30, placeholder: "7" });
  const helpers = h("input", { type: "checkbox", name: "helpers" });
  const alternate = ALTERNATE.map(([rule, words]) => [rule, words, h("input", { type: "checkbox", name: `alt-${rule}`, "data-alt": rule })]);
  const pirate = h("input", { type: "checkbox", name: "pirate" });
  const ships = h("input", { type: "checkbox", name: "ships" });
  const seed = h("input", { name: "seed", type: "number", min: 0, placeholder: "secret" });
  const pub = h("input", { type: "checkbox", name: "public", checked: true });
  const manual = h("input", { type: "checkbox", name: "manual_chance" });
  const hotseat = h("input", { type: "checkbox", name: "hotseat" });
  const timer = h("input", { name: "turn_timer", type: "number", min: 2, max: 3600, placeholder: "none" });
  const absent = h("input", { name: "absent_limit", type: "number", min: 1, max: 86400, placeholder: "60" });
  const standIn = select("stand_in", BOTS, "medium");
  // Pacing of the bots' actions while a person plays or watches, and how long a bot's offer
  // waits for the people it was made to (the server's bot_speed and offer_time).
  const botSpeed = select("bot_speed", [["instant", "Instant"], ["fast", "Fast"], ["normal", "Normal"], ["slow", "Slow"]], "normal");
  const offerTime = h("input", { name: "offer_time", type: "number", min: 5, max: 300, step: 1, value: OFFER_TIME });
  const gameName = h("input", { name: "name", placeholder: "pysettlers game", maxlength: 40 });
  const largeRow = field("5–8 players", large);

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
      const bot = select(`seat${i}-bot`, BOTS, "medium");
      const options = botOptions(i, bot);
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
    largeRow.style.display = n >= 5 ? "" : "none";
    // Only the maps the rules allow for n players: Islands of Catan for 3–4, Big Islands for
    // 5–6 (003, 5. and 6.), Big Island and Peanut for 7–8, and 7–8 have no other.
    const seven = n >= 7;
    const allowed = (v) => {
      if (v === "big-island" || v === "peanut") return seven;
      if (seven) return false;
      if (v === "beginner" || v === "islands") return n <= 4;
      if (v === "big-islands") return n >= 5;
      return true;
    };
    for (const o of map.options) o.disabled = !allowed(o.value);
    if (map.selectedOptions[0]?.disabled) {
      map.value = seven ? "big-island" : map.value === "islands" ? "big-islands" : map.value === "big-islands" ? "islands" : "variable";
    }
    discard.placeholder = seven ? "13" : "7"; // the 7–8 maps' "more than thirteen cards"
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
    const rules = { players: Number(players.value), map_kind: map.value, helpers: helpers.checked,
      seed: seed.value ? Number(seed.value) : previewSeed };
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
  for (const el of [players, map, helpers, seed]) el.addEventListener("change", updatePreview);
  updatePreview();

  const result = h("div", { class: "created" });
  const submit = async (e) => {
    e.preventDefault();
    const n = Number(players.value);
    const rules = { players: n, vp_target: Number(vp.value) || 10, map_kind: map.value, trade_build: tb.value, helpers: helpers.checked };
    if (n >= 5) rules.large_game_variant = large.value;
    if (discard.value) rules.discard_limit = Number(discard.value);
    const alt = alternate.filter(([, , box]) => box.checked).map(([rule]) => rule);
    if (alt.length) rules.alternate = alt;
    if (pirate.checked) rules.pirate = true; // written only when on, as the engine does
    if (ships.checked) rules.ships = true;
    rules.seed = seed.value ? Number(seed.value) : previewSeed; // the board previewed
    const seats = seatRows.slice(0, n).map((s) => s.kind.value === "human" ? { kind: "human" }
      : { kind: "bot", bot: s.bot.value, options: s.options.value() });
    const first = seats.findIndex((s) => s.kind === "human");
    const body = { name: gameName.value.trim() || undefined, rules, seats, public: pub.checked, manual_chance: manual.checked };
    if (timer.value) body.turn_timer = Number(timer.value);
    if (absent.value) body.absent_limit = Number(absent.value);
    body.stand_in = standIn.value;
    body.bot_speed = botSpeed.value;
    body.offer_time = offerTime.value === "" ? OFFER_TIME : Number(offerTime.value);
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
  // Two columns on a wide screen (who plays | the map; the rules under both); the Create
  // button in a bar that stays in view at the foot of the screen however long the form grows.
  const who = h("div", { class: "create-who" },
    field("Your name", name),
    field("Game name", gameName),
    field("Players", players),
    h("div", { class: "field" }, h("span", {}, "Seats"), seatsBox,
      h("label", { class: "check" }, hotseat, "Hotseat: all human seats on this device")));
  const rulesBox = h("details", { class: "rules" }, h("summary", {}, "Rules and options"),
    field("Points to win", vp),
    field("Map", map),
    field("Turn", tb),
    largeRow,
    field("Discard limit", discard, "a 7 costs half the hand above this (default 7; Mayfair 10; 7–8 players 13)"),
    h("label", { class: "check" }, helpers, "Helpers of CATAN"),
    h("details", { class: "alternate" }, h("summary", {}, "Alternate rules (1996)"),
      ...alternate.map(([, words, box]) => h("label", { class: "check" }, box, words))),
    h("label", { class: "check" }, pirate, "Pirate (1996): the robber may also stand on a harbor, closing it to trade"),
    h("label", { class: "check" }, ships, "Ships (Seafarers): ships by the sea, moved at a line's open end; the Longest Trade Route"),
    field("Seed", seed, "the same seed lays out the same board"),
    field("Bot speed", botSpeed, "how fast bots act while a person plays or watches"),
    field("Offer time (s)", offerTime, "how long a bot's trade offer waits for people's answers"),
    field("Turn timer (s)", timer, "then a bot makes the decision"),
    field("Away after (s)", absent, "a player without a connection this long is played by a bot until back"),
    field("Stand-in bot", standIn, "plays for an absent or timed-out player"),
    h("label", { class: "check" }, pub, "Public (listed, open seats joinable)"),
    h("label", { class: "check" }, manual, "Real dice and cards (enter what the table rolls)"));
  const what = h("div", { class: "field create-map" }, h("span", {}, "Map ", newMap), previewBox);
  return h("form", { class: "card create", onsubmit: submit },
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
  put(box,
    section("Your games", [...open, ...running, ...finished, ...mine].filter((g) => heldIds.has(g.id)), "mine"),
    section("Open games", open.filter((g) => !heldIds.has(g.id)), "open"),
    section("Running", running.filter((g) => !heldIds.has(g.id)), "running"),
    section("Finished", finished, "finished"));
}

function section(title, games, kind) {
  return h("section", { class: `games ${kind}` }, h("h2", {}, title),
    games.length ? h("ul", {}, games.map((g) => gameRow(g, kind))) : h("p", { class: "muted" }, "None."));
}

function gameRow(g, kind) {
  const held = seatsHeld(g.id);
  const seatNames = g.seats.map((s) => h("span", { class: `seat-chip ${s.taken ? "" : "free"}` }, swatch(s.seat),
    s.kind === "bot" ? `${s.bot} bot` : s.name || "free"));
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
  const status = g.status === "finished" ? (g.winner === null ? ENDED[g.ended] || "finished, no winner" : `finished, won by seat ${g.winner + 1}`)
    : g.status === "parked" ? "parked: nobody was here for a while (a player's return wakes it)"
    : g.status === "open" ? "waiting for players" : g.turn ? `turn ${g.turn}` : "set-up";
  return h("li", { class: "game-row", "data-game": g.id },
    h("div", { class: "g-title" }, h("b", {}, g.name), h("span", { class: "muted" }, ` ${status} · first to ${g.rules.vp_target}`)),
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

/** The page an invite link opens (/join/GAME?invite=CODE): a name, then the seat. */
export function openJoin(root, game, invite) {
  const name = h("input", { value: playerName(), placeholder: "Your name", maxlength: 40, required: true, "data-name": "" });
  put(root, h("div", { class: "page join" },
    h("form", { class: "card", onsubmit: (e) => { e.preventDefault(); joinSeat(game, { invite }, name.value.trim()); } },
      h("h1", {}, "You are invited to a game"),
      h("p", {}, "Game ", h("code", {}, game)),
      field("Your name", name),
      h("button", { class: "primary big", type: "submit", "data-join-invite": "" }, "Take my seat"),
      h("p", {}, h("a", { href: "/#/" }, "Lobby")))));
  return () => {};
}
