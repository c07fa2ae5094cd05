// The client's entry point: a tiny hash router. #/ lobby · #/game/ID play or watch ·
// #/replay[/ID] replays · /join/ID?invite=CODE (the server's invite links) the join page.
// No framework and no build step: the browser loads these ES modules as they are.

import { openLobby, openJoin } from "./lobby.js";
import { openGame } from "./game.js";

const root = document.getElementById("app");
let leave = () => {};

async function route() {
  leave();
  leave = () => {};
  window.scrollTo(0, 0);
  const path = location.pathname;
  const join = /^\/join\/([^/]+)$/.exec(path);
  if (join) {
    const invite = new URLSearchParams(location.search).get("invite") || "";
    const game = decodeURIComponent(join[1]);
    // Once joined, continue on the app's own address.
    history.replaceState(null, "", "/");
    leave = openJoin(root, game, invite);
    return;
  }
  const hash = location.hash.replace(/^#/, "") || "/";
  const parts = hash.split("/").filter(Boolean).map(decodeURIComponent);
  document.body.dataset.page = parts[0] || "lobby";
  if (parts[0] === "game" && parts[1]) {
    leave = await openGame(root, parts[1]);
  } else if (parts[0] === "replay") {
    const { openReplay } = await import("./replay.js");
    leave = await openReplay(root, parts[1]);
  } else {
    leave = openLobby(root);
  }
}

window.addEventListener("hashchange", route);
route();
