// Tiny DOM helpers: build HTML and SVG elements from code, so no template engine or build
// step is needed. h("div", {class: "x", onclick: f}, child, "text") — attributes starting
// with "on" become listeners; null/false children are skipped; arrays are flattened.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

/** Replace the children of `el` with `children`. */
export function put(el, ...children) {
  clear(el);
  return fill(el, {}, children);
}

/**
 * How a hint asks for a pick on the board: "Tap" on a touch screen, "Click" with a mouse (the
 * same test as app.css's for keyboard hints).
 */
export function pointVerb() {
  const touch = typeof matchMedia === "function" && matchMedia("(hover: none), (pointer: coarse)").matches;
  return touch ? "Tap" : "Click";
}

const TOASTS_SHOWN = 3; // a burst (bot turns, refusals) would cover the board: the newest three

/**
 * The toasts' box (app.css places it where it hides the least: over the log on a laptop,
 * under the status line on a phone), with room made for one more toast: the oldest go first.
 */
export function toastBox() {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status" });
    document.body.append(box);
  }
  while (box.children.length >= TOASTS_SHOWN) box.firstElementChild.remove();
  // (A phone puts them just under the game's status line, whose height varies: app.css.)
  const status = document.querySelector(".game .status");
  if (status) box.style.setProperty("--under-status", `${Math.max(0, Math.round(status.getBoundingClientRect().bottom))}px`);
  return box;
}

/** A short-lived message (refusals, copies, reconnects). */
export function toast(text, kind = "info", ms = 5000) {
  const box = toastBox();
  const t = h("div", { class: `toast ${kind}` }, text);
  box.append(t);
  setTimeout(() => t.remove(), ms);
  return t;
}

/** A modal dialog; returns {close}. `content` is a node; buttons come from the caller. */
export function dialog(title, content, { onClose, className, beside = false } = {}) {
  // `beside`: on a wide screen the dialog stands beside the board, which stays visible and
  // undimmed (a trade is made looking at the board); on a phone it is a bottom sheet.
  const back = h("div", { class: `modal-back${beside ? " beside" : ""}` });
  const box = h("div", { class: `modal ${className || ""}`, role: "dialog", "aria-label": title },
    h("div", { class: "modal-head" }, h("h2", {}, title),
      h("button", { class: "icon close", "aria-label": "Close", onclick: () => close() }, "×")),
    content);
  back.append(box);
  openDialogs.add(close);
  function close() {
    openDialogs.delete(close);
    back.remove();
    document.removeEventListener("keydown", onKey, true);
    if (onClose) onClose();
  }
  function onKey(e) {
    if (e.key === "Escape") { e.stopPropagation(); close(); }
  }
  back.addEventListener("click", (e) => { if (e.target === back) close(); });
  document.addEventListener("keydown", onKey, true);
  document.body.append(back);
  return { close, el: box };
}

const openDialogs = new Set();

/** Close every open dialog (a new state may make their choices stale). */
export function closeDialogs() {
  for (const close of [...openDialogs]) close();
}

export function dialogOpen() {
  return openDialogs.size > 0;
}
