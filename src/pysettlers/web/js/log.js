// Events in words, for the game log. The events are the engine's (engine/events.py), already
// redacted by the server for this seat: a card drawn by another reads "hidden".

import { RESOURCES, parseBundle } from "./notation.js";

function bundleWords(text) {
  const b = typeof text === "string" ? parseBundle(text) : text;
  const parts = RESOURCES.filter((r) => b[r]).map((r) => `${b[r]} ${r}`);
  return parts.length ? parts.join(", ") : "nothing";
}

/** One event as a sentence (or null for events not worth a line). `who(seat)` names a seat. */
export function describe(e, who) {
  const p = e.player !== undefined && e.player !== null ? who(e.player) : "";
  switch (e.event) {
    case "start_roll":
      return `Rolls for the start: ${e.rolls.map(([seat, t]) => `${who(seat)} ${t}`).join(", ")}.`;
    case "starting_resources": return `${p} takes ${bundleWords(e.resources)} to start.`;
    case "roll": return `${p} rolls ${e.dice[0]} + ${e.dice[1]} = ${e.dice[0] + e.dice[1]}.`;
    case "produce": {
      const n = e.received.length / 5;
      const lines = [];
      for (let q = 0; q < n; q++) {
        const got = {};
        RESOURCES.forEach((r, i) => { if (e.received[5 * q + i]) got[r] = e.received[5 * q + i]; });
        if (Object.keys(got).length) lines.push(`${who(q)} ${bundleWords(got)}`);
      }
      return lines.length ? `Production: ${lines.join("; ")}.` : `Nobody produces on ${e.total}.`;
    }
    case "road": return `${p} builds a road.`;
    case "settlement": return `${p} builds a settlement.`;
    case "city": return `${p} builds a city.`;
    case "discard": return `${p} discards ${bundleWords(e.cards)}.`;
    case "robber": {
      const where = `${p} moves the robber to ${e.hex}`;
      if (e.victim === null) return `${where}.`;
      if (e.stolen === null) return `${where}; ${who(e.victim)} has nothing to steal.`;
      if (e.stolen === "hidden") return `${where} and steals a card from ${who(e.victim)}.`;
      return `${where} and steals 1 ${e.stolen} from ${who(e.victim)}.`;
    }
    case "draw":
      return e.card === "hidden" ? `${p} buys a development card.` : `${p} buys a development card: ${e.card}.`;
    case "knight": return `${p} plays a knight.`;
    case "road_building": return `${p} plays Road Building.`;
    case "year_of_plenty":
      return `${p} plays Year of Plenty: ${e.resource}${e.second ? ` and ${e.second}` : ""}.`;
    case "monopoly": {
      const total = e.taken.reduce((a, b) => a + b, 0);
      return `${p} plays Monopoly on ${e.resource} and takes ${total}.`;
    }
    case "longest_road":
      return e.holder === null ? "Nobody holds the Longest Road now." : `${who(e.holder)} takes the Longest Road.`;
    case "largest_army": return e.holder === null ? null : `${who(e.holder)} takes the Largest Army.`;
    case "maritime": return `${p} trades ${bundleWords(e.give)} with the bank for ${bundleWords(e.get)}.`;
    case "offer":
      return `${p} offers ${bundleWords(e.give)} for ${bundleWords(e.get)}${e.to && e.to.length ? ` to ${e.to.map(who).join(", ")}` : ""}.`;
    case "answer":
      if (e.answer === "counter") return `${p} counters: gives ${bundleWords(e.give)} for ${bundleWords(e.get)}.`;
      return `${p} ${e.answer === "accept" ? "accepts" : e.answer === "reject" ? "rejects" : e.answer}.`;
    case "offer_closed": return `${p}'s offer is closed.`;
    case "trade": return `${p} trades ${bundleWords(e.give)} to ${who(e.partner)} for ${bundleWords(e.get)}.`;
    case "turn": return `— Turn ${e.turn}: ${p} —`;
    case "special_build": return `${p} may build (Special Building Phase).`;
    case "win": return `${p} wins with ${e.points} points!`;
    default: {
      // Scenario events (the helpers): their fields as they come.
      const rest = Object.entries(e).filter(([k]) => k !== "event" && k !== "player")
        .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(",") : v}`).join(", ");
      return `${p} ${e.event.replaceAll("_", " ")}${rest ? ` (${rest})` : ""}.`;
    }
  }
}

/** Event kinds that start a new paragraph in the log. */
export function isTurnStart(e) {
  return e.event === "turn";
}
