"""A game's rules in a few words, for the lobby's lists and the invite page.

What this is for: a would-be player or spectator tells games apart by what they are played
by — "4 players · Islands map · Ships (Seafarers) · alternate rules 2, 5 · first to 10" —
even when every game is called "pysettlers game". The words are the rules options' own
(their declarations' labels: ``engine/options.py``), so a new map, scenario or alternate rule
is named here without a line of its own; the lobby summary carries them (``GameOut.
rules_words``) and the browser composes none.

What this is not: the rules (``Rules`` checks them), nor a full description: options left at
their defaults other than the players, the map and the points to win are not named.
"""

from __future__ import annotations

from typing import Any

from pysettlers.engine.options import RULES_OPTIONS

_OPTIONS = {o.name: o for o in RULES_OPTIONS}


def _label(name: str, value: str) -> str:
    """The label of option ``name``'s choice ``value`` (the choice itself if it has none)."""
    return _OPTIONS[name].choice_words().get(value, (value, ""))[0]


def rules_words(rules: dict[str, Any]) -> list[str]:
    """The rules (as a game's summary holds them: ``Rules.to_json``) in a few words each:
    the players, the map, the scenarios, the alternate rules, the options that differ from
    their defaults, the points to win."""
    out: list[str] = []
    players = rules.get("players")
    if isinstance(players, int):
        out.append(f"{players} players")
    map_kind = rules.get("map_kind")
    if isinstance(map_kind, str):
        # "Islands (3–4 players, 1996)" → "Islands map": the player counts are said above.
        short = _label("map_kind", map_kind).split(" (")[0]
        out.append(short if short.lower().startswith("a map") else f"{short} map")
    for name in rules.get("scenarios") or ():
        out.append(_label("scenarios", str(name)))
    alternate = _OPTIONS["alternate"].choices
    numbers = sorted(alternate.index(a) + 1 for a in rules.get("alternate") or () if a in alternate)
    if numbers:
        out.append(
            f"alternate rule{'s' if len(numbers) > 1 else ''} " + ", ".join(str(n) for n in numbers)
        )
    for name in ("trade_build", "large_game_variant"):
        option = _OPTIONS[name]
        value = rules.get(name, option.default)
        in_play = (players or 0) >= (option.min_players or 0)  # (5–8 players' variant)
        if value != option.default and in_play:
            out.append(_label(name, str(value)))
    if isinstance(rules.get("discard_limit"), int):
        out.append(f"discard limit {rules['discard_limit']}")
    if isinstance(rules.get("vp_target"), int):
        out.append(f"first to {rules['vp_target']}")
    return out
