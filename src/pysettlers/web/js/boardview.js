// The game screen's board box: the board drawn into it, with its zoom and pan kept across
// redraws. The wheel or the buttons zoom, a drag pans a zoomed board, two fingers pinch to
// zoom and move it; a drag or a pinch is never taken for a tap on what lies under it. At
// zoom 1 a finger scrolls the page (CSS touch-action: pan-x pan-y, which also keeps the
// browser's own pinch off the board so that the pinch comes here).
//
// Not for: drawing the board (board.js) or what a tap on a target does (controls.js).

import { h, put } from "./dom.js";
import { applyZoom, drawBoard } from "./board.js";

export class BoardView {
  constructor() {
    this.zoom = { k: 1, dx: 0, dy: 0 };
    this.el = h("div", { class: "board-wrap" });
    this.bar = h("div", { class: "zoom" },
      h("button", { class: "small", "aria-label": "zoom in", onclick: () => this.zoomBy(1.25) }, "+"),
      h("button", { class: "small", "aria-label": "zoom out", onclick: () => this.zoomBy(0.8) }, "−"),
      h("button", { class: "small", "aria-label": "fit the board", onclick: () => this.fit() }, "Fit"));
    this.listen();
  }

  zoomBy(f) {
    this.zoom.k *= f;
    const svg = this.el.querySelector("svg");
    if (svg) applyZoom(svg, this.zoom);
    this.el.classList.toggle("zoomed", this.zoom.k > 1);
  }

  fit() {
    Object.assign(this.zoom, { k: 1, dx: 0, dy: 0 });
    this.zoomBy(1);
  }

  /** Draw `view` (board.js's options: targets, me, recent, marks, onPick), at the kept zoom. */
  draw(view, options) {
    const svg = drawBoard(view, options);
    if (options.targets.length) svg.classList.add("picking");
    applyZoom(svg, this.zoom);
    put(this.el, svg);
    // On a narrow screen the board's box takes the board's shape (the 5–6 board is tall).
    const [, , w, hgt] = svg.dataset.base.split(" ").map(Number);
    this.el.parentElement.style.setProperty("--board-aspect", (w / hgt).toFixed(3));
  }

  // Pointers: one (mouse or finger) drags a zoomed board; two fingers pinch.
  listen() {
    const { el } = this;
    this.drag = null; // a drag (or a pinch) under way: {moved} — then it is no tap
    this.pinch = null;
    this.pointers = new Map();
    el.addEventListener("wheel", (e) => { e.preventDefault(); this.zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15); }, { passive: false });
    el.addEventListener("pointerdown", (e) => this.pointerDown(e));
    el.addEventListener("pointermove", (e) => this.pointerMove(e));
    const end = (e) => this.pointerUp(e);
    el.addEventListener("pointerup", end);
    el.addEventListener("pointercancel", end);
    el.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") { this.pointers.delete(e.pointerId); this.drag = null; } });
    // A drag or a pinch is not a click on what lies under it.
    el.addEventListener("click", (e) => { if (this.drag && this.drag.moved) { e.stopPropagation(); e.preventDefault(); } }, true);
  }

  pointerDown(e) {
    const { pointers, zoom } = this;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 2) {
      this.pinch = { ...this.twoFingers(), k: zoom.k, dx: zoom.dx, dy: zoom.dy };
      this.drag = { moved: true }; // a pinch is never a tap on what lies under it
    } else if (pointers.size === 1 && zoom.k > 1) {
      this.drag = { x: e.clientX, y: e.clientY, dx: zoom.dx, dy: zoom.dy, moved: false };
    }
  }

  pointerMove(e) {
    const { pointers, zoom, pinch, drag } = this;
    const svg = this.el.querySelector("svg");
    if (!svg || !pointers.has(e.pointerId)) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch && pointers.size >= 2) {
      const f = this.twoFingers();
      zoom.k = pinch.k * (f.d / pinch.d);
      applyZoom(svg, zoom); // (clamps k)
      const unit = boardUnit(svg);
      zoom.dx = pinch.dx - (f.x - pinch.x) * unit;
      zoom.dy = pinch.dy - (f.y - pinch.y) * unit;
      this.zoomBy(1);
      return;
    }
    if (!drag || drag.x === undefined) return;
    const mx = e.clientX - drag.x, my = e.clientY - drag.y;
    if (Math.hypot(mx, my) > 6) drag.moved = true;
    if (!drag.moved) return;
    const unit = boardUnit(svg);
    zoom.dx = drag.dx - mx * unit;
    zoom.dy = drag.dy - my * unit;
    applyZoom(svg, zoom);
  }

  pointerUp(e) {
    const { pointers } = this;
    pointers.delete(e.pointerId);
    if (pointers.size < 2) this.pinch = null;
    if (pointers.size) return;
    // (a moved drag stays until its click has been swallowed)
    if (this.drag && this.drag.moved) setTimeout(() => { this.drag = null; }, 0); else this.drag = null;
  }

  twoFingers() {
    const [a, b] = [...this.pointers.values()];
    return { d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
}

// The board's units per screen pixel.
function boardUnit(svg) {
  const [, , w, hgt] = svg.getAttribute("viewBox").split(" ").map(Number);
  return Math.max(w / Math.max(1, svg.clientWidth), hgt / Math.max(1, svg.clientHeight));
}
