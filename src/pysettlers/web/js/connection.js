// The game screen's connection to the server: one WebSocket per seat this browser holds
// (several in hotseat), and a spectator's where it holds none (the whole view for a watcher)
// or in hotseat (the public log, the same for every player at the table). Each message goes
// to the handler of its type with the seat it came for; actions, chat and preferences go out
// through the right seat's socket. Opening, reconnecting with the last version seen and
// re-sending an unanswered action with its id are api.js's GameSocket.
//
// Not for: what a message means to the page (game.js's handlers), the screen's state
// (screen.js), or drawing.

import { GameSocket } from "./api.js";

export class Connection {
  /**
   * on: {welcome, seats, rematch, chat, error, state}: (seat, msg, feedsLog) => void, where
   *     seat is the held seat or "spectator", and feedsLog whether this socket's events and
   *     chat are the page's log (in hotseat only the spectator's are: one log for the table);
   * onStatus: ("open" | "closed" | "reconnecting", detail) => void, for the page's sockets;
   * prefs: a seat's table preferences to tell the server on connecting ({bot_offers}).
   */
  constructor(gameId, held, { on, onStatus, prefs = null }) {
    this.held = held;
    this.sockets = new Map();
    const hotseat = held.length > 1;
    const dispatch = (seat, feedsLog) => (msg) => {
      const handler = on[msg.type];
      if (handler) handler(seat, msg, feedsLog);
    };
    for (const { seat, token } of held) {
      this.sockets.set(seat, new GameSocket(gameId, token, { onMessage: dispatch(seat, !hotseat), onStatus, prefs }));
    }
    if (!held.length || hotseat) {
      this.sockets.set("spectator", new GameSocket(gameId, null, {
        onMessage: dispatch("spectator", true), onStatus: held.length ? () => {} : onStatus,
      }));
    }
  }

  socketFor(seat) {
    return this.sockets.get(seat === null ? "spectator" : seat);
  }

  /** Send `seat`'s action (notation) answering the state of `version`; returns its id. */
  act(seat, text, version, outcome) {
    return this.socketFor(seat).act(text, version, outcome);
  }

  /** Say `text` in the chat as `seat`; false if it was not sent (only seats chat). */
  chat(seat, text) {
    const sock = this.socketFor(seat);
    if (!text || !sock || seat === null) return false;
    sock.chat(text);
    return true;
  }

  /** Table preferences ({bot_offers}) for every seat held here: told now and on reconnect. */
  setPrefs(prefs) {
    for (const { seat } of this.held) {
      const sock = this.sockets.get(seat);
      if (sock) sock.setPrefs(prefs);
    }
  }

  close() {
    for (const s of this.sockets.values()) s.close();
  }
}
