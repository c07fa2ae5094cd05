// The big dice: the roll shown large over the board for a moment, with the server's caption
// ("Anna rolled", "Anna: the robber!") and who the roll paid (on a phone the players' panels
// are below the fold: this is where production is seen) — or the server's "nobody gets
// anything".
//
// Not for: the dice beside the board (game.js) or the rolled hexes' marks (highlights.js).

import { h } from "../dom.js";
import { playerColour, playerInk, seatLabel } from "../board.js";
import { chips } from "./chips.js";

const DICE_MS = 2200; // the big dice (with who was paid)
const DICE_MIN_MS = 700; // ...at least, when the board changes under them (a robber, a piece)

export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export class DiceOverlay {
  /** `stage`: the element over the board; `names(seat)`; `now()`: the clock. */
  constructor(stage, { names, now }) {
    this.stage = stage;
    this.names = names;
    this.now = now;
    this.timer = null;
    this.at = -Infinity;
  }

  /**
   * Show the roll event `e`: `caption`, the server's words for it; `paid`, [[seat, bundle]]
   * of the production that followed (null: none came, as after a 7); `nobody`, the server's
   * words for a production that paid no one.
   */
  show(e, { caption, paid, nobody, me }) {
    const [a, b] = e.dice;
    const sum = a + b;
    const still = reducedMotion();
    const lines = (paid || []).map(([q, got]) => h("li", { "data-seat": q },
      h("span", { class: "fx-seat", style: `background:${playerColour(q)};color:${playerInk(q)}` }, seatLabel(q)),
      h("span", { class: "fx-name" }, q === me ? "You" : this.names(q)), chips(got, "+")));
    this.stage.replaceChildren(h("div", { class: `fx-dice${sum === 7 ? " seven" : ""}${still ? "" : " moving"}`, "data-sum": sum },
      h("div", { class: "fx-dice-row" }, bigDie(a), bigDie(b, true), h("span", { class: "fx-dice-sum" }, String(sum))),
      caption ? h("div", { class: "fx-dice-who" }, caption) : null,
      paid && !lines.length && nobody ? h("div", { class: "fx-paid none" }, nobody) : null,
      lines.length ? h("ul", { class: "fx-paid" }, lines) : null));
    this.at = this.now();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.stage.replaceChildren(), DICE_MS);
  }

  /** The board changes (the robber moves, a piece is placed): the dice make way for it. */
  makeWay() {
    if (!this.stage.firstChild) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.stage.replaceChildren(), Math.max(0, DICE_MIN_MS - (this.now() - this.at)));
  }

  dispose() {
    clearTimeout(this.timer);
  }
}

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };

function bigDie(n, red = false) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "-12 -12 24 24");
  svg.setAttribute("class", `fx-die${red ? " red" : ""}`);
  const rect = document.createElementNS(ns, "rect");
  for (const [k, v] of Object.entries({ x: -11, y: -11, width: 22, height: 22, rx: 4 })) rect.setAttribute(k, v);
  svg.append(rect);
  for (const [x, y] of PIPS[n] || []) {
    const c = document.createElementNS(ns, "circle");
    c.setAttribute("cx", x * 5.5); c.setAttribute("cy", y * 5.5); c.setAttribute("r", 2.2);
    svg.append(c);
  }
  return svg;
}
