// The game screen's status line — the turn, whose decision it is and what it is in words,
// the turn timer counting down, a stand-in bot, the last refusal — and, in hotseat, the
// pass-the-device card shown before each hand.
//
// Not for: the controls (controls.js), the screen's state (screen.js), or the words of the
// game's events (the server's, log.js).

import { h, put } from "./dom.js";
import { swatch } from "./panels.js";

const PHASE_WORDS = {
  setup_settlement: "place a settlement", setup_road: "place a road next to it",
  pre_roll: "roll the dice", discard: "discard", move_robber: "move the robber",
  main: "build, trade or end the turn", build: "build or end the turn",
  road_building: "place the free roads", trade_response: "answer the trade offer",
  trade_confirm: "choose a trade partner", special_build: "build (Special Building Phase) or pass",
  helper_after: "turn the helper over or exchange it", helper_react: "use the helper or let it pass",
  hilde_take: "take a card", candamir_keep: "keep one card", nassir_repay: "give cards back",
  // The 1996 alternate rules: 5, the roller may ignore a 7; 8, knights interrupt the robber.
  seven_choice: "use the 7 or ignore it", knight_window: "interrupt with a knight or let the robber be",
  knight_move: "move the robber (knight)",
};

/** The status line of `st` into `box`. `refusal`: the error message to show, if any. */
export function drawStatus(box, st, { seats, names, refusal }) {
  const v = st.view;
  let text;
  let mine = false;
  if (st.status === "open") {
    const free = seats.filter((x) => !x.taken).length;
    text = `Waiting for ${free} more player${free === 1 ? "" : "s"} to join.`;
  } else if (v.phase === "game_over") {
    text = `${names(v.winner)} wins the game!`;
  } else if (st.status === "finished") {
    // Ended by the server without a winner (its bound on a game's length, or an operator).
    text = st.ended === "turn_limit" ? "The game reached its turn limit and ended without a winner."
      : "The game was ended without a winner.";
  } else {
    const words = PHASE_WORDS[v.phase] || v.phase.replaceAll("_", " ");
    mine = st.legal.length > 0;
    if (mine) {
      const owed = v.players[st.seat].discard_owed;
      if (v.phase === "discard") text = `Discard ${owed} card${owed === 1 ? "" : "s"}.`;
      else if (v.phase === "road_building") text = `Place ${v.free_roads} free road${v.free_roads === 1 ? "" : "s"}.`;
      else if (v.phase === "trade_response" && v.current !== st.seat) text = `${names(v.current)} offers you a trade.`;
      else text = `${v.current === st.seat || v.phase === "setup_settlement" ? "Your turn" : "You"}: ${words}.`;
    } else {
      const who = v.deciders.map(names).join(", ");
      text = `${who || names(v.current)}: ${words}…`;
    }
  }
  const parts = [h("span", { class: "turn" }, st.status === "in_progress" ? turnWords(v) : ""),
    st.view && st.status !== "open" ? swatch(v.phase === "game_over" ? v.winner ?? v.current : (v.deciders[0] ?? v.current)) : null,
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

/** The status line's turn: the set-up's rounds by name (turn 0 is the set-up). */
function turnWords(v) {
  if (v.phase === "setup_settlement" || v.phase === "setup_road") {
    return v.setup_step >= v.players.length ? "Set-up, round 2" : "Set-up";
  }
  return `Turn ${v.turn}`;
}
