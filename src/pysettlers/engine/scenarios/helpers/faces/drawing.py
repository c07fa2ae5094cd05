"""The Helpers of CATAN in the browser: each seat's helper in the players' panel, the places
Lin's, Vincent's and William's advantages point at, the hand Hilde looks at, and Candamir's
cards typed at a table with real dice (read by ``pysettlers.server.drawing``)."""

from typing import Any

# Each helper's advantage in a line (the card's text, shortened; the engine holds the rules).
_advantages = {
    "candamir": "Buy a development card with one resource substituted: draw three, keep one",
    "hilde": "Look at the hand of a player who shows more points and take a card",
    "jean": "Trade one resource 2:1 with the bank this turn",
    "lin": "Move the robber to the desert and take a card of the hex it left",
    "louis": "Move one of your roads",
    "marianne": "After a roll that pays you nothing: take a resource",
    "nassir": "Take a resource from one or two opponents, then give each a card back",
    "sean": "On a 7: keep a big hand, or take a resource",
    "vincent": "Discard a played knight to build a settlement or city for less",
    "william": "Build a road with one resource substituted",
}

HINTS: dict[str, Any] = {
    "panel": {
        "part": "helpers",
        "member": "players",
        "name": "helper",
        "suffix": "side",
        "class": "helper",
        "titles": _advantages,
    },
    "targets": {
        "lin": {"place": "hex", "arg": 0},  # p0 lin DESERT
        "vincent": {"place": "intersection", "arg": 1},  # p0 vincent settlement|city SITE
        "william": {"place": "path", "arg": 0},  # p0 william PATH BUNDLE
    },
    "chance": {
        "candamir": {
            "outcome": "typed",
            "title": "The three cards drawn",
            "placeholder": "knight+monopoly+victory-point",
        }
    },
    "reveal": {
        "part": "helpers",
        "member": "look",
        "whose": "victim",
        "when": "take",
        "words": "{name}'s hand: ",
    },
}
