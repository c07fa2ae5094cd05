"""What one seat types, written out as the engine's notation: the shorthands players use.

What this is for: the terminal (``terminal.py``) and the MCP seats (``mcp/local.py``,
``mcp/remote.py``) read an action typed by the seat that plays it. Two shorthands are
written out here, the same for all of them:

* the seat may be left out: ``roll`` is ``p0 roll``;
* a domestic offer without ``to …`` is made to every other player: ``offer 1ore for 1brick``
  is ``p0 offer 1ore for 1brick to p1,p2,p3`` (the rulebook's domestic trade is proposed
  to the table; ``to p1,p2`` names fewer).

What this is not: a parser or a rule. The text it returns is plain notation for
:func:`~pysettlers.engine.parse_action`, so anything else typed wrong is refused by the
engine in its own words, and the engine decides what is legal.
"""

from __future__ import annotations

OFFER_KEYWORD = "offer"
"""The notation's keyword of a domestic offer (``p0 offer 1ore for 1brick to p1``)."""


def is_seat(word: str) -> bool:
    """Whether a word is a seat (``p0``): the text names its player."""
    return len(word) > 1 and word[0] == "p" and word[1:].isdigit()


def written_out(text: str, seat: int, players: int) -> str:
    """``text`` typed by ``seat`` (of ``players``) as the full notation: the seat put in
    front when left out, and an offer without ``to`` addressed to every other player."""
    words = text.split()
    if not words:
        return text.strip()
    if not is_seat(words[0]):
        words.insert(0, f"p{seat}")  # "roll" is short for "p0 roll"
    # ``offer GIVE for GET``: exactly the three parts before ``to`` (a malformed offer is
    # left for the notation to refuse, naming what is wrong).
    if words[1].lower() == OFFER_KEYWORD and len(words) == 5 and words[3].lower() == "for":
        maker = int(words[0][1:])
        others = [f"p{q}" for q in range(players) if q != maker]
        if others:
            words += ["to", ",".join(others)]
    return " ".join(words)


def how_to_write(text: str) -> str:
    """For a malformed offer, how one is written (the notation's own error says only what
    is wrong); empty for anything else."""
    words = text.split()
    kind = words[1].lower() if len(words) > 1 and is_seat(words[0]) else ""
    if kind == OFFER_KEYWORD:
        return "write it as offer 1ore for 1brick (to every other player) or … to p1,p2"
    return ""
