"""The texts a language model reads before it plays: the rules in brief and the notation.

What this is for: the ``llm`` bot's system prompt and the MCP server's resources read the
same two Markdown files, shipped with the package (``rules.md``, ``notation.md``), written in
our own words. :func:`rules_summary` adds a line for each scenario, alternate rule or special
map in play, so a model is told of the rules its game has and of no others.

What this is not: the rulebooks (``docs/`` and ``rules/`` hold the full text), nor the
seat's view (``pysettlers.seattext``).
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Final

from pysettlers.engine import Rules
from pysettlers.faces import faces_on

MAP_LINES: Final = {
    "islands": (
        "Islands map: water hexes separate the land; bridges may be built across water, and "
        "the distance rule does not count across it."
    ),
    "big-islands": (
        "Big islands map: water hexes separate the land; bridges may be built across water, "
        "and the distance rule does not count across it."
    ),
}


def _read(name: str) -> str:
    return files(__name__).joinpath(name).read_text(encoding="utf-8")


@cache
def notation_summary() -> str:
    """The notation of every action, in brief (``notation.md``)."""
    return _read("notation.md")


@cache
def _base_rules() -> str:
    return _read("rules.md")


def rules_summary(rules: Rules | None = None) -> str:
    """The rules in brief (``rules.md``), with a line per scenario, alternate rule and
    special map of ``rules`` in play (none for ``None``: the base game)."""
    text = _base_rules()
    if rules is None:
        return text
    # Each scenario in play says what it changes in its words face (``IN_BRIEF``); the
    # alternate rules and the islands' maps are said below, from the rules' own options.
    extra = [face.IN_BRIEF for face in faces_on("words", rules) if hasattr(face, "IN_BRIEF")]
    if rules.map_kind in MAP_LINES:
        extra.append(MAP_LINES[rules.map_kind])
    if rules.alternate:
        names = ", ".join(n.replace("_", " ") for n in rules.alternate)
        extra.append(f"Alternate rules in play: {names}.")
    if rules.vp_target != 10:
        extra.append(f"The target in this game is {rules.vp_target} victory points.")
    if rules.discard_max != 7:
        extra.append(f"On a 7, a hand of more than {rules.discard_max} cards discards half.")
    if rules.special_building:
        extra.append(
            "Special building: after each turn, the other players in order may build (and "
            "buy), but not trade or play cards."
        )
    if rules.trade_build == "separate":
        extra.append("Trade first, then build: no trade after your first build of a turn.")
    if not extra:
        return text
    return text.rstrip("\n") + "\n\n## In this game\n" + "".join(f"- {e}\n" for e in extra)


__all__ = ["MAP_LINES", "SCENARIO_LINES", "notation_summary", "rules_summary"]
