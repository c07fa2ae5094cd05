// Per-player badges on the players' panels: "+1 ore" for production and a steal, "−2 wool"
// for a discard or a Monopoly, shown for a few seconds in a row of their own at the foot of
// the player's card (app.css: it opens for them and hides nothing of the card).
//
// Not for: deciding who gained what (the events say so, effects.js reads them).

import { h } from "../dom.js";

export const BADGE_MS = 3400; // a badge's life; CSS uses the same length (app.css, "effects")

export class Badges {
  constructor(now) {
    this.now = now;
    this.live = new Map(); // seat -> [{items, kind, at}]
  }

  /** Seat `seat` gained ("gain") or lost ("loss") `items` (chips) at `at`. */
  add(seat, items, kind, at) {
    if (seat === null || seat === undefined || !items.length) return;
    const list = this.live.get(seat) || [];
    list.push({ items, kind, at });
    this.live.set(seat, list);
  }

  /** Put the live badges on the players' panels just drawn into `container`. */
  decorate(container) {
    const t = this.now();
    for (const [seat, list] of this.live) {
      const live = list.filter((b) => t - b.at < BADGE_MS);
      if (!live.length) { this.live.delete(seat); continue; }
      this.live.set(seat, live);
      const row = container.querySelector(`.player[data-seat='${seat}']`);
      if (!row) continue;
      // The newest two, in a row at the card's foot (app.css): never on the head line, where
      // they squeezed the name, nor over the counts, which they hid (a 7 can bring a discard
      // and a steal at once; the log has the rest). The row opens with its oldest badge.
      const shown = live.slice(-2);
      const el = h("div", { class: "fx-badges", "data-seat": seat, style: `--fx-row-delay:${-Math.round(t - shown[0].at)}ms` });
      el.append(...shown.map((b) => {
        const one = h("span", { class: `fx-badge ${b.kind}`, style: `--fx-delay:${-Math.round(t - b.at)}ms` },
          b.items.map((x) => (x instanceof Node ? x.cloneNode(true) : x)));
        setTimeout(() => { one.remove(); if (!el.children.length) el.remove(); }, BADGE_MS - (t - b.at));
        return one;
      }));
      row.append(el);
    }
  }
}
