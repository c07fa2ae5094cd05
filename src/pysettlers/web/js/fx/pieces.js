// New pieces dropping in, and the robber's move: when each happened, for board.js to animate
// them for a moment (`marks()`).
//
// Not for: which pieces are new (the events say so, effects.js reads them).

export const PLACED_MS = 700; // a new piece dropping in; CSS uses the same length (app.css)

export class PieceMoves {
  constructor(now) {
    this.now = now;
    this.placed = new Map(); // site name -> when a piece was placed there
    this.robberAt = -Infinity; // when the robber last moved
  }

  place(site, at) { this.placed.set(site, at); }

  robber(at) { this.robberAt = at; }

  /** For drawBoard: each new piece's age, and the robber's (null: not moving). */
  marks() {
    const t = this.now();
    const ages = new Map();
    for (const [name, at] of this.placed) {
      if (t - at < PLACED_MS) ages.set(name, t - at); else this.placed.delete(name);
    }
    return { placed: ages, robberAge: t - this.robberAt < PLACED_MS ? t - this.robberAt : null };
  }
}
