// The server's protocol (docs/protocol.md) from the browser: the lobby over HTTP, play over
// one WebSocket per seat, and the seat tokens kept in localStorage so that closing the tab
// loses nothing. Nothing here knows the rules: it moves JSON.

const PROTOCOL = 1;

async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await r.json(); } catch { /* not JSON */ }
  if (!r.ok) {
    // Lobby errors are {error, message, field}; validation errors FastAPI's {detail: [...]}.
    let msg = data && (data.message || (Array.isArray(data.detail)
      ? data.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ")
      : data.detail));
    const err = new Error(msg || `${r.status} ${r.statusText}`);
    err.code = data && data.error;
    err.status = r.status;
    throw err;
  }
  return data;
}

export const api = {
  list: (status, limit = 50) =>
    call("GET", `/api/games?limit=${limit}${status ? `&status=${status}` : ""}`),
  game: (id) => call("GET", `/api/games/${encodeURIComponent(id)}`),
  // What an invite link asks its holder to join: {game, seat, taken}.
  invite: (id, code) => call("GET", `/api/games/${encodeURIComponent(id)}/invite?code=${encodeURIComponent(code)}`),
  create: (body) => call("POST", "/api/games", body),
  join: (id, body) => call("POST", `/api/games/${encodeURIComponent(id)}/join`, body),
  record: (id, token) => call("GET", `/api/games/${encodeURIComponent(id)}/record`, undefined, token),
  // A finished game's rematch, for the seat of `token` (docs/protocol.md).
  rematch: (id, token) => call("POST", `/api/games/${encodeURIComponent(id)}/rematch`, undefined, token),
};

// -- seat tokens ------------------------------------------------------------------------------
// {gameId: {seat: {token, name}}}: several seats of one game may live in one browser (hotseat).

const KEY = "pysettlers.seats";

function loadAll() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

export function saveSeat(game, seat, token, name) {
  const all = loadAll();
  all[game] = all[game] || {};
  all[game][seat] = { token, name, saved: Date.now() };
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** The seats this browser holds in a game: [{seat, token, name}] by seat. */
export function seatsHeld(game) {
  const mine = loadAll()[game] || {};
  return Object.entries(mine).map(([seat, v]) => ({ seat: Number(seat), ...v }))
    .sort((a, b) => a.seat - b.seat);
}

export function gamesHeld() {
  return Object.keys(loadAll());
}

export function forget(game) {
  const all = loadAll();
  delete all[game];
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** The invite links of a game this browser created (shown on its page until it starts). */
export function saveInvites(game, invites) {
  localStorage.setItem(`pysettlers.invites.${game}`, JSON.stringify(invites));
}

export function invitesOf(game) {
  try { return JSON.parse(localStorage.getItem(`pysettlers.invites.${game}`)) || []; } catch { return []; }
}

export function playerName() {
  return localStorage.getItem("pysettlers.name") || "";
}

export function setPlayerName(name) {
  if (name) localStorage.setItem("pysettlers.name", name);
}

// -- play over a WebSocket --------------------------------------------------------------------

let counter = 0;
const STOP_CODES = [4000, 4002, 4400, 4401, 4404, 4500, 1009];

/**
 * One seat's (or a spectator's) connection to a game. Reconnects by itself with the last
 * version seen (`since`), and re-sends an unanswered action with the same id — the server
 * never applies it twice (protocol: "Versions, retries and reconnecting").
 * Handlers: onMessage(msg), onStatus("open" | "closed" | "reconnecting", detail).
 */
export class GameSocket {
  constructor(game, token, { onMessage, onStatus, since = -1, prefs = null } = {}) {
    this.game = game;
    this.prefs = prefs; // a seat's table preferences ({bot_offers}), sent again on reconnect
    this.token = token || null;
    this.onMessage = onMessage || (() => {});
    this.onStatus = onStatus || (() => {});
    this.since = since;
    this.pending = null; // the action sent and not yet answered
    this.closed = false;
    this.retry = 0;
    this.connect();
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/games/${encodeURIComponent(this.game)}`);
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: "hello", protocol: PROTOCOL, since: this.since };
      if (this.token) hello.token = this.token;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (msg.type === "welcome") {
        this.retry = 0;
        this.onStatus("open");
        if (this.token && this.prefs) ws.send(JSON.stringify({ type: "prefs", ...this.prefs }));
        if (this.pending) ws.send(JSON.stringify(this.pending)); // same id: safe
      }
      if (msg.type === "state") this.since = msg.version;
      if ((msg.type === "accepted" || msg.type === "error") && this.pending && msg.id === this.pending.id)
        this.pending = null;
      this.onMessage(msg);
    };
    ws.onclose = (e) => {
      if (this.closed) return;
      // Close codes (protocol: "Close codes"): connecting again cannot help after a refused
      // hello (4400 bad hello, 4401 bad token, 4404 no game), a newer tab taking the seat
      // (4000), too many refused messages (4002), a frame too big (1009) or a game that cannot
      // be rebuilt (4500). Anything else — too far behind (4001, or 1011 when a throttled
      // tab read so slowly that only the keepalive's close reached it), a server restart
      // (1001, 1012), a full server or game (1013, 4429), a lost network — is worth another try.
      if (STOP_CODES.includes(e.code)) {
        this.closed = true;
        this.onStatus("closed", e.reason || `closed (${e.code})`);
        return;
      }
      this.onStatus("reconnecting");
      const wait = Math.min(8000, 300 * 2 ** this.retry++);
      setTimeout(() => { if (!this.closed) this.connect(); }, wait);
    };
  }

  /** Send an action (notation) answering the state of `version`; `outcome` for real dice. */
  act(action, version, outcome) {
    const msg = { type: "action", action, version, id: `c${Date.now().toString(36)}-${++counter}` };
    if (outcome) msg.outcome = outcome;
    this.pending = msg;
    this.send(msg);
    return msg.id;
  }

  chat(text) {
    this.send({ type: "chat", text });
  }

  /** A seat's table preferences, e.g. {bot_offers: false}: told now and on every reconnect. */
  setPrefs(prefs) {
    this.prefs = { ...(this.prefs || {}), ...prefs };
    this.send({ type: "prefs", ...this.prefs });
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
