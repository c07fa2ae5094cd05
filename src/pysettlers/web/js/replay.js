// Replays: not written yet (issue 12, point 8).
import { h, put } from "./dom.js";

export async function openReplay(root, game) {
  put(root, h("div", { class: "page" }, h("h1", {}, "Replay"),
    h("p", {}, "The replay viewer is not written yet."),
    game ? h("p", {}, h("a", { href: `/api/games/${encodeURIComponent(game)}/record` }, "Download the record")) : null,
    h("a", { href: "#/" }, "Back to the lobby")));
  return () => {};
}
