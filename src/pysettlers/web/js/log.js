// The game log's lines. The words are the server's, never composed here: each state message
// (and each replay step) carries `event_words`, one sentence per event of `view.events`, made
// by the server's one vocabulary (pysettlers.words) for this seat — places by terrain and
// number, seats by name, "you" for this seat, a secret only where this seat may know it.

/**
 * The log lines of a batch of events: [{event, text}] for each event that has words
 * (`null` words: nothing to say to this seat).
 */
export function logEntries(events, words) {
  const out = [];
  (events || []).forEach((e, i) => {
    const text = words ? words[i] : null;
    if (text) out.push({ event: e.event, text });
  });
  return out;
}

/** Event kinds that start a new paragraph in the log. */
export function isTurnStart(e) {
  return e.event === "turn";
}
