"""The MCP server's resources: the rules summary, the notation guide and the seat text's
format, as text a model reads once.

What this is for: ``server.py`` serves each as a resource. The rules summary and the
notation guide are the ``llm`` package's texts (``pysettlers.llm.texts``: the same words
the ``llm`` bot's prompt uses; plain package data, no model SDK needed). The seat text's
format is the table of ``docs/llm.md``
(``tests/llm/test_mcp.py`` checks that each heading there is here).

What this is not: the texts' single source (``pysettlers.llm.texts`` and the docs are).
"""

from __future__ import annotations

from typing import Final

from pysettlers.llm import texts
from pysettlers.seattext import SEAT_TEXT_FORMAT

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


def rules_summary() -> str:
    """The rules in brief: the ``llm`` bot's own text (``pysettlers.llm.texts``)."""
    return texts.rules_summary()


def notation_guide() -> str:
    """How actions are written: the ``llm`` bot's own text."""
    return texts.notation_summary()


def seat_text_guide() -> str:
    """How the seat text is laid out (``docs/llm.md``'s table)."""
    return SEAT_TEXT_GUIDE
