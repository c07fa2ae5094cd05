// Resource chips, the small coloured "+2 ore" the effects put on players' panels and under the
// big dice. Not for: the hand's or the pickers' chips (actions.js).

import { h } from "../dom.js";
import { RESOURCE_COLOUR } from "../board.js";
import { RESOURCES, parseBundle } from "../notation.js";

/** An event's bundle (notation text or {resource: n}) as {resource: n}. */
export function bundleOf(x) {
  return typeof x === "string" ? parseBundle(x) : x || {};
}

/** How many cards a bundle holds. */
export function count(b) {
  return RESOURCES.reduce((n, r) => n + (b[r] || 0), 0);
}

/** A resource as a small coloured chip: "+2 ore". */
export function chip(r, text) {
  return h("span", { class: `fx-res res-${r}`, style: `--c:${RESOURCE_COLOUR[r] || "#777"}` }, text);
}

/** A bundle as chips, each with `sign` ("+" or "−"). */
export function chips(bundle, sign) {
  return RESOURCES.filter((r) => bundle[r]).map((r) => chip(r, `${sign}${bundle[r]} ${r}`));
}

/** One card of unknown kind: "+1 card" (a steal between others). */
export function hiddenChip(text) {
  return h("span", { class: "fx-res hidden" }, text);
}
