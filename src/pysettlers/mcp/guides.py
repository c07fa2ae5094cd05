"""The MCP server's resources: the rules summary, the notation guide and the seat text's
format, as text a model reads once.

What this is for: ``server.py`` serves each as a resource. The rules summary and the
notation guide are the ``llm`` package's texts (``pysettlers.llm.texts``: the same words
the ``llm`` bot's prompt uses), looked up when read, so that the server serves them as soon
as that package is installed; until then a short guide of its own (the notation of
``docs/engine.md``). The seat text's format is the table of ``docs/llm.md``
(``tests/llm/test_mcp.py`` checks that each heading there is here).

What this is not: the texts' single source (``pysettlers.llm.texts`` and the docs are).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Final

from pysettlers.seattext import SEAT_TEXT_FORMAT

NOTATION_FALLBACK: Final = """\
# Action notation

Every action is one line: a seat and a keyword, then the action's items. Board items are
named by axial hex coordinates (q,r): a hex (0,-1), an intersection (0,-1)N (any alias such
as (0,-2)SE is the same corner), a path (0,-1)NE. Resources: brick, lumber, wool, grain, ore;
a bundle is counts joined by + (2ore+1wool).

p0 settlement (0,-1)N · p0 road (0,-1)NE · p0 city (0,-1)N · p0 roll · p0 end · p0 buy ·
p0 knight · p0 road-building · p0 year-of-plenty ore grain · p0 monopoly ore ·
p0 robber (1,0) p2 (move the robber and steal from p2) · p1 discard 2ore+1wool ·
p0 maritime 4ore for 2lumber · p0 offer 1ore for 1brick to p1,p2 (a domestic offer; without
"to", to everyone) · answers to offer number 3: p1 accept #3, p1 reject #3,
p1 counter 1lumber+1ore for 1brick #3 (the counter's author gives the first bundle) ·
the offerer: p0 confirm p1 #3 (trade with p1), p0 cancel #3.

An answer names the offer it answers; one naming an offer since withdrawn or replaced is
refused. The list of legal actions always says what may be played now; send one back.
"""

RULES_FALLBACK: Final = """\
# The game in brief

Two to eight players build settlements, cities and roads on a board of hexes. Each turn the
player whose turn it is rolls two dice; every hex with that number produces its resource
(brick, lumber, wool, grain, ore) for each settlement (1) and city (2) at its corners. A 7
produces nothing: everyone with more than 7 cards discards half (rounded down), and the
roller moves the robber to a hex, which then produces nothing, and steals a card from a
player with a building there. Then the player may trade (with the bank or a harbor, or offer
a domestic trade to the others, who accept, reject or counter; the offerer confirms one
partner or cancels), build (road 1 brick + 1 lumber; settlement 1 brick + 1 lumber + 1 wool
+ 1 grain, two paths away from any other building; city 3 ore + 2 grain on an own
settlement; development card 1 wool + 1 grain + 1 ore) and play one development card.
Points: 1 a settlement, 2 a city, 2 for the Longest Road (5 roads or more), 2 for the
Largest Army (3 knights or more), 1 a victory point card. The first to the game's target
(10 unless the game says otherwise) on their own turn wins. The engine lists every legal
action in notation: choose from it.
"""

SEAT_TEXT_GUIDE: Final = f"""\
# The seat text ({SEAT_TEXT_FORMAT})

get_view writes what your seat knows as labelled sections, in this order; a section with
nothing to say is left out.

| Heading | What it holds |
| --- | --- |
| `# {SEAT_TEXT_FORMAT}` | the first line; then who you are, the players, the target, \
the version and turn, and `Now:` who decides what |
| `## Since you last looked` | one sentence per event since your previous view |
| `## Chat` | the table's chat lines you have not read, `- p2: …` |
| `## Table` | the scores (public points, cards in hand, development cards, knights, road \
length, awards), the bank and deck, the scenarios' public parts, the open offer and its \
answers, and your own hand, development cards and points with hidden cards |
| `## Board` | the fixed facts: every hex (`(q,r) terrain number`) and harbor \
(`rate at path`); get_view with board=false leaves it out |
| `## Pieces` | every player's settlements, cities and roads by name, the scenarios' own \
pieces (ships), and where the robber stands |
| `## Your legal actions (N)` | each legal action as `- <notation> — <meaning>`; send back \
the notation. When an offer is legal a last line says any other offer in the same form is \
allowed too |

The act tool answers with `Accepted: <action>`, then the same `## Since you last looked`,
`## Chat`, `Now:` and `## Your legal actions (N)` parts. get_view with format=json gives
`pysettlers-seat-json/1`: the engine's view JSON, `to_do`, the legal actions with their
meanings, and the chat.
"""


def _llm_text(name: str) -> Callable[[], str] | None:
    """``pysettlers.llm.texts.<name>`` when that package is there (else ``None``)."""
    try:
        texts = importlib.import_module("pysettlers.llm.texts")
    except ImportError:
        return None
    found = getattr(texts, name, None)
    return found if callable(found) else None


def rules_summary() -> str:
    """The rules in brief (the ``llm`` package's, or this module's own)."""
    found = _llm_text("rules_summary")
    return str(found()) if found is not None else RULES_FALLBACK


def notation_guide() -> str:
    """How actions are written (the ``llm`` package's, or this module's own)."""
    found = _llm_text("notation_guide")
    return str(found()) if found is not None else NOTATION_FALLBACK


def seat_text_guide() -> str:
    """How the seat text is laid out (``docs/llm.md``'s table)."""
    return SEAT_TEXT_GUIDE
