// Toasts for what happened to this page's seat (a steal from or by it, its discard): the
// server's words for the event (`event_words`, the log's line), never words of this page.
//
// Not for: refusals and notices (dom.js's `toast`, which shares the box).

import { h, toastBox } from "../dom.js";

const TOAST_MS = 6000;

/**
 * Show `content` (the server's sentence) as a toast of `kind` ("steal", "discard") for `ms`;
 * `attrs`: the toast's own attributes (a hotseat seat's secret is marked whose it is).
 */
export function toast(content, kind, { ms = TOAST_MS, attrs = {} } = {}) {
  const box = toastBox(); // (the newest three of every kind: the oldest make room)
  const el = h("div", { class: `toast fx ${kind}`, ...attrs }, content);
  box.append(el);
  setTimeout(() => el.remove(), ms);
}
