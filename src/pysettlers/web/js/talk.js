// The game screen's log and chat, kept in view at the side panel's foot however tall what
// is above them grows (an offer with its answers: app.css .side-talk): the log's lines as the
// events come, the chat's last hundred lines, and the chat form. Only seats chat (the server
// refuses a spectator's message): a watcher is told so.
//
// Not for: the words themselves (the server's, through log.js: this page composes none) or
// sending (the `say` given, through connection.js).

import { h, put } from "./dom.js";
import { logEntries } from "./log.js";

const LOG_LINES = 5000; // the log keeps this many lines on the page

export class Talk {
  /** say(text) => bool: send a chat line, false if it was not sent. */
  constructor({ watching, say }) {
    this.log = h("ol", { class: "log", "aria-label": "game log" });
    // On a laptop the log's height follows the column's layout (app.css): scrolled to its
    // newest line, it stays there when its height changes.
    let atEnd = true;
    this.log.addEventListener("scroll", () => {
      atEnd = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 4;
    });
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => { if (atEnd) this.log.scrollTop = this.log.scrollHeight; }).observe(this.log);
    }
    this.lines = h("ol", { class: "chat-lines" });
    const input = h("input", { placeholder: watching ? "Spectators can't chat" : "Say something…", maxlength: 500,
      "aria-label": "chat message", disabled: watching });
    const form = h("form", { class: "chat-form", onsubmit: (e) => {
      e.preventDefault();
      if (say(input.value.trim())) input.value = "";
    } }, input, h("button", { disabled: watching }, "Send"));
    const hint = watching ? h("p", { class: "hint chat-hint" }, "You are watching: only the players at the table can chat.") : null;
    this.el = h("div", { class: "side-talk" },
      h("details", { class: "logbox", open: true }, h("summary", {}, "Log"), this.log),
      h("details", { class: "chatbox", open: true }, h("summary", {}, "Chat"), this.lines, form, hint));
  }

  /** A state's events as log lines, in the words the server sent with them. */
  addEvents(events, words) {
    for (const { event, text } of logEntries(events, words)) {
      this.log.append(h("li", { class: event === "turn" ? "turn-line" : `ev-${event}` }, text));
    }
    while (this.log.children.length > LOG_LINES) this.log.firstChild.remove();
    // Scrolled to the newest line once drawn (the first state comes before the page is).
    requestAnimationFrame(() => { this.log.scrollTop = this.log.scrollHeight; });
  }

  drawChat(chat, names) {
    put(this.lines, chat.slice(-100).map((c) => h("li", {}, h("b", {}, `${c.name || names(c.seat)}: `), c.text)));
    this.lines.scrollTop = this.lines.scrollHeight;
  }
}
