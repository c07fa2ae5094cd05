// The rolled number's hexes, marked for the rest of the turn and glowing for a moment after
// a roll this page saw happen (board.js draws both from `marks()`).
//
// Not for: new pieces and the robber's move (pieces.js).

export const ROLL_MS = 2600; // the rolled hexes' glow; CSS uses the same length (app.css)

export class RollHighlight {
  constructor(now) {
    this.now = now;
    this.rolled = null; // {n, at}: this turn's roll (at: performance.now(), or -Infinity: old news)
  }

  /** A new turn: no number is marked until its roll. */
  turn() { this.rolled = null; }

  /** `n` was rolled at `at` (-Infinity: quietly, no glow). */
  roll(n, at) { this.rolled = { n, at }; }

  /** For drawBoard: the number marked, and how long ago it glowed in (null: no glow). */
  marks() {
    const t = this.now();
    const { rolled } = this;
    return { rolled: rolled ? rolled.n : null, rollAge: rolled && t - rolled.at < ROLL_MS ? t - rolled.at : null };
  }
}
