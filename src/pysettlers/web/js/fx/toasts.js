// Toasts for what happened to this page's seat (a steal from or by it, its discard): the
// server's words for the event (`event_words`, the log's line), never words of this page.
//
// Not for: refusals and notices (dom.js's `toast`, which shares the box).

import { h } from "../dom.js";

const TOAST_MS = 6000;

/** Show `content` (the server's sentence) as a toast of `kind` ("steal", "discard"). */
export function toast(content, kind) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status" });
    document.body.append(box);
  }
  const old = box.querySelectorAll(".toast.fx");
  if (old.length >= 3) old[0].remove(); // a burst of bot turns: the newest three
  const el = h("div", { class: `toast fx ${kind}` }, content);
  box.append(el);
  setTimeout(() => el.remove(), TOAST_MS);
}
