// The replay viewer and the end-of-game statistics. The server replays the record with the
// engine (GET /api/games/ID/replay, POST /api/replay for an uploaded file) and sends one
// step's view at a time; this page draws it with the same board and panels as play, with a
// timeline to scrub, a choice of whose view (a seat's, a spectator's, or all hands
// revealed), and the statistics: dice against the expected distribution, resources per
// player, the points breakdown and the points over time.

import { h, put, s } from "./dom.js";
import { drawBoard, playerColour } from "./board.js";
import { logEntries } from "./log.js";
import { RESOURCES } from "./notation.js";
import { bundleView, resChip } from "./actions.js";
import { playersPanel, swatch } from "./panels.js";

async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || JSON.stringify(data.detail || data));
  return data;
}

async function get(path) {
  const r = await fetch(path);
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || r.statusText);
  return data;
}

export async function openReplay(root, game) {
  if (!game) return uploadPage(root);
  let summary;
  try {
    summary = await get(`/api/games/${encodeURIComponent(game)}`);
  } catch (e) {
    put(root, h("div", { class: "page" }, h("h1", {}, "Replay"), h("p", { class: "error" }, e.message), h("a", { href: "#/" }, "Lobby")));
    return () => {};
  }
  return viewer(root, {
    title: summary.name,
    step: (step, seat) => get(`/api/games/${encodeURIComponent(game)}/replay?step=${step}${seat === "" ? "" : `&seat=${seat}`}`),
    stats: () => get(`/api/games/${encodeURIComponent(game)}/stats`),
    download: `/api/games/${encodeURIComponent(game)}/record`,
  });
}

function uploadPage(root) {
  const input = h("input", { type: "file", accept: ".json,.jsonl,application/json", "data-upload": "" });
  const msg = h("p", { class: "error" });
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    let record;
    try {
      const text = (await file.text()).trim();
      record = JSON.parse(text.split("\n")[0]);
    } catch (e) {
      msg.textContent = `Not a record file: ${e.message}`;
      return;
    }
    try {
      await viewer(root, {
        title: file.name,
        step: (step, seat) => post("/api/replay", { record, step, seat: seat === "" ? null : seat === "all" ? "all" : Number(seat) }),
        stats: () => post("/api/stats", { record }),
      });
    } catch (e) {
      msg.textContent = e.message;
    }
  });
  put(root, h("div", { class: "page" }, h("h1", {}, "Replay a record file"),
    h("p", {}, "Choose a game record (", h("code", {}, "pysettlers-record/1"), " JSON, as ",
      h("code", {}, "pysettlers demo --out"), " or a finished game's record link writes)."),
    input, msg, h("p", {}, h("a", { href: "#/" }, "Back to the lobby"))));
  return () => {};
}

async function viewer(root, src) {
  const first = await src.step(0, "all");
  const total = first.steps;
  // The seats as the server's words name them (a game's seats, a record file's `players`).
  const names = (q) => first.names[q] ?? String(q);
  const players = first.names.length;
  let step = total;
  let seat = "all";
  const slider = h("input", { type: "range", min: 0, max: total, value: step, class: "timeline", "aria-label": "step" });
  const label = h("span", { class: "step-label" });
  const seatSel = h("select", { "aria-label": "whose view" },
    h("option", { value: "all" }, "All hands revealed"),
    h("option", { value: "" }, "Spectator"),
    Array.from({ length: players }, (_, q) => h("option", { value: String(q) }, `${names(q)}'s view`)));
  const boardBox = h("div", { class: "board-wrap" });
  const side = h("div", { class: "replay-side" });
  const statsBox = h("section", { class: "stats" }, h("p", { class: "muted" }, "Statistics…"));
  let playing = null;
  let ticket = 0;

  async function show() {
    const mine = ++ticket;
    slider.value = step;
    label.textContent = `step ${step} of ${total}`;
    let data;
    try { data = await src.step(step, seat); } catch (e) { label.textContent = e.message; return; }
    if (mine !== ticket) return; // a newer step was asked for meanwhile
    const v = data.view;
    put(boardBox, drawBoard(v, { drawing: data.drawing }));
    const events = logEntries(v.events, data.event_words).map((x) => x.text); // the server's words
    const seats = []; // no connections in a replay
    put(side,
      h("div", { class: "replay-step", "data-step": data.step },
        h("b", {}, data.action ? data.action.action : "The start"),
        data.action && data.action.outcome ? h("span", { class: "muted" }, ` (${data.action.outcome})`) : null,
        h("ul", { class: "log" }, events.map((t) => h("li", {}, t)))),
      h("p", { class: "players-caption" }, v.phase === "game_over"
        ? "VP: final points, every victory point card turned up."
        : "VP: points on the table (victory point cards in a hand are hidden until the end"
          + (v.you ? "; the viewer's own count" : "") + "). Cards: resource cards in hand; dev cards: development cards not yet played."),
      playersPanel(v, seats, names, v.viewer, data.drawing),
      data.hands ? h("div", { class: "hands" }, data.hands.map((x) => h("div", { class: "hand-row", "data-hand": x.seat },
        swatch(x.seat), " ", bundleView(x.hand),
        Object.entries(x.development_cards).filter(([, n]) => n).map(([c, n]) => h("span", { class: "dev-chip" }, `${c} ×${n}`))))) : null,
      v.you ? h("div", { class: "hands" }, h("div", { class: "hand-row" }, swatch(v.you.seat), " ", bundleView(v.you.hand))) : null);
  }

  const go = (n) => { step = Math.max(0, Math.min(total, n)); show(); };
  slider.addEventListener("input", () => go(Number(slider.value)));
  seatSel.addEventListener("change", () => { seat = seatSel.value; show(); });
  const playBtn = h("button", { onclick: () => {
    if (playing) { clearInterval(playing); playing = null; playBtn.textContent = "▶ Play"; return; }
    if (step >= total) step = 0;
    playBtn.textContent = "❚❚ Pause";
    playing = setInterval(() => { if (step >= total) { clearInterval(playing); playing = null; playBtn.textContent = "▶ Play"; } else go(step + 1); }, 350);
  } }, "▶ Play");
  const onKey = (e) => {
    if (e.target.closest("input[type=file], select")) return;
    if (e.key === "ArrowLeft") go(step - 1);
    else if (e.key === "ArrowRight") go(step + 1);
  };
  document.addEventListener("keydown", onKey);

  put(root, h("div", { class: "page replay" },
    h("header", { class: "lobby-head" }, h("h1", {}, `Replay: ${src.title}`),
      h("nav", {}, src.download ? h("a", { href: src.download, download: "record.json" }, "Download the record") : null, " ", h("a", { href: "#/" }, "Lobby"))),
    h("div", { class: "timebar" },
      h("button", { onclick: () => go(0), "aria-label": "start" }, "«"),
      h("button", { onclick: () => go(step - 1), "aria-label": "back" }, "◀"),
      playBtn,
      h("button", { onclick: () => go(step + 1), "aria-label": "forward" }, "▶"),
      h("button", { onclick: () => go(total), "aria-label": "end" }, "»"),
      slider, label, seatSel),
    h("div", { class: "replay-grid" }, h("div", { class: "replay-board" }, boardBox), side),
    statsBox));
  await show();
  try { put(statsBox, statsView(await src.stats(), names)); } catch (e) { put(statsBox, h("p", { class: "error" }, e.message)); }
  return () => { document.removeEventListener("keydown", onKey); if (playing) clearInterval(playing); };
}

// -- statistics --------------------------------------------------------------------------------

const WAYS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };

function statsView(st, names) {
  return h("div", { class: "stats-grid" },
    h("div", { class: "card" }, h("h2", {}, `Dice (${st.rolls} rolls)`), diceChart(st)),
    h("div", { class: "card" }, h("h2", {}, "Points over time"), pointsChart(st, names)),
    h("div", { class: "card wide" }, h("h2", {}, "Points at the end, by where they came from"), breakdown(st, names)),
    h("div", { class: "card wide" }, h("h2", {}, "Resources"), resources(st, names)));
}

function diceChart(st) {
  const W = 330, H = 170, pad = 22;
  const bw = (W - pad) / 11;
  const max = Math.max(1, ...Object.values(st.dice), ...Object.values(WAYS).map((w) => (w / 36) * st.rolls));
  const y = (v) => H - pad - (v / max) * (H - pad - 8);
  const bars = [];
  const expected = [];
  for (let t = 2; t <= 12; t++) {
    const x = pad + (t - 2) * bw;
    const n = st.dice[String(t)] || 0;
    bars.push(s("rect", { x: x + 3, y: y(n), width: bw - 6, height: H - pad - y(n), class: t === 7 ? "bar seven" : "bar" }, s("title", {}, `${t}: ${n} rolls`)));
    bars.push(s("text", { x: x + bw / 2, y: H - 6, class: "axis" }, t));
    expected.push(`${x + bw / 2},${y((WAYS[t] / 36) * st.rolls)}`);
  }
  return s("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart dice-chart", role: "img", "aria-label": "rolls per total against the expected" },
    ...bars, s("polyline", { points: expected.join(" "), class: "expected" }),
    s("text", { x: W - 4, y: 12, class: "legend" }, "— expected"));
}

function pointsChart(st, names) {
  // pad: the room left of the plot for the points' labels, and under it for the turns'.
  const W = 330, H = 170, pad = 24;
  const { turns, points } = st.points_by_turn;
  const maxT = Math.max(1, turns[turns.length - 1]);
  const maxP = Math.max(1, ...points.flat());
  const x = (t) => pad + (t / maxT) * (W - pad - 8);
  const y = (p) => H - pad - (p / maxP) * (H - pad - 8);
  const lines = [];
  for (let q = 0; q < st.players; q++) {
    const pts = turns.map((t, i) => `${x(t).toFixed(1)},${y(points[i][q]).toFixed(1)}`).join(" ");
    // A dark edge under each line keeps the light colours visible on white.
    lines.push(s("polyline", { points: pts, class: "pline-edge" }));
    lines.push(s("polyline", { points: pts, class: "pline", stroke: playerColour(q) }, s("title", {}, names(q))));
  }
  return h("div", {}, s("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-label": "points after every turn" },
    s("line", { x1: pad, y1: H - pad, x2: W, y2: H - pad, class: "axisline" }),
    s("line", { x1: pad, y1: 8, x2: pad, y2: H - pad, class: "axisline" }),
    // Every label inside the view box: the points right-aligned left of the plot, the
    // turns under it, the last one right-aligned at the edge.
    s("text", { x: pad - 4, y: y(maxP) + 4, class: "axis", "text-anchor": "end" }, maxP),
    s("text", { x: pad - 4, y: H - pad + 4, class: "axis", "text-anchor": "end" }, "0"),
    s("text", { x: pad, y: H - 6, class: "axis", "text-anchor": "start" }, "turn 0"),
    s("text", { x: W - 2, y: H - 6, class: "axis", "text-anchor": "end" }, `turn ${maxT}`),
    ...lines),
  h("div", { class: "legend-row" }, Array.from({ length: st.players }, (_, q) => h("span", {}, swatch(q), ` ${names(q)}`))));
}

function breakdown(st, names) {
  // Each column: the points from one source, and beside them what gave them (how many
  // settlements, cities, cards); the last column is the total (server/replays.py).
  const count = (n, one, many) => (n ? `${n} ${n === 1 ? one : many}` : "");
  // The awards' names are the server's (the Longest Trade Route with ships), as the log's.
  const awards = st.awards;
  const cols = [
    ["settlements", "Settlements (1 point each)", (p) => count(p.settlements, "settlement", "settlements")],
    ["cities", "Cities (2 points each)", (p) => count(p.cities, "city", "cities")],
    ["longest_road", `${awards.longest_road} (2 points)`, () => ""],
    ["largest_army", `${awards.largest_army} (2 points)`, () => ""],
    ["victory_point_cards", "Victory point cards (1 point each)", (p) => count(p.victory_point_cards, "card", "cards")],
  ];
  if (st.points.some((p) => p.points && p.points.other)) cols.push(["other", "Scenario points", () => ""]);
  return h("div", { class: "table-scroll" }, h("table", { class: "stats-table points-table" },
    h("caption", {}, "Points at the end of the game, every victory point card turned up."),
    // The total first: on a phone the table scrolls sideways.
    h("tr", {}, h("th", {}, ""), h("th", {}, "Total points"), cols.map(([, t]) => h("th", {}, t))),
    st.points.map((p) => h("tr", { class: p.seat === st.winner ? "win" : "", "data-seat": p.seat },
      h("td", {}, swatch(p.seat), ` ${names(p.seat)}`),
      h("td", { "data-col": "total" }, h("b", {}, p.total)),
      cols.map(([k, , what]) => {
        const pts = p.points ? p.points[k] : p[k];
        const note = p.points ? what(p) : "";
        return h("td", { "data-col": k }, h("b", {}, pts), note ? h("small", {}, note) : null);
      })))));
}

function resources(st, names) {
  // Each card counts once: the hand at the end is gained + traded for + stolen − spent −
  // traded away − lost − discarded (server/replays.py).
  const kinds = [["gained", "gained from the bank"], ["spent", "spent on building"],
    ["traded_away", "traded away"], ["traded_for", "traded for"],
    ["stolen", "stolen (robber, monopoly)"], ["robbed", "lost to thieves"], ["discarded", "discarded on a 7"]];
  return h("div", { class: "table-scroll" }, h("table", { class: "stats-table res-table" },
    h("tr", {}, h("th", {}, ""), kinds.map(([, t]) => h("th", {}, t))),
    Array.from({ length: st.players }, (_, q) => h("tr", {}, h("td", {}, swatch(q), ` ${names(q)}`),
      kinds.map(([k]) => {
        const b = st[k] ? st[k][q] : {};
        const total = RESOURCES.reduce((a, r) => a + (b[r] || 0), 0);
        return h("td", { "data-col": k, title: RESOURCES.map((r) => `${b[r] || 0} ${r}`).join(", ") }, h("b", {}, total), " ", total ? bundleView(b) : null);
      })))));
}

export { resChip };
