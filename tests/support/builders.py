"""Small builders for the per-rule tests: readable positions and played-out sequences.

What this is for: setting a position up the way a reader of the rulebook describes it —
"p0 has a settlement on (0,-1)N and a road on (0,-1)NE, holds 2 lumber and 3 ore" — and
playing notation strings against it, so each test reads like the Almanac example it checks.
Positions are built as ``save_state`` JSON and loaded with ``load_state``, which rebuilds
every cached value (points, blocked intersections, harbor ratios, road lengths, pieces
left) from the pieces, so no test pokes a cached field.

What this is not: a rules engine. Apart from two sanity checks that catch typos in a
test's own position (the distance rule; every road leads to a building of its owner) it
does not judge positions; the engine does that when actions are played. Card counts are
conserved by default: the bank holds its full stock of each resource (19 in the base game)
minus what the hands hold, and the deck holds its cards (25) minus those held or played.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from pysettlers.engine import (
    Board,
    GameState,
    IllegalActionError,
    Outcome,
    Rules,
    apply_checked,
    format_action,
    legal_actions,
    load_state,
    make_board,
    new_game,
    parse_action,
    save_state,
)
from pysettlers.engine.actions import dev_name, format_bundle, parse_bundle, resource_name
from pysettlers.engine.awards import trail_length
from pysettlers.engine.data import LARGEST_ARMY_MIN, LONGEST_ROAD_MIN
from pysettlers.engine.scenarios.helpers import helpers_of
from pysettlers.engine.scenarios.helpers.rules import deal_all

BEGINNER = Rules(map_kind="beginner")
"""Four players on the map of Illustration A (known terrain and numbers), combined phase."""

AUTO = "auto"
"""Award holder computed as if the position had been reached by building up to it: the one
player alone with the most (at least 5 roads / 3 knights), else nobody."""

Step = str | tuple[str, Outcome]
"""An action in notation, optionally with its chance outcome (dice, card drawn, card stolen)."""

_RES = tuple(resource_name(r) for r in range(5))
_DEV = tuple(dev_name(d) for d in range(5))
_DEV_ITEM = re.compile(r"^(\d*)([a-z-]+)$")


def _seat(key: str) -> int:
    m = re.fullmatch(r"p(\d)", key)
    if not m:
        raise ValueError(f"player keys are 'p0', 'p1', ... (got {key!r})")
    return int(m.group(1))


def dev_bundle(text: str) -> tuple[int, int, int, int, int]:
    """Development cards in the notation's style: ``"2knight+victory-point"``."""
    counts = [0] * 5
    if text.strip() in ("", "nothing"):
        return (0, 0, 0, 0, 0)
    for item in text.split("+"):
        m = _DEV_ITEM.match(item.strip())
        if not m or m.group(2) not in _DEV:
            raise ValueError(f"{item!r} is not a development card item like '2knight'")
        counts[_DEV.index(m.group(2))] += int(m.group(1)) if m.group(1) else 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def board_with(rules: Rules, hexes: Mapping[str, tuple[str, int]]) -> Board:
    """The rules' map with some hexes changed, e.g. ``{"(0,-1)": ("hills", 4)}``."""
    doc = make_board(rules).to_json()
    for item in doc["hexes"]:
        if item["hex"] in hexes:
            item["terrain"], item["number"] = hexes[item["hex"]]
    return Board.from_json(doc)


def position(
    rules: Rules = BEGINNER,
    *,
    board: Board | None = None,
    pieces: Mapping[str, Mapping[str, Sequence[str]]] | None = None,
    hands: Mapping[str, str] | None = None,
    dev: Mapping[str, str] | None = None,
    bought: Mapping[str, str] | None = None,
    knights: Mapping[str, int] | None = None,
    phase: str = "main",
    current: int = 0,
    turn: int = 10,
    first_player: int = 0,
    robber: str | None = None,
    bank: str | None = None,
    longest_road: int | str | None = AUTO,
    largest_army: int | str | None = AUTO,
    dev_played: bool = False,
) -> GameState:
    """A position on the rules' map (or ``board``) with exactly the pieces and cards given.

    * ``pieces`` — ``{"p0": {"settlements": [...], "cities": [...], "roads": [...]}}``, by
      intersection and path names (any alias);
    * ``hands`` — ``{"p1": "2lumber+3ore"}``; ``dev`` — ``{"p0": "knight+victory-point"}``
      (cards held); ``bought`` — those of the held cards bought this turn; ``knights`` —
      knight cards played;
    * ``phase``/``current``/``turn`` — whose turn and where in it (``"pre_roll"``, ``"main"``,
      ``"build"``); ``robber`` — its hex (default: where the map puts it, the desert);
    * ``bank`` — the bank's cards, if not the conserved default (e.g. a bank running short);
      the cards neither in the bank nor in a given hand are then held by the last player
      whose hand is not given, so that cards stay conserved (``load_state`` refuses a
      position where they are not);
    * ``longest_road``/``largest_army`` — a seat, ``None`` (set aside) or :data:`AUTO`.
    """
    s0 = new_game(rules, first_player=first_player, board=board)
    hx = helpers_of(s0)
    if hx is not None and hx.stack == 0:
        deal_all(s0)  # a position after the set-up phase: every player has their helper
    doc: dict[str, Any] = save_state(s0)
    topo = s0.topo
    n = rules.players
    doc["phase"] = phase
    doc["current"] = current
    doc["turn"] = turn
    doc["first_player"] = first_player
    doc["setup_step"] = 2 * n
    doc["development_card_played"] = dev_played
    if robber is not None:
        doc["robber"] = robber
    buildings: dict[str, dict[str, Any]] = {}
    roads: dict[str, int] = {}
    for key, items in (pieces or {}).items():
        p = _seat(key)
        unknown = set(items) - {"settlements", "cities", "roads"}
        if unknown:
            raise ValueError(f"unknown piece kinds {sorted(unknown)}")
        for kind, word in (("settlements", "settlement"), ("cities", "city")):
            for name in items.get(kind, ()):
                buildings[topo.intersection_names[topo.parse_intersection(name)]] = {
                    "player": p,
                    "kind": word,
                }
        for name in items.get("roads", ()):
            canonical = topo.path_names[topo.parse_path(name)]
            if canonical in roads:
                raise ValueError(f"two roads on {name}")
            roads[canonical] = p
    taken = [topo.parse_intersection(name) for name in buildings]
    for v in taken:
        if any(w in taken for w in topo.intersection_neighbors[v]):
            raise ValueError(
                f"test position breaks the distance rule at {topo.intersection_names[v]}"
            )
    _check_roads_reach_buildings(topo, buildings, roads)
    doc["buildings"] = buildings
    doc["roads"] = roads

    held = [0] * 5
    held_dev = [0] * 5
    for p, item in enumerate(doc["players"]):
        key = f"p{p}"
        hand = parse_bundle((hands or {}).get(key, "nothing"))
        cards = dev_bundle((dev or {}).get(key, ""))
        new = dev_bundle((bought or {}).get(key, ""))
        if any(new[d] > cards[d] for d in range(5)):
            raise ValueError(f"{key} cannot have bought cards it does not hold")
        k = (knights or {}).get(key, 0)
        played = (k, 0, 0, 0, 0)
        item["hand"] = dict(zip(_RES, hand))
        item["development_cards"] = dict(zip(_DEV, cards))
        item["bought_this_turn"] = dict(zip(_DEV, new))
        item["knights"] = k
        if "played" in item:  # the position format counts the cards each player has played
            item["played"] = dict(zip(_DEV, played))
        for r in range(5):
            held[r] += hand[r]
        for d in range(5):
            held_dev[d] += cards[d] + played[d]
    if bank is None:
        left = [rules.bank_per_resource - held[r] for r in range(5)]
        if min(left) < 0:
            raise ValueError("the hands hold more cards than the game has")
    else:
        left = list(parse_bundle(bank))
        missing = [rules.bank_per_resource - held[r] - left[r] for r in range(5)]
        if any(missing):
            others = [p for p in range(n) if f"p{p}" not in (hands or {})]
            if min(missing) < 0 or not others:
                raise ValueError("the bank and the hands hold more or fewer cards than the game")
            item = doc["players"][others[-1]]
            item["hand"] = dict(zip(_RES, missing))
    doc["bank"] = dict(zip(_RES, left))
    deck = [rules.deck[d] - held_dev[d] for d in range(5)]
    if min(deck) < 0:
        raise ValueError("the players hold more development cards than the deck has")
    doc["deck"] = dict(zip(_DEV, deck))

    # The award holders are worked out before loading: load_state refuses a position whose
    # holders break the Almanac's rules (e.g. Longest Road set aside with a sole leader).
    if longest_road == AUTO:
        owner_at = [-1] * topo.n_intersections
        for name, item in buildings.items():
            owner_at[topo.parse_intersection(name)] = item["player"]
        road_at = [-1] * topo.n_paths
        for name, p in roads.items():
            road_at[topo.parse_path(name)] = p
        lengths = [trail_length(topo, road_at, owner_at, p) for p in range(n)]
        longest_road = _sole_leader(lengths, LONGEST_ROAD_MIN)
    if largest_army == AUTO:
        army = [(knights or {}).get(f"p{p}", 0) for p in range(n)]
        largest_army = _sole_leader(army, LARGEST_ARMY_MIN)
    doc["longest_road"] = longest_road
    doc["largest_army"] = largest_army
    return load_state(doc)


def _check_roads_reach_buildings(
    topo: Any, buildings: Mapping[str, Mapping[str, Any]], roads: Mapping[str, int]
) -> None:
    """Catch typos in a test's position: each road must lead to one of its owner's buildings.

    The chain may pass an opponent's building: a settlement can be built on a road later.
    """
    owner_at = {topo.parse_intersection(k): v["player"] for k, v in buildings.items()}
    road_ids = {topo.parse_path(k): p for k, p in roads.items()}
    for e, p in road_ids.items():
        seen = {e}
        todo = [e]
        found = False
        while todo and not found:
            f = todo.pop()
            for v in topo.path_ends[f]:
                o = owner_at.get(v)
                if o == p:
                    found = True
                else:
                    for g in topo.intersection_paths[v]:
                        if g not in seen and road_ids.get(g) == p:
                            seen.add(g)
                            todo.append(g)
        if not found:
            raise ValueError(f"test position: p{p}'s road {topo.path_names[e]} leads nowhere")


def _sole_leader(values: Sequence[int], minimum: int) -> int | None:
    best = max(values)
    leaders = [p for p, v in enumerate(values) if v == best]
    return leaders[0] if best >= minimum and len(leaders) == 1 else None


# -- playing -------------------------------------------------------------------------------


def play(s: GameState, *steps: Step) -> GameState:
    """Check and apply each step (notation, or notation with its outcome); returns ``s``."""
    for step in steps:
        text, outcome = (step, None) if isinstance(step, str) else step
        apply_checked(s, parse_action(text, s.topo), outcome)
    return s


def assert_illegal(s: GameState, step: Step, rule: str) -> IllegalActionError:
    """The step is refused naming ``rule`` and the position is unchanged.

    Without an outcome the action must also be missing from ``legal_actions`` (with one, the
    action may be legal and only the outcome impossible).
    """
    text, outcome = (step, None) if isinstance(step, str) else step
    action = parse_action(text, s.topo)
    before = save_state(s)
    with pytest.raises(IllegalActionError) as info:
        apply_checked(s, action, outcome)
    assert info.value.rule == rule, f"{text!r} refused as {info.value}"
    assert save_state(s) == before, f"refusing {text!r} changed the position"
    if outcome is None:
        assert action not in legal_actions(s, action.player), f"{text!r} is listed as legal"
    return info.value


def legal(s: GameState, player: int | None = None) -> list[str]:
    """The legal actions of ``player`` (default: whoever is to move) in notation."""
    return [format_action(a, s.topo) for a in legal_actions(s, player)]


def targets(s: GameState, keyword: str, player: int | None = None) -> set[str]:
    """What the legal actions with ``keyword`` act on, e.g. ``targets(s, "road")`` → paths."""
    out = set()
    for text in legal(s, player):
        words = text.split()
        if words[1] == keyword:
            out.add(" ".join(words[2:]))
    return out


def hand(s: GameState, p: int) -> str:
    """``p``'s resource cards in bundle notation (``"1brick+2ore"``, or ``"nothing"``)."""
    return format_bundle(s.hand(p))


def bank(s: GameState) -> str:
    return format_bundle((s.bank[0], s.bank[1], s.bank[2], s.bank[3], s.bank[4]))


def names(s: GameState, kind: str, ids: Sequence[int]) -> set[str]:
    """Canonical names of intersections, paths or hexes, for comparing with ``targets``."""
    table = {
        "intersection": s.topo.intersection_names,
        "path": s.topo.path_names,
        "hex": s.topo.hex_names,
    }[kind]
    return {table[i] for i in ids}


def canonical(s: GameState, kind: str, *aliases: str) -> set[str]:
    """Canonical names of the given aliases (``"(1,-2)SW"`` → ``"(0,-1)N"``)."""
    parse = {
        "intersection": s.topo.parse_intersection,
        "path": s.topo.parse_path,
        "hex": s.topo.parse_hex,
    }[kind]
    return names(s, kind, [parse(a) for a in aliases])
