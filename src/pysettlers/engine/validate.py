"""Whether a game state is a position the rules can reach: every broken invariant, in words.

What this is for: ``validate(s)`` lists each invariant ``s`` breaks, one message each, naming
the field or the rule (empty list: the position is valid). ``records.load_state`` and
``position.position`` refuse a position with a non-empty list, so a program handing the
engine a position (a server loading an upload, a tool, a test) learns at once what is wrong
instead of meeting a crash or a silently wrong game later. The invariant harness runs it on
positions reached by play, where it must always be empty.

The invariants are the ones play keeps (they are facts about every reachable position, not
heuristics):

* shape and range — list lengths, seats, phases, ids of hexes and intersections;
* cards — no negative count; resource cards conserved between hands and bank; development
  cards conserved between deck, hands and played cards (knights face up, progress cards in
  the box, knights discarded for Vincent); cards bought this turn are held; the knight count
  equals the played knights; victory point cards are never played;
* pieces — within each player's supply (15 roads, 5 settlements, 4 cities); the cached
  fields equal a recount (``derived.recount``); the distance rule; every road joined by
  its owner's roads to one of its owner's buildings;
* awards — the Almanac's Longest Road and Largest Army rules;
* the phase and its payload (``state.py`` lists which field belongs to which phase);
* each scenario's part, through its ``validate`` hook (e.g. the Helpers of CATAN cards:
  each helper in exactly one place, the scenario's phases and their payload).

What this is not: a check of the board itself (terrain counts, tokens, harbors: that is the
board module's job), nor of history that a position cannot show (whether a road was built
before an opponent's settlement cut it, who rolled what). It never changes the state.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import data
from . import phases as P
from .actions import dev_name, format_bundle, resource_name
from .derived import recount
from .flow import setup_player
from .hands import bought_this_turn, cards_held, cards_played
from .registry import phase_owner
from .scenario import path_pieces_of
from .state import ACCEPTED, COUNTERED, NOT_ASKED, PENDING, REJECTED, ZERO, GameState
from .topology import Topology
from .types import NOBODY, DevCard, Phase, is_int

__all__ = ["check_supply", "path_supply_problems", "validate"]

SETUP_PHASES = (P.SETUP_SETTLEMENT, P.SETUP_ROAD)
TURN_PHASES = (P.PRE_ROLL, P.MAIN, P.BUILD)
"""Where a development card may be played from, so where ``resume`` may lead back to."""
ANSWERS = (NOT_ASKED, PENDING, ACCEPTED, REJECTED, COUNTERED)


def _seat(x: object, n: int, *, nobody: bool = False) -> bool:
    return is_int(x) and (0 <= x < n or (nobody and x == -1))


_INT = {int}


def _shape(s: GameState) -> list[str]:
    """Lengths and element types: the other checks index the lists by player and id."""
    out: list[str] = []
    n = s.n
    if n != s.rules.players:
        out.append(f"n: {n} seats but the rules are for {s.rules.players} players")
    if s.topo is not s.board.topology:
        out.append("topo: not the board's topology")
    t = s.topo
    sizes = {
        "hands": 5 * n,
        "bank": 5,
        "deck": 5,
        "dev": 5 * n,
        "dev_new": 5 * n,
        "knights": n,
        "played": 5 * n,
        "discards": n,
        "building_owner": t.n_intersections,
        "building_level": t.n_intersections,
        "road_owner": t.n_paths,
        "blocked": t.n_intersections,
        "roads_left": n,
        "settlements_left": n,
        "cities_left": n,
        "ratios": 5 * n,
        "road_length": n,
        "public_vp": n,
        "offer_answers": n,
        "offer_counters": n,
    }
    for name, size in sizes.items():
        value = getattr(s, name)
        if not isinstance(value, list) or len(value) != size:
            out.append(f"{name}: must be a list of {size} values")
        elif name != "offer_counters" and not set(map(type, value)) <= _INT:
            out.append(f"{name}: every value must be an int")
    for name in (
        "current",
        "turn",
        "first_player",
        "setup_step",
        "setup_vertex",
        "free_roads",
        "special_builder",
        "last_roll",
        "winner",
        "robber",
        "longest_road",
        "largest_army",
    ):
        if not is_int(getattr(s, name)):
            out.append(f"{name}: must be an int (got {getattr(s, name)!r})")
    if not isinstance(s.dev_played, bool):
        out.append(f"dev_played: must be true or false (got {s.dev_played!r})")
    for name in ("phase", "resume"):
        if not isinstance(getattr(s, name), Phase):
            out.append(f"{name}: must be a Phase (got {getattr(s, name)!r})")
    for name in ("offer_give", "offer_get"):
        if not _bundle_like(getattr(s, name)):
            out.append(f"{name}: must be 5 resource counts")
    if isinstance(s.offer_counters, list) and not all(
        isinstance(c, tuple) and len(c) == 2 and _bundle_like(c[0]) and _bundle_like(c[1])
        for c in s.offer_counters
    ):
        out.append("offer_counters: each must be a pair of bundles")
    names = {x.name for x in s.ruleset.scenarios}
    if not isinstance(s.ext, dict) or set(s.ext) != names:
        have = sorted(s.ext) if isinstance(s.ext, dict) else s.ext
        out.append(f"ext: the scenarios in play are {sorted(names)}, the state has {have}")
    return out


def _bundle_like(b: object) -> bool:
    return isinstance(b, tuple) and len(b) == 5 and all(is_int(c) for c in b)


def validate(s: GameState) -> list[str]:
    """Every invariant ``s`` breaks, one message each naming the field or rule ([]: valid).

    Cost: about 0.35 ms for a mid-game 4-player position, 0.4 ms for 6 players with the
    helpers (on a busy 2-core machine), half of it the recount of the cached fields.
    """
    out = _shape(s)
    if out:
        return out  # the remaining checks index the lists: first fix their shape
    seats: list[str] = []
    _ranges(s, seats)
    board: list[str] = []
    _board_ranges(s, board)
    out += seats + board
    _cards(s, out)
    if board:
        return out  # the pieces' checks index players by the owners
    on_paths = path_supply_problems(s)
    out += on_paths + _building_supply(s)
    if on_paths:
        # The recount below measures each player's longest road (a walk over their roads,
        # exponential in their number): more roads or ships than the supply stop the
        # checks here, so no position can make validation hang.
        return out
    _pieces(s, out)
    if seats:
        return out  # the remaining checks index the lists by these seats
    _awards(s, out)
    _phase(s, out)
    for x in s.ruleset.scenarios:
        out += x.validate(s)
    return out


# -- ranges ---------------------------------------------------------------------------------------


def _ranges(s: GameState, out: list[str]) -> None:
    n = s.n
    t = s.topo
    for name in ("current", "first_player"):
        if not _seat(getattr(s, name), n):
            out.append(f"{name}: {getattr(s, name)} is not a seat (0 to {n - 1})")
    for name in ("winner", "special_builder", "longest_road", "largest_army"):
        if not _seat(getattr(s, name), n, nobody=True):
            out.append(f"{name}: {getattr(s, name)} is neither a seat (0 to {n - 1}) nor nobody")
    if not 0 <= s.robber < t.n_hexes:
        # With the pirate (003, "1. Pirate") the robber may stand on a harbor instead.
        if not s.rules.pirate:
            out.append(f"robber: {s.robber} is not a hex of the board (0 to {t.n_hexes - 1})")
        elif not any(t.n_hexes + e == s.robber for _, e in s.board.harbors):
            out.append(f"robber: {s.robber} is neither a hex of the board nor a harbor")
    if s.turn < 0:
        out.append(f"turn: {s.turn} is negative")
    if not 0 <= s.setup_step <= 2 * n:
        out.append(f"setup_step: {s.setup_step} is not from 0 to {2 * n}")
    if s.setup_vertex != NOBODY and not 0 <= s.setup_vertex < t.n_intersections:
        out.append(f"setup_vertex: {s.setup_vertex} is not an intersection")
    if s.last_roll != 0 and not 2 <= s.last_roll <= 12:
        out.append(f"last_roll: {s.last_roll} is not a roll of two dice (2 to 12)")
    for q, a in enumerate(s.offer_answers):
        if a not in ANSWERS:
            out.append(f"offer_answers: p{q}'s answer {a} is not one of {ANSWERS}")


def _board_ranges(s: GameState, out: list[str]) -> None:
    n = s.n
    t = s.topo
    bo, bl = s.building_owner, s.building_level
    bad = min(bo) < NOBODY or max(bo) >= n or min(bl) < 0 or max(bl) > 2
    bad = bad or any((o == NOBODY) != (lvl == 0) for o, lvl in zip(bo, bl))
    for v, (o, lvl) in enumerate(zip(bo, bl) if bad else ()):
        name = t.intersection_names[v]
        if not _seat(o, n, nobody=True):
            out.append(f"building_owner: {name} is owned by {o}, not a seat")
        elif lvl not in (0, 1, 2):
            out.append(f"building_level: {name} has level {lvl} (0 empty, 1 settlement, 2 city)")
        elif (o == NOBODY) != (lvl == 0):
            out.append(
                f"building_level: {name} has level {lvl} but owner "
                f"{'nobody' if o == NOBODY else f'p{o}'}"
            )
    ro = s.road_owner
    for e, o in enumerate(ro if min(ro) < NOBODY or max(ro) >= n else ()):
        if not _seat(o, n, nobody=True):
            out.append(f"road_owner: the road on {t.path_names[e]} is owned by {o}, not a seat")
    # The open sea (Seafarers ships, topology.py) takes ships only: no building, no road.
    for v in range(t.n_land_intersections, t.n_intersections):
        if bo[v] != NOBODY:
            out.append(f"building_owner: a building on {t.intersection_names[v]}, on the sea")
    for e in range(t.n_road_paths, t.n_paths):
        if ro[e] != NOBODY:
            out.append(f"road_owner: a road on {t.path_names[e]}, on the open sea")


# -- cards ----------------------------------------------------------------------------------------


def _cards(s: GameState, out: list[str]) -> None:
    n = s.n
    rules = s.rules
    for name, names in (
        ("hands", resource_name),
        ("dev", dev_name),
        ("dev_new", dev_name),
        ("played", dev_name),
    ):
        values: list[int] = getattr(s, name)
        for i, c in enumerate(values):
            if c < 0:
                out.append(f"{name}: p{i // 5} has {c} {names(i % 5)} (counts are never negative)")
    for r, c in enumerate(s.bank):
        if c < 0:
            out.append(f"bank: {c} {resource_name(r)} (counts are never negative)")
    for d, c in enumerate(s.deck):
        if c < 0:
            out.append(f"deck: {c} {dev_name(d)} (counts are never negative)")
    for name in ("knights", "discards"):
        for p, c in enumerate(getattr(s, name)):
            if c < 0:
                out.append(f"{name}: p{p} has {c} (counts are never negative)")
    # Resource cards only move between the bank and the hands (R5 components: 19 of each,
    # 24 with the 5–6 Player Extension).
    for r in range(5):
        held = sum(s.hands[r::5])
        if s.bank[r] + held != rules.bank_per_resource:
            out.append(
                f"bank: {resource_name(r)} not conserved: bank {s.bank[r]} + hands {held} = "
                f"{s.bank[r] + held}, the game has {rules.bank_per_resource}"
            )
    # Development cards: in the deck, in a hand, or played (knights stay face up, progress
    # cards are removed from the game), or taken out of the game by a scenario (e.g.
    # knights discarded for a helper).
    gone = _out_of_game(s)
    for d in range(5):
        held = sum(s.dev[d::5])
        played = sum(s.played[d::5])
        extra = gone[d]
        if s.deck[d] + held + played + extra != rules.deck[d]:
            more = f" + out of the game {extra}" if extra else ""
            out.append(
                f"deck: {dev_name(d)} not conserved: deck {s.deck[d]} + held {held} + played "
                f"{played}{more} = {s.deck[d] + held + played + extra}, the game has "
                f"{rules.deck[d]}"
            )
    for p in range(n):
        knights = cards_played(s, p, DevCard.KNIGHT)
        if s.knights[p] != knights:
            out.append(f"knights: p{p} has {s.knights[p]} but played {knights} knight cards")
        if cards_played(s, p, DevCard.VICTORY_POINT) and not s.rules.has("victory_points_played"):
            out.append(
                f"played: p{p} played a victory point card (they are played only with "
                "alternate rule 1)"
            )
        for d in range(5):
            if bought_this_turn(s, p, d) > cards_held(s, p, d):
                out.append(
                    f"dev_new: p{p} bought {bought_this_turn(s, p, d)} {dev_name(d)} this turn "
                    f"but holds {cards_held(s, p, d)}"
                )


# -- pieces ---------------------------------------------------------------------------------------


def path_supply_problems(s: GameState) -> list[str]:
    """Roads (and Seafarers ships) on the board beyond a player's supply, one message each
    ([]: within it).

    Cheap (one pass over the paths, no walk), so that ``validate``, ``position`` and
    ``records.load_state`` check it before anything measures roads: pieces within their
    supply (R5: "15 roads"; with Seafarers 15 ships) keep the Longest Road walk small
    (``awards.MAX_PATH_PIECES``). Owners that are no seat are left to the range checks.
    """
    n = s.n
    roads = _per_player(s.road_owner, n)
    counts = [("roads_left", data.ROADS_PER_PLAYER, "roads", roads)]
    ships = path_pieces_of(s) if s.ruleset.path_pieces else None
    if ships is not None:
        counts.append(("ships", data.SHIPS_PER_PLAYER, "ships", _per_player(ships, n)))
    return _beyond(counts)


def check_supply(s: GameState) -> None:
    """``ValueError`` naming the roads and ships beyond a player's supply
    (:func:`path_supply_problems`): what the position builders call before they recount
    the cached values (the recount measures roads)."""
    problems = path_supply_problems(s)
    if problems:
        raise ValueError("invalid position: " + "; ".join(problems))


def _building_supply(s: GameState) -> list[str]:
    """Settlements and cities beyond a player's supply (R5: 5 settlements, 4 cities)."""
    n = s.n
    levels = s.building_level
    owners = s.building_owner
    settlements = _per_player([o for o, lvl in zip(owners, levels) if lvl == 1], n)
    cities = _per_player([o for o, lvl in zip(owners, levels) if lvl == 2], n)
    return _beyond(
        [
            ("settlements_left", data.SETTLEMENTS_PER_PLAYER, "settlements", settlements),
            ("cities_left", data.CITIES_PER_PLAYER, "cities", cities),
        ]
    )


def _per_player(owners: list[int], n: int) -> list[int]:
    counts = [0] * n
    for o in owners:
        if is_int(o) and 0 <= o < n:
            counts[o] += 1
    return counts


def _beyond(counts: list[tuple[str, int, str, list[int]]]) -> list[str]:
    return [
        f"{name}: p{p} has {k} {word} on the board (supply {limit})"
        for name, limit, word, have in counts
        for p, k in enumerate(have)
        if k > limit
    ]


def _pieces(s: GameState, out: list[str]) -> None:
    t = s.topo
    # (Pieces within each player's supply: ``supply_problems``, checked before this.)
    counted = recount(s)
    for name, value in counted.items():
        if getattr(s, name) != value:
            out.append(f"{name}: cached {getattr(s, name)} differs from the recount {value}")
    bo = s.building_owner
    # Distance rule: no settlement or city on an intersection next to another.
    for v, o in enumerate(bo):
        if o != NOBODY:
            for w in t.intersection_neighbors[v]:
                if w > v and bo[w] != NOBODY:
                    out.append(
                        f"Distance Rule: buildings on {t.intersection_names[v]} and "
                        f"{t.intersection_names[w]}, adjacent intersections"
                    )
    _roads_connected(s, out)


def _roads_connected(s: GameState, out: list[str]) -> None:
    """Every road reaches one of its owner's buildings along its owner's roads.

    A chain may pass an opponent's building: a settlement can be built on an intersection
    of someone's road after the road (Almanac, Longest Road: it breaks the road), and a
    position does not show which came first. In the set-up phase each road is built next
    to its owner's settlement, so the same holds there.
    """
    t = s.topo
    for p, part in unanchored(t, s.road_owner, s.building_owner):
        names = ", ".join(t.path_names[e] for e in part)
        out.append(f"Road: p{p}'s road(s) {names} connect to none of p{p}'s buildings")


def unanchored(
    t: Topology, owner: Sequence[int], building_owner: Sequence[int]
) -> list[tuple[int, list[int]]]:
    """Each connected part of the pieces on paths (``owner[e]``: the path's owner, or
    ``NOBODY``) that touches none of its owner's buildings, as (owner, its paths sorted):
    the check of roads here and of a scenario's path pieces (Seafarers ships)."""
    ends = t.path_ends
    vpaths = t.intersection_paths
    reached = [False] * t.n_paths
    out: list[tuple[int, list[int]]] = []
    for e0, p in enumerate(owner):
        if p == NOBODY or reached[e0]:
            continue
        # The whole part of p's pieces containing e0, and whether it touches p's building.
        part = [e0]
        reached[e0] = True
        found = False
        i = 0
        while i < len(part):
            for v in ends[part[i]]:
                if building_owner[v] == p:
                    found = True
                for f in vpaths[v]:
                    if owner[f] == p and not reached[f]:
                        reached[f] = True
                        part.append(f)
            i += 1
        if not found:
            out.append((p, sorted(part)))
    return out


# -- awards ---------------------------------------------------------------------------------------


def _awards(s: GameState, out: list[str]) -> None:
    """The Almanac's rules for the special cards, as ``awards._award`` applies them.

    The holder has the most (ties keep it: "if your longest road is broken and you are
    tied ... you still keep" it) and at least the minimum; with the card set aside, no one
    player leads with the minimum (they would have taken it).
    """
    for name, holder, values, minimum, what in (
        ("longest_road", s.longest_road, s.road_length, data.LONGEST_ROAD_MIN, "road length"),
        ("largest_army", s.largest_army, s.knights, data.LARGEST_ARMY_MIN, "knights"),
    ):
        best = max(values)
        if holder != NOBODY:
            if values[holder] < minimum:
                out.append(
                    f"{name}: p{holder} holds it with {what} {values[holder]}, "
                    f"below the minimum of {minimum}"
                )
            elif values[holder] != best:
                out.append(
                    f"{name}: p{holder} holds it with {what} {values[holder]} but another "
                    f"player has {best}"
                )
        elif best >= minimum and values.count(best) == 1:
            out.append(
                f"{name}: set aside although p{values.index(best)} alone leads with {what} {best}"
            )
    # Knights never go back to the hand, so unless a scenario took played knights out of the
    # game the first to play 3 took Largest Army and nobody can lose it to a tie.
    discarded = _out_of_game(s)[DevCard.KNIGHT]
    if not discarded and s.largest_army == NOBODY and max(s.knights) >= data.LARGEST_ARMY_MIN:
        out.append(f"largest_army: set aside although knights are {s.knights}")


# -- the phase and its payload --------------------------------------------------------------------


def _phase(s: GameState, out: list[str]) -> None:
    ph = s.phase
    n = s.n
    t = s.topo
    rules = s.rules
    over = ph == P.GAME_OVER
    scenario_phase = ph in s.ruleset.scenario_of_phase
    if ph > P.SPECIAL_BUILD and not scenario_phase:
        owner = phase_owner(ph)
        name = "no" if owner is None else f"the {owner.name!r}"
        out.append(f"phase: {ph.name.lower()} belongs to {name} scenario, not in play here")
    # -- set-up
    setup = ph in SETUP_PHASES
    if setup:
        if s.turn != 0:
            out.append(f"turn: the set-up phase comes before turn 1 (turn is {s.turn})")
        if not 0 <= s.setup_step < 2 * n:
            out.append(f"setup_step: {s.setup_step} is past the set-up phase's {2 * n} steps")
        else:
            expected = setup_player(s, s.setup_step)
            if s.current != expected:
                out.append(
                    f"current: set-up step {s.setup_step} is p{expected}'s, not p{s.current}'s"
                )
            _setup_pieces(s, out)
    elif s.turn == 0:
        out.append(f"turn: 0 is the set-up phase, not {ph.name.lower()}")
    if ph == P.SETUP_ROAD:
        v = s.setup_vertex
        if v == NOBODY:
            out.append("setup_vertex: the set-up road needs the settlement just built")
        elif s.building_owner[v] != s.current or s.building_level[v] != 1:
            out.append(
                f"setup_vertex: {t.intersection_names[v]} does not hold a settlement of "
                f"p{s.current}, who places the set-up road"
            )
    elif s.setup_vertex != NOBODY:
        out.append(f"setup_vertex: set outside the set-up road step ({ph.name.lower()})")
    # -- discards: owed after a 7 until paid ("half, rounded down"); a scenario's phase may
    # come between the 7 and the discards (its own validate says when).
    if ph == P.DISCARD and not any(s.discards):
        out.append("discards: the discard phase with no discard owed")
    if any(s.discards) and ph != P.DISCARD and not scenario_phase:
        out.append(f"discards: {s.discards} owed outside the discard phase")
    for p in range(n):
        if s.discards[p] > s.hand_size(p) // 2:
            out.append(
                f"discards: p{p} owes {s.discards[p]} but holds {s.hand_size(p)} cards "
                "(a 7 costs half the hand, rounded down)"
            )
    # -- Road Building: 1 or 2 free roads (fewer only when the supply ran short).
    if ph == P.ROAD_BUILDING:
        if not 1 <= s.free_roads <= 2:
            out.append(f"free_roads: {s.free_roads} (Road Building places 1 or 2 roads)")
        elif s.free_roads > s.roads_left[s.current] and not s.rules.ships:
            # (with Seafarers ships the free pieces may be ships: ``scenarios/ships``)
            out.append(
                f"free_roads: {s.free_roads} but p{s.current} has {s.roads_left[s.current]} "
                "roads left"
            )
    elif s.free_roads != 0:
        out.append(f"free_roads: {s.free_roads} outside road_building")
    if ph in (P.ROAD_BUILDING, P.MOVE_ROBBER) and s.resume not in TURN_PHASES:
        out.append(f"resume: {s.resume.name.lower()} is not a phase of a turn to return to")
    # -- Special Building Phase (5–6 players, R5 p. 7).
    if ph == P.SPECIAL_BUILD:
        if not rules.special_building:
            out.append("phase: special_build needs 5–6 players and the special_building variant")
        if s.special_builder == NOBODY or s.special_builder == s.current:
            out.append(
                f"special_builder: p{s.special_builder} cannot take a special build turn "
                f"after p{s.current}'s turn"
            )
    elif s.special_builder != NOBODY:
        out.append(f"special_builder: p{s.special_builder} outside special_build")
    # -- domestic trade
    _offer(s, out)
    # -- the end of the game: only the player whose turn it is wins, on their turn.
    target = rules.vp_target
    if over:
        w = s.winner
        if w == NOBODY:
            out.append("winner: the game is over but nobody won")
        else:
            if s.total_vp(w) < target:
                out.append(f"winner: p{w} has {s.total_vp(w)} points, fewer than {target}")
            if w != s.current:
                out.append(f"winner: p{w} won during p{s.current}'s turn (only on one's own)")
    else:
        if s.winner != NOBODY:
            out.append(f"winner: p{s.winner} won but the game goes on ({ph.name.lower()})")
        # Points reached in a Special Building Phase wait for one's own turn (R5 p. 7).
        if s.turn and ph != P.SPECIAL_BUILD and s.total_vp(s.current) >= target:
            out.append(
                f"winner: p{s.current} has {s.total_vp(s.current)} points on their turn "
                f"(target {target}) but the game is not over"
            )


def _setup_pieces(s: GameState, out: list[str]) -> None:
    """In the set-up phase each player has placed exactly what the snake order gave them."""
    n = s.n
    placed = s.setup_step + (1 if s.phase == P.SETUP_ROAD else 0)
    for p in range(n):
        settlements = sum(1 for k in range(placed) if setup_player(s, k) == p)
        roads = sum(1 for k in range(s.setup_step) if setup_player(s, k) == p)
        have_s = sum(1 for o in s.building_owner if o == p)
        have_r = sum(1 for o in s.road_owner if o == p)
        if have_s != settlements or have_r != roads:
            out.append(
                f"setup_step: at set-up step {s.setup_step} p{p} has placed {settlements} "
                f"settlement(s) and {roads} road(s), not {have_s} and {have_r}"
            )
    if any(lvl == 2 for lvl in s.building_level):
        out.append("building_level: a city in the set-up phase")
    if any(s.dev) or any(s.played):
        out.append("dev: development cards in the set-up phase")


def _offer(s: GameState, out: list[str]) -> None:
    ph = s.phase
    c = s.current
    answers = s.offer_answers
    if ph not in (P.TRADE_RESPONSE, P.TRADE_CONFIRM):
        if s.offer_give != ZERO or s.offer_get != ZERO or any(answers):
            out.append(f"offer: a domestic offer is open outside the trade phases ({ph.name})")
        if any(cg != ZERO or cr != ZERO for cg, cr in s.offer_counters):
            out.append("offer_counters: a counter-offer outside the trade phases")
        return
    if not isinstance(s.offer_id, int) or s.offer_id < 1:
        out.append(f"offer_id: an open offer is numbered from 1 (got {s.offer_id!r})")
    give, get = s.offer_give, s.offer_get
    # Terms (Almanac, Domestic Trade): no gifts, no like-for-like.
    if min(give) < 0 or min(get) < 0 or not sum(give) or not sum(get):
        out.append(f"offer: {format_bundle(give)} for {format_bundle(get)} is no trade")
    elif any(give[r] and get[r] for r in range(5)):
        out.append("offer: like resources on both sides")
    hand = s.hand(c)
    if any(give[r] > hand[r] for r in range(5)):
        out.append(f"offer: p{c} offers {format_bundle(give)} but holds {format_bundle(hand)}")
    if answers[c] != NOT_ASKED:
        out.append(f"offer_answers: p{c} answers their own offer")
    if not any(a != NOT_ASKED for a in answers):
        out.append("offer_answers: the offer is addressed to nobody")
    if ph == P.TRADE_RESPONSE and PENDING not in answers:
        out.append("offer_answers: trade_response with no answer pending")
    if ph == P.TRADE_CONFIRM and (
        PENDING in answers or (ACCEPTED not in answers and COUNTERED not in answers)
    ):
        out.append("offer_answers: trade_confirm needs every answer in and one partner willing")
    for q, a in enumerate(answers):
        cg, cr = s.offer_counters[q]
        if a == ACCEPTED and not s.holds(q, get):
            out.append(f"offer_answers: p{q} accepted but does not hold {format_bundle(get)}")
        if a == COUNTERED:
            if not s.holds(q, cg):
                out.append(f"offer_counters: p{q} counters with {format_bundle(cg)} not held")
        elif (cg, cr) != (ZERO, ZERO):
            out.append(f"offer_counters: p{q} has a counter-offer but answered {a}")


def _out_of_game(s: GameState) -> list[int]:
    """Development cards the scenarios in play took out of the game, by kind."""
    gone = [0] * 5
    for x in s.ruleset.card_keepers:
        for d, c in enumerate(x.cards_out_of_game(s)):
            gone[d] += c
    return gone
