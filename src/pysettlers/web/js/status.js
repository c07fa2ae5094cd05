// The game screen's status line — the turn, whose decision it is and what it is in words,
// the turn timer counting down, a stand-in bot, the last refusal — and, in hotseat, the
// pass-the-device card shown before each hand.
//
// Not for: the controls (controls.js), the screen's state (screen.js), or the words of the
// game: what must be done now is the server's `to_do` line, the events its `event_words`.

import { h, put } from "./dom.js";
import { swatch } from "./panels.js";

/** The status line of `st` into `box`. `refusal`: the error message to show, if any. */
export function drawStatus(box, st, { seats, names, refusal }) {
  const v = st.view;
  // The line is the server's words (`to_do`, pysettlers.words: the terminal reads the same
  // table); only an open game's wait for its players is counted here, from the seats.
  let text = st.to_do;
  if (st.status === "open") {
    const free = seats.filter((x) => !x.taken).length;
    text = `Waiting for ${free} more player${free === 1 ? "" : "s"} to join.`;
  }
  const mine = st.status !== "open" && v.phase !== "game_over" && st.legal.length > 0;
  const who = st.view && st.status !== "open" ? spokenTo(st) : [];
  const parts = [h("span", { class: "turn" }, st.status === "in_progress" ? turnWords(v) : ""),
    who.length ? h("span", { class: "who", "data-seats": who.join(" "), "aria-label": who.map((q) => names(q)).join(", ") }, who.map(swatch)) : null,
    h("span", { class: "what" }, text)];
  if (st.seat === null) parts.push(h("span", { class: "badge" }, "watching"));
  if (st.deadline !== null && st.deadline !== undefined && st.legal.length) {
    parts.push(h("span", { class: "deadline", title: "time left for this decision; then a bot decides" }));
  }
  if (st.stand_in) parts.push(h("span", { class: "badge warn" }, "a bot is playing for you"));
  if (refusal) parts.push(h("div", { class: "refusal", role: "alert" }, refusalText(refusal)));
  put(box, ...parts);
  box.classList.toggle("mine", mine);
  tickDeadline(box, st);
}

// The turn timer's badge counts down each second between states (the server sends the
// seconds left only with a state).
export function tickDeadline(box, st) {
  const badge = box.querySelector(".deadline");
  if (!badge || !st || st.deadline === null || st.deadline === undefined) return;
  const left = Math.max(0, Math.ceil(st.deadline - (performance.now() - st.receivedAt) / 1000));
  badge.textContent = `${left} s`;
  badge.dataset.left = left;
  badge.classList.toggle("low", left <= 10);
}

/**
 * Hotseat: the page emptied but for "pass the device to …" (and why: a trade offer to answer
 * or confirm, or a turn); `onReveal` when that person says they hold it.
 */
export function passCard(seat, st, names, onReveal) {
  const who = names(seat);
  const v = st && st.view;
  let why = null;
  if (v && v.offer && v.phase === "trade_response" && v.current !== seat) why = `${names(v.current)} offers ${who} a trade.`;
  else if (v && v.offer && v.phase === "trade_confirm" && v.current === seat) why = `The answers to ${who}'s trade offer are in.`;
  return h("div", { class: "pass", "data-pass": seat },
    h("div", { class: "pass-card" },
      swatch(seat),
      h("h1", {}, `Pass the device to ${who}`),
      why ? h("p", { class: "pass-why" }, why) : null,
      h("p", {}, "Everything private is hidden. When only ", h("b", {}, who), " is looking:"),
      h("button", { class: "primary big", "data-reveal": seat, onclick: onReveal }, `I am ${who}: show my cards`),
      h("p", {}, h("a", { href: "#/" }, "Back to the lobby"))));
}

export function refusalText(msg) {
  return `Refused: ${msg.message}${msg.rule ? ` (rule: ${msg.rule})` : ""}`;
}

/**
 * The seats the line speaks to, for their badges: this seat when it asks this seat (it has
 * legal actions: "Discard 4 cards.", "Your turn: …"), else everyone the line names — all who
 * must act ("Anna and Ben: discard half of their cards…"), an offer's answerers without its
 * maker, who only waits (as the server's words do: pysettlers.words.todo `doing`) — and the
 * winner of a game won. A game ended without a winner: none.
 */
export function spokenTo(st) {
  const v = st.view;
  if (v.phase === "game_over") return [v.winner ?? v.current];
  if (st.status === "finished") return [];
  if (st.seat !== null && st.legal.length) return [st.seat];
  let who = v.deciders || [];
  if (v.phase === "trade_response") who = who.filter((q) => q !== v.current);
  return who.length ? who : [v.current];
}

/** The status line's turn: the set-up's rounds by name (turn 0 is the set-up). */
function turnWords(v) {
  if (v.phase === "setup_settlement" || v.phase === "setup_road") {
    return v.setup_step >= v.players.length ? "Set-up, round 2" : "Set-up";
  }
  return `Turn ${v.turn}`;
}
