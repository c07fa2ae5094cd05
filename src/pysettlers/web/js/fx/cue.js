// The "your turn" cue: a dot and a word in the tab's title, a data attribute the page's CSS
// marks, and a chime, while a person at this page must decide; gone once they act.
//
// Not for: who decides (the server's legal lists, screen.js's `decidingHere`).

export class TitleCue {
  /** `sound`: sound.js's player (the chime). */
  constructor(sound) {
    this.sound = sound;
    this.on = false;
    this.wasDeciding = false;
    this.baseTitle = document.title.replace(/^● [^—]*— /, "") || "pysettlers";
  }

  /**
   * `deciding`: a person on this page must decide now; `st`: the shown state; `quiet`: a
   * sound was played for the last message (the chime waits).
   */
  cue(deciding, st, quiet) {
    if (deciding && !this.wasDeciding) {
      this.on = true;
      if (!quiet) this.sound.play("turn");
    }
    if (!deciding) this.on = false;
    this.wasDeciding = deciding;
    // The tab's title: a word or two of chrome, what the page's seat is asked.
    let label = "Your turn";
    if (st && st.view) {
      const v = st.view;
      if (v.phase === "discard") label = "Discard";
      else if (v.phase === "trade_response" && v.current !== st.seat) label = "Trade offer";
      else if (v.current !== st.seat && v.phase !== "setup_settlement") label = "Your move";
    }
    document.title = this.on ? `● ${label} — ${this.baseTitle}` : this.baseTitle;
    document.documentElement.dataset.cue = this.on ? "on" : "";
  }

  /** This page sent an action: the cue has done its work. */
  acted() {
    this.on = false;
    document.title = this.baseTitle;
    document.documentElement.dataset.cue = "";
  }

  dispose() {
    document.title = this.baseTitle;
    delete document.documentElement.dataset.cue;
  }
}
