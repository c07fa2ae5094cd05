// The keyboard in the game's dialogs: a dialog opened takes the focus (its first choice),
// Tab and Shift+Tab go round inside it while it is open (never to the board behind it), and
// closing it — Escape, ×, a choice made — gives the focus back to what had it (the board
// target or the button that opened it), so a keyboard player goes on from where they were.
//
// Not for: the dialog itself (dom.js's `dialog`, which this wraps with the same arguments
// and the same {close, el}).

import { dialog as bareDialog } from "./dom.js";

const FOCUSABLE = [
  "button:not([disabled])", "input:not([disabled])", "select:not([disabled])", "textarea:not([disabled])",
  "a[href]", "[tabindex]:not([tabindex='-1'])",
].join(", ");

/** dom.js's `dialog`, holding the keyboard's focus while it is open (module comment). */
export function dialog(title, content, opts = {}) {
  const opener = document.activeElement;
  const d = bareDialog(title, content, { ...opts, onClose: () => {
    document.removeEventListener("keydown", onTab, true);
    if (opts.onClose) opts.onClose();
    // Back to the opener if it is still on the page (a new state may have redrawn it) and
    // no other dialog is open.
    if (opener && opener !== document.body && opener.isConnected && !document.querySelector(".modal")) opener.focus();
  } });
  const focusable = () => [...d.el.querySelectorAll(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  function onTab(e) {
    // Only the newest dialog holds the keyboard (one opened from another, the results').
    if (e.key !== "Tab" || [...document.querySelectorAll(".modal")].pop() !== d.el) return;
    const list = focusable();
    e.preventDefault();
    if (!list.length) return;
    const i = list.indexOf(document.activeElement);
    const next = e.shiftKey ? (i <= 0 ? list.length - 1 : i - 1) : (i < 0 || i === list.length - 1 ? 0 : i + 1);
    list[next].focus();
  }
  document.addEventListener("keydown", onTab, true);
  // The first choice, not the head's ×: what a keyboard player came to choose. Opened by a
  // key (Enter or Space on a board target), once that key is up: focused while it is still
  // down, its press would also choose that first choice.
  const first = focusable().find((el) => !el.closest(".modal-head")) || focusable()[0];
  const opening = window.event;
  if (!first) return d;
  if (opening && opening.type === "keydown") {
    document.addEventListener("keyup", () => { if (d.el.isConnected) first.focus(); }, { once: true, capture: true });
  } else first.focus();
  return d;
}
