// Events in words, for the game log. The events are the engine's (engine/events.py), already
// redacted by the server for this seat: a card drawn by another reads "hidden".

import { RESOURCES, parseBundle } from "./notation.js";

function bundleWords(text) {
  const b = typeof text === "string" ? parseBundle(text) : text;
  const parts = RESOURCES.filter((r) => b[r]).map((r) => `${b[r]} ${r}`);
  return parts.length ? parts.join(", ") : "nothing";
}

/**
 * One event as a sentence (or null for events not worth a line). `who(seat)` names a seat;
 * `ships`: the rules have Seafarers ships, whose Longest Road is the Longest Trade Route.
 */
export function describe(e, who, ships = false) {
  const p = e.player !== undefined && e.player !== null ? who(e.player) : "";
  const longest = ships ? "Longest Trade Route" : "Longest Road";
  switch (e.event) {
    case "start_roll":
      return `Rolls for the start: ${e.rolls.map(([seat, t]) => `${who(seat)}: ${t}`).join(", ")}.`;
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
    case "ship": return `${p} builds a ship at ${e.path}.`;
    case "ship_moved": return `${p} moves a ship from ${e.path} to ${e.to}.`;
    case "settlement": return `${p} builds a settlement.`;
    case "city": return `${p} builds a city.`;
    case "discard": return `${p} discards ${bundleWords(e.cards)}.`;
    case "robber": {
      // (with the pirate the robber may go to a harbor, named by its path: "(2,-1)NE")
      const where = `${p} moves the robber to ${/[NSEW]$/.test(e.hex) ? "the harbor " : ""}${e.hex}`;
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
      // (with Seafarers ships the card is the Longest Trade Route: the view's rules say so)
      return e.holder === null ? `Nobody holds the ${longest} now.` : `${who(e.holder)} takes the ${longest}.`;
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
    // The Helpers of CATAN.
    case "helper_dealt": return `${p} gets the helper ${cap(e.helper)}.`;
    case "helper_display": return null;
    case "helper_decline": return `${p} lets ${cap(e.helper)} pass.`;
    case "helper_flip": return `${p} turns ${cap(e.helper)} to its B side.`;
    case "helper_exchange": return `${p} exchanges ${cap(e.returned)} for ${cap(e.taken)}.`;
    case "candamir": return `${p} uses Candamir: a development card for ${bundleWords(e.paid)}.`;
    case "candamir_draw":
      return e.cards === "hidden" ? `${p} draws three development cards and keeps one.`
        : `${p} draws ${[].concat(e.cards).join(", ")}.`;
    case "hilde": return `${p} uses Hilde to look at ${who(e.victim)}'s hand.`;
    case "hilde_look": return e.hand === "hidden" ? null : `${who(e.victim)}'s hand: ${bundleWords(e.hand)}.`;
    case "hilde_take":
      return e.resource === "hidden" ? `${p} takes a card from ${who(e.victim)}.` : `${p} takes 1 ${e.resource} from ${who(e.victim)}.`;
    case "jean": return `${p} uses Jean: ${e.resource} trades 2:1 this turn.`;
    case "lin":
      return `${p} uses Lin: the robber goes to the desert; ${e.received ? `1 ${e.received}` : "nothing"} from the bank.`;
    case "louis": return `${p} uses Louis to move a road.`;
    case "marianne": return `${p} uses Marianne and takes 1 ${e.resource}.`;
    case "nassir": {
      const from = (e.givers || []).map(who).join(" and ");
      return `${p} uses Nassir: 1 ${e.resource} each from ${from || "nobody (nobody has one)"}.`;
    }
    case "nassir_repay": return `${p} gives ${who(e.partner)} 1 ${e.resource} back.`;
    case "sean":
      return e.resource === null || e.resource === undefined ? `${p} uses Sean: no discard this time.` : `${p} uses Sean and takes 1 ${e.resource}.`;
    case "vincent":
      return `${p} uses Vincent: a played knight for a ${e.level === 2 ? "city" : "settlement"}.`;
    case "william": return `${p} uses William: a road for ${bundleWords(e.paid)}.`;
    // The 1996 alternate rules.
    case "seven_rerolled": return `${p} rolled a 7 in the first two rounds and rolls again.`;
    case "seven_used": return `${p} uses the 7.`;
    case "seven_ignored": return `${p} ignores the 7: no robber, no discards.`;
    case "victory_point_played": return `${p} plays a victory point card.`;
    case "robber_placed": return `${p} moves the robber to ${e.hex} and will steal from ${e.victim === null ? "nobody" : who(e.victim)} unless a knight interrupts.`;
    default: {
      // Scenario events (the helpers): their fields as they come.
      const rest = Object.entries(e).filter(([k]) => k !== "event" && k !== "player")
        .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(",") : v}`).join(", ");
      return `${p} ${e.event.replaceAll("_", " ")}${rest ? ` (${rest})` : ""}.`;
    }
  }
}

function cap(w) {
  return w ? w[0].toUpperCase() + w.slice(1) : String(w);
}

/** Event kinds that start a new paragraph in the log. */
export function isTurnStart(e) {
  return e.event === "turn";
}
