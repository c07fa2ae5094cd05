"""Random-simulation invariant harness: seeded random games, the engine audited at each step.

What this is for: playing many seeded games by random play (uniform among the legal actions,
domestic offers proposed only rarely so that games end, and now and then a composite action
such as a whole discard, a multi-card maritime trade or a bundle offer to some players) and
checking, after every step, the invariants every position must satisfy
(:meth:`SimGame.check_step`); the costlier round trips and the fuzzing of malformed actions
run on a sample of steps (:meth:`SimGame.check_sampled`); the record is replayed at the end
(:meth:`SimGame.check_end`).

A broken invariant raises :class:`HarnessFailure` naming the game's rules, the step and the
last actions in notation, so ``run_game(config_for(i))`` reproduces it. The harness is also
the source of "positions reached by seeded random play" for other tests
(:func:`random_game`).

What this is not: a test module (``test_invariants.py`` drives it) or a bot. It reads engine
state directly because auditing the engine is its job; it restates no rule beyond what the
invariants say.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import traceback
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from itertools import product
from typing import Any

from pysettlers.engine import (
    Action,
    ActionKind,
    DevCard,
    Game,
    GameState,
    IllegalActionError,
    Outcome,
    Phase,
    Rules,
    apply,
    chance_outcomes,
    check,
    deciders,
    format_action,
    legal_actions,
    load_state,
    observe,
    parse_action,
    position_key,
    replay,
    save_state,
)
from pysettlers.engine.data import (
    CITIES_PER_PLAYER,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    ROADS_PER_PLAYER,
    SETTLEMENTS_PER_PLAYER,
)
from pysettlers.engine.derived import recount
from pysettlers.engine.trade import trade_ratios
from pysettlers.engine.types import NOBODY
from pysettlers.engine.validate import validate

K = ActionKind
Bundle = tuple[int, int, int, int, int]
BASE_KINDS = tuple(k for k in ActionKind if k <= K.CANCEL_TRADE)
"""The action kinds of the base game (later kinds belong to scenarios the harness skips)."""
BASE_PHASES = tuple(ph for ph in Phase if ph <= Phase.GAME_OVER)
"""The phases of a 2–4 player base game."""
ZERO: Bundle = (0, 0, 0, 0, 0)

# -- the games the harness plays ------------------------------------------------------------

PLAYERS = (4, 3, 2)
MAP_KINDS = ("variable", "random", "beginner")
TRADE_BUILD = ("combined", "separate")
DISCARD_LIMITS = (7, 4, 9, 12)
COMBOS = tuple(product(PLAYERS, MAP_KINDS, TRADE_BUILD, DISCARD_LIMITS))
"""Every combination of the options the harness varies; game ``i`` uses ``COMBOS[i % 72]``."""

EXT_PLAYERS = (5, 6)
EXT_MAP_KINDS = ("variable", "random")  # the extension has no beginner map
EXT_VARIANTS = ("special_building", "mayfair")
EXT_COMBOS = tuple(product(EXT_PLAYERS, EXT_MAP_KINDS, TRADE_BUILD, (None, 7, 9), EXT_VARIANTS))
"""The 5–6 Player Extension's games: both variants, ``None`` = the variant's discard limit."""

TWO_SET_PLAYERS = (7, 8)
TWO_SET_MAPS = ("big-island", "peanut")
TWO_SET_COMBOS = tuple(product(TWO_SET_PLAYERS, TWO_SET_MAPS, TRADE_BUILD, (None, 9), EXT_VARIANTS))
"""The 1996 rules' 7–8 player games on both maps: ``None`` = their discard limit, 13."""

MAX_STEPS = 6000
"""Cap on the actions of one game. Random games take about 900 steps on average; the cap
keeps a rare endless game (e.g. everyone boxed in, trading forever) from stalling the run."""

OFFER_RATE = 0.03
"""Chance of proposing a domestic offer when one is legal. Uniform choice would pick an offer
most of the time in the main phase (there are 20 unit offers per hand) and games would not end."""

MOVE_SHIP_RATE = 0.2
"""Chance of moving a ship when a move is legal (Seafarers): on the open sea one movable ship
has dozens of targets, and uniform choice would sail ships about instead of building."""

COMPOSITE_RATE = 0.08
"""Chance of trying a composite action (whole discard, multi-unit maritime trade, bundle
offer or counter-offer, year of plenty in the other order) instead of a listed one."""

UNIT_TRADES_PER_STEP = 4
"""How many listed 1-for-1 offers and counter-offers ``check`` re-checks on an unsampled step."""
_UNIT_TRADES = frozenset({K.OFFER_TRADE, K.COUNTER_TRADE})

SAMPLE_RATE = 0.005
"""Share of steps that also get the expensive checks (:meth:`SimGame.check_sampled`), on top
of the first visit in each game of every phase in :data:`RARE_PHASES`. Tuned so that the
default run of test_invariants.py stays within its time budget: about 6 sampled steps per
game, 12,000 in the default run."""

RARE_PHASES = frozenset(
    {Phase.ROAD_BUILDING, Phase.BUILD, Phase.TRADE_RESPONSE, Phase.TRADE_CONFIRM}
)
"""Phases too rare for the random sample alone: each game samples its first visit to them."""


def config_for(
    i: int, *, base_seed: int = 0, extension: bool = False, two_sets: bool = False
) -> Rules:
    """The rules of harness game ``i``: a cycle over :data:`COMBOS` (or :data:`EXT_COMBOS`
    for the 5–6 player games, :data:`TWO_SET_COMBOS` for 7–8), seed ``base_seed + i``."""
    if two_sets or extension:
        combos = TWO_SET_COMBOS if two_sets else EXT_COMBOS
        players, map_kind, trade_build, limit, variant = combos[i % len(combos)]
    else:
        players, map_kind, trade_build, limit = COMBOS[i % len(COMBOS)]
        variant = "special_building"  # the default; 2–4 players have no large-game variant
    return Rules(
        players=players,
        map_kind=map_kind,
        trade_build=trade_build,
        discard_limit=limit,
        large_game_variant=variant,
        seed=base_seed + i,
    )


def soak() -> bool:
    """Whether this is a soak run (``PYSETTLERS_SOAK=1``, set by ``make soak``): the
    harnesses and the many-games bot test then play their full-size runs instead of the
    smaller CI runs of ``make test``."""
    return os.environ.get("PYSETTLERS_SOAK", "").strip() not in ("", "0")


def games_from_env(variable: str, ci: int, soak_games: int) -> int:
    """How many games a harness plays: ``variable`` if set, else ``soak_games`` in a soak
    run (:func:`soak`), else ``ci``."""
    text = os.environ.get(variable, "").strip()
    if text:
        return int(text)
    return soak_games if soak() else ci


def harness_games(ci: int, soak_games: int | None = None) -> int:
    """How many base games to play: ``PYSETTLERS_HARNESS_GAMES`` if set, else ``soak_games``
    in a soak run, else ``ci``."""
    return games_from_env("PYSETTLERS_HARNESS_GAMES", ci, ci if soak_games is None else soak_games)


class HarnessFailure(AssertionError):
    """An invariant did not hold; the message says which, where, and how to reproduce it."""


# -- helpers ---------------------------------------------------------------------------------


def snapshot(s: GameState) -> dict[str, object]:
    """A deep enough copy of every field (lists copied; their items are immutable)."""
    out = {k: (v[:] if isinstance(v, list) else v) for k, v in s.fields().items()}
    out["events"] = s.events[:]
    return out


def _units(counts: list[int] | tuple[int, ...], k: int, rng: random.Random) -> list[int]:
    """``k`` cards drawn at random (without replacement) from a pile of ``counts``."""
    pile = [r for r, c in enumerate(counts) for _ in range(c)]
    out = [0] * 5
    for r in rng.sample(pile, k):
        out[r] += 1
    return out


def _bundle(x: list[int]) -> Bundle:
    return (x[0], x[1], x[2], x[3], x[4])


_ROUNDTRIPPED: set[tuple[int, Action]] = set()
"""Actions whose notation was already round-tripped on a topology (keyed by its id).
``format_action``/``parse_action`` are pure functions of the action and the topology (one
shared object per board shape), so each distinct action needs the round trip only once."""


def notation_roundtrip(a: Action, s: GameState) -> None:
    key = (id(s.topo), a)
    if key in _ROUNDTRIPPED:
        return
    text = format_action(a, s.topo)
    back = parse_action(text, s.topo)
    if back != a:
        raise HarnessFailure(f"notation round trip: {a!r} -> {text!r} -> {back!r}")
    _ROUNDTRIPPED.add(key)


# -- the invariants, as functions of a state --------------------------------------------------

_PROGRESS_EVENTS = {
    "road_building": DevCard.ROAD_BUILDING,
    "year_of_plenty": DevCard.YEAR_OF_PLENTY,
    "monopoly": DevCard.MONOPOLY,
}
_PROGRESS = frozenset(_PROGRESS_EVENTS.values())


def check_cards(s: GameState, progress_played: list[int] | None = None) -> None:
    """Resource and development cards are conserved; no count is negative.

    Every development card is in the deck, in a hand, or played (``s.played``; knights stay
    face up, progress cards leave the game). ``progress_played``, when given, is the count
    of progress cards played according to the events, which ``s.played`` must agree with.
    """
    n = s.n
    rules = s.rules
    for name in ("hands", "bank", "deck", "dev", "dev_new", "played", "knights", "discards"):
        values: list[int] = getattr(s, name)
        if min(values) < 0:
            raise HarnessFailure(f"negative count in {name}: {values}")
    hands = s.hands
    for r in range(5):
        total = s.bank[r] + sum(hands[r::5])
        if total != rules.bank_per_resource:
            raise HarnessFailure(
                f"resource {r}: bank {s.bank[r]} + hands = {total}, not {rules.bank_per_resource}"
            )
    for c in range(5):
        held = sum(s.dev[c::5])
        played = sum(s.played[c::5])
        if s.deck[c] + held + played != rules.deck[c]:
            raise HarnessFailure(
                f"development card {DevCard(c).name}: deck {s.deck[c]} + held {held} + "
                f"played {played} != {rules.deck[c]}"
            )
        if progress_played is not None and c in _PROGRESS and played != progress_played[c]:
            raise HarnessFailure(
                f"{played} {DevCard(c).name} played, the events say {progress_played[c]}"
            )
    for p in range(n):
        if s.played[5 * p + DevCard.KNIGHT] != s.knights[p]:
            raise HarnessFailure(f"p{p}: knights {s.knights[p]} != played {s.played[5 * p]}")
        # Victory point cards are played only under alternate rule 1.
        if s.played[5 * p + DevCard.VICTORY_POINT] and not rules.has("victory_points_played"):
            raise HarnessFailure(f"p{p} played a victory point card")
    for i, (d, new) in enumerate(zip(s.dev, s.dev_new)):
        if new > d:
            raise HarnessFailure(f"p{i // 5} bought {new} {DevCard(i % 5).name} but holds {d}")


def check_cached(s: GameState, counted: dict[str, list[int]]) -> None:
    """The cached fields equal ``counted``, a :func:`recount` of ``s``'s pieces and holders."""
    for name, value in counted.items():
        cached = getattr(s, name)
        if cached != value:
            raise HarnessFailure(f"cached {name} {cached} != recount {value}")


def check_board(s: GameState, counted: dict[str, list[int]]) -> None:
    """The pieces on the board are within the supply limits and well formed."""
    for name, limit in (
        ("roads_left", ROADS_PER_PLAYER),
        ("settlements_left", SETTLEMENTS_PER_PLAYER),
        ("cities_left", CITIES_PER_PLAYER),
    ):
        for p, left in enumerate(counted[name]):
            if not 0 <= left <= limit:
                raise HarnessFailure(f"p{p} has {left} {name} (limit {limit})")
    for v, (o, lvl) in enumerate(zip(s.building_owner, s.building_level)):
        if (o == NOBODY) != (lvl == 0) or lvl not in (0, 1, 2) or not NOBODY <= o < s.n:
            raise HarnessFailure(f"intersection {v}: owner {o}, level {lvl}")
    if any(not NOBODY <= o < s.n for o in s.road_owner):
        raise HarnessFailure(f"road owners out of range: {s.road_owner}")


def check_pieces(s: GameState) -> None:
    """Pieces within limits, matching the board: the cached fields equal a recount."""
    counted = recount(s)
    check_cached(s, counted)
    check_board(s, counted)


def check_awards(s: GameState) -> None:
    """Longest Road and Largest Army holders obey the Almanac's rules.

    The holder has the largest value, at least the minimum (a holder may be tied: "if your
    longest road is broken and you are tied ... you still keep" it); with nobody holding
    the card, no single player leads with the minimum. Knights never go down, so the first
    to 3 took Largest Army and it is never set aside again.
    """
    for name, holder, values, minimum in (
        ("longest road", s.longest_road, s.road_length, LONGEST_ROAD_MIN),
        ("largest army", s.largest_army, s.knights, LARGEST_ARMY_MIN),
    ):
        best = max(values)
        if holder != NOBODY:
            if values[holder] != best or best < minimum:
                raise HarnessFailure(f"{name} held by p{holder} with values {values}")
        elif best >= minimum and values.count(best) == 1:
            raise HarnessFailure(f"{name} set aside although one player leads: {values}")
    if s.largest_army == NOBODY and max(s.knights) >= LARGEST_ARMY_MIN:
        raise HarnessFailure(f"largest army set aside with knights {s.knights}")


def check_phase_payload(s: GameState) -> None:
    """Phase payload fields are set only in their phases."""
    ph = s.phase
    # (alternate rule 5: the roller of a 7 decides before the discards are made)
    if ph not in (Phase.DISCARD, Phase.SEVEN_CHOICE) and any(s.discards):
        raise HarnessFailure(f"discards owed {s.discards} outside the discard phase")
    if ph == Phase.DISCARD:
        if not any(s.discards):
            raise HarnessFailure("discard phase with nothing owed")
        for p in range(s.n):
            if s.discards[p] > s.hand_size(p):
                raise HarnessFailure(f"p{p} owes {s.discards[p]} but holds {s.hand_size(p)}")
    if ph not in (Phase.TRADE_RESPONSE, Phase.TRADE_CONFIRM) and (
        s.offer_give != ZERO or s.offer_get != ZERO or any(s.offer_answers)
    ):
        raise HarnessFailure("a domestic offer is open outside the trade phases")
    # A free road can win the game, so free roads may be left over once it is over.
    if (ph == Phase.ROAD_BUILDING) != (s.free_roads > 0) and ph != Phase.GAME_OVER:
        raise HarnessFailure(f"free roads {s.free_roads} in phase {ph.name}")
    if (ph == Phase.SETUP_ROAD) != (s.setup_vertex != NOBODY):
        raise HarnessFailure(f"setup intersection {s.setup_vertex} in phase {ph.name}")
    if (ph == Phase.SPECIAL_BUILD) != (s.special_builder != NOBODY):
        raise HarnessFailure(f"special builder {s.special_builder} in phase {ph.name}")
    if ph == Phase.SPECIAL_BUILD and (
        s.special_builder == s.current or not s.rules.special_building
    ):
        raise HarnessFailure(f"p{s.special_builder} has a special build turn after their own")


def check_victory(s: GameState) -> None:
    """The game ends as soon as the player whose turn it is reaches the VP target."""
    target = s.rules.vp_target
    if s.phase == Phase.GAME_OVER:
        w = s.winner
        if w != s.current or s.total_vp(w) < target:
            raise HarnessFailure(f"p{w} won with {s.total_vp(w)} points (target {target})")
        if legal_actions(s) or deciders(s):
            raise HarnessFailure("actions are legal after the game is over")
    else:
        if s.winner != NOBODY:
            raise HarnessFailure(f"winner p{s.winner} while the game goes on")
        # Points reached in the Special Building Phase after one's turn wait for one's
        # next turn (R5 Ending the Game), so only the other phases are checked.
        if s.turn and s.phase != Phase.SPECIAL_BUILD and s.total_vp(s.current) >= target:
            raise HarnessFailure(
                f"p{s.current} has {s.total_vp(s.current)} points on their turn, game not over"
            )


# -- malformed and perturbed actions ---------------------------------------------------------

_BAD_INTS = (-2, -1, 5, 19, 54, 72, 99, 10**9, -(10**9))
_BAD_BUNDLES: tuple[Any, ...] = (
    (1, 0, 0, 0),
    (0, 0, 0, 0, 0, 1),
    (-1, 1, 0, 0, 0),
    (0, 0, 0, 0, 100),
    (0, 0, True, 0, 0),
    [1, 0, 0, 0, 0],
    (1.0, 0, 0, 0, 0),
    ("1", 0, 0, 0, 0),
    "1ore",
    None,
    ZERO,
)


def malformed_actions(s: GameState, legal: list[Action], rng: random.Random) -> list[object]:
    """Actions that are probably illegal or malformed: perturbations of legal ones, other
    players, out-of-range ids, bad bundles and masks, unknown kinds, non-actions."""
    n = s.n
    out: list[object] = [None, ("p0", "roll"), "p0 roll", 7]
    bases = list(legal) or [Action(0, K.ROLL)]
    kinds = list(K)
    for _ in range(12):
        a = rng.choice(bases)
        choice = rng.randrange(9)
        if choice == 0:
            out.append(a._replace(player=rng.choice([*range(n), -1, n, 4, 99])))
        elif choice == 1:
            out.append(a._replace(a=a.a + rng.choice((-1, 1)), b=a.b + rng.choice((-1, 0, 1))))
        elif choice == 2:
            out.append(a._replace(a=rng.choice(_BAD_INTS)))
        elif choice == 3:
            out.append(a._replace(b=rng.choice(_BAD_INTS)))
        elif choice == 4:
            out.append(a._replace(give=rng.choice(_BAD_BUNDLES)))
        elif choice == 5:
            out.append(a._replace(get=rng.choice(_BAD_BUNDLES)))
        elif choice == 6:
            out.append(a._replace(to=rng.choice((0, -1, 1 << a.player, 1 << n, 255, 3))))
        elif choice == 7:
            out.append(a._replace(kind=rng.choice([*kinds, 19, -1, 99])))
        else:
            give = tuple(rng.choice((0, 0, 1, 2, 4)) for _ in range(5))
            get = tuple(rng.choice((0, 0, 0, 1, 3)) for _ in range(5))
            out.append(a._replace(give=give, get=get, to=rng.randrange(1 << n)))
    out.append(Action(0, K.ROLL, a=None))  # type: ignore[arg-type]
    out.append(Action("p0", K.END_TURN))  # type: ignore[arg-type]
    return out


def enumerable_actions(s: GameState, p: int) -> list[Action]:
    """Every action of the kinds whose listed form is their only form, for player ``p``.

    For these kinds ``check`` must accept exactly the actions ``legal_actions`` lists.
    Year of Plenty is listed with its resources in order; the harness compares that form.
    """
    topo = s.topo
    n = s.n
    out = [Action(p, K.ROLL), Action(p, K.END_TURN), Action(p, K.BUY_DEVELOPMENT)]
    out += [Action(p, K.BUILD_ROAD, e) for e in range(topo.n_paths)]
    out += [Action(p, K.BUILD_SETTLEMENT, v) for v in range(topo.n_intersections)]
    out += [Action(p, K.BUILD_CITY, v) for v in range(topo.n_intersections)]
    out += [Action(p, K.MOVE_ROBBER, h, q) for h in range(topo.n_hexes) for q in range(-1, n)]
    out += [Action(p, K.PLAY_KNIGHT), Action(p, K.PLAY_ROAD_BUILDING)]
    out += [Action(p, K.PLAY_MONOPOLY, r) for r in range(5)]
    out += [Action(p, K.PLAY_YEAR_OF_PLENTY, a, b) for a in range(5) for b in range(a, 5)]
    out += [Action(p, K.PLAY_YEAR_OF_PLENTY, a, NOBODY) for a in range(5)]
    out += [Action(p, K.ACCEPT_TRADE), Action(p, K.REJECT_TRADE), Action(p, K.CANCEL_TRADE)]
    out += [Action(p, K.CONFIRM_TRADE, q) for q in range(n)]
    return out


# -- random play -----------------------------------------------------------------------------


def composite_action(s: GameState, p: int, rng: random.Random) -> Action | None:
    """A legal action in a form ``legal_actions`` does not list (a bundle), if one applies."""
    ph = s.phase
    hand = list(s.hand(p))
    size = sum(hand)
    if ph == Phase.DISCARD and s.discards[p]:
        return Action(p, K.DISCARD, give=_bundle(_units(hand, rng.randint(1, s.discards[p]), rng)))
    if ph == Phase.TRADE_RESPONSE and p != s.current and size:
        give = _units(hand, rng.randint(1, min(3, size)), rng)
        others = [r for r in range(5) if not give[r]]
        if not others:
            return None
        get = [0] * 5
        for _ in range(rng.randint(1, 3)):
            get[rng.choice(others)] += 1
        return Action(p, K.COUNTER_TRADE, give=_bundle(give), get=_bundle(get), offer=s.offer_id)
    if ph != Phase.MAIN:
        return None
    choice = rng.randrange(3)
    if choice == 0 and size:  # a bundle offer to a random non-empty set of opponents
        give = _units(hand, rng.randint(1, min(3, size)), rng)
        others = [r for r in range(5) if not give[r]]
        opponents = [q for q in range(s.n) if q != p]
        to = 0
        while not to:
            to = sum(1 << q for q in opponents if rng.random() < 0.6)
        get = [0] * 5
        for _ in range(rng.randint(1, 3)):
            get[rng.choice(others)] += 1
        return Action(p, K.OFFER_TRADE, give=_bundle(give), get=_bundle(get), to=to)
    if choice == 1:  # maritime trade of several units at once
        ratios = trade_ratios(s)[5 * p : 5 * p + 5]  # a scenario's rates too (Jean)
        give = [0] * 5
        units = 0
        for r in range(5):
            k = hand[r] // ratios[r]
            if k and rng.random() < 0.6:
                take = rng.randint(1, k)
                give[r] = take * ratios[r]
                units += take
        bank = [s.bank[r] if not give[r] else 0 for r in range(5)]
        if not units or sum(bank) < units:
            return None
        get = _units(bank, units, rng)
        return Action(p, K.MARITIME_TRADE, give=_bundle(give), get=_bundle(get))
    for a in legal_actions(s, p):  # year of plenty with its resources in the other order
        if a.kind == K.PLAY_YEAR_OF_PLENTY and a.b > a.a:
            return a._replace(a=a.b, b=a.a)
    return None


def choose(s: GameState, rng: random.Random, legal: list[Action]) -> Action:
    """Uniform among ``legal`` except that offers are proposed only with ``OFFER_RATE`` and
    ships moved only with ``MOVE_SHIP_RATE`` (no draw is made when no ship can move, so games
    without ships play as before)."""
    moves = [a for a in legal if a.kind == K.MOVE_SHIP]
    if moves:
        rest = [a for a in legal if a.kind != K.MOVE_SHIP]
        if not rest or rng.random() < MOVE_SHIP_RATE:
            return rng.choice(moves)
        legal = rest
    offers = [a for a in legal if a.kind == K.OFFER_TRADE]
    if not offers:
        return rng.choice(legal)
    rest = [a for a in legal if a.kind != K.OFFER_TRADE]
    if not rest or rng.random() < OFFER_RATE:
        return rng.choice(offers)
    return rng.choice(rest)


def sample_outcome(s: GameState, a: Action, rng: random.Random) -> Outcome:
    """A chance outcome drawn by the caller (as a real table or a search bot supplies it)."""
    options = chance_outcomes(s, a)
    if not options:
        return None
    outcomes = [o for o, _ in options]
    weights = [w for _, w in options]
    return rng.choices(outcomes, weights)[0]


def random_play(
    game: Game,
    rng: random.Random,
    steps: int,
    *,
    until: Callable[[GameState], bool] | None = None,
) -> Game:
    """Advance ``game`` by up to ``steps`` random actions, stopping early at the game's end
    or as soon as ``until(state)`` holds (checked before each action)."""
    s = game.state
    for _ in range(steps):
        if s.phase == Phase.GAME_OVER or (until is not None and until(s)):
            break
        ds = deciders(s)
        p = ds[0] if len(ds) == 1 else rng.choice(ds)
        a = None
        if rng.random() < COMPOSITE_RATE:
            a = composite_action(s, p, rng)
        if a is None:
            a = choose(s, rng, legal_actions(s, p))
        game.play(a)
    return game


def random_game(
    rules: Rules,
    steps: int,
    *,
    seed: int | None = None,
    until: Callable[[GameState], bool] | None = None,
) -> Game:
    """A new game advanced by :func:`random_play` (seeded by ``seed``, else the rules' seed)."""
    rng = random.Random(rules.seed if seed is None else seed)
    return random_play(Game.new(rules), rng, steps, until=until)


# -- one audited game ------------------------------------------------------------------------


@dataclass
class Tally:
    """What a run exercised, so tests can assert the harness reached what it claims to."""

    games: int = 0
    finished: int = 0
    steps: int = 0
    sampled: int = 0
    fuzzed: int = 0
    fuzz_rejected: int = 0
    fuzz_accepted: int = 0
    enumerated: int = 0
    composites: int = 0
    replays: int = 0
    open_sea: int = 0  # ships built or moved onto a path of the open sea (Seafarers)
    open_sea_games: int = 0  # games in which that happened at least once
    kinds: Counter[str] = field(default_factory=Counter)
    phases: Counter[str] = field(default_factory=Counter)
    configs: set[tuple[int, str, str, int]] = field(default_factory=set)
    failures: list[str] = field(default_factory=list)

    def merge(self, other: Tally) -> None:
        for name in (
            "games",
            "finished",
            "steps",
            "sampled",
            "fuzzed",
            "fuzz_rejected",
            "fuzz_accepted",
            "enumerated",
            "composites",
            "replays",
            "open_sea",
            "open_sea_games",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.kinds.update(other.kinds)
        self.phases.update(other.phases)
        self.configs |= other.configs
        self.failures += other.failures


class SimGame:
    """One seeded random game, audited step by step. Use :func:`run_game`."""

    def __init__(self, rules: Rules, tally: Tally, *, sample_rate: float = SAMPLE_RATE) -> None:
        self.rules = rules
        self.tally = tally
        self.sample_rate = sample_rate
        self.rng = random.Random(rules.seed * 7919 + 17)
        # Half the games let the engine draw chance from its own generator, half supply
        # outcomes as a real table or a search bot would: both paths must record and replay.
        # (Drawn, not taken from the seed's parity, which the option cycle would fix per combo.)
        self.external_chance = self.rng.random() < 0.5
        self.game = Game.new(rules)
        self.progress_played = [0] * 5
        self.sampled_phases: set[Phase] = set()
        self._recount_key: tuple[object, ...] | None = None
        self._recount: dict[str, list[int]] = {}

    @property
    def s(self) -> GameState:
        return self.game.state

    def where(self) -> str:
        s = self.s
        t = s.topo
        last = [format_action(st.action, t) for st in self.game.steps[-5:]]
        return (
            f"{self.rules!r}, step {len(self.game.steps)}, phase {s.phase.name}, "
            f"turn {s.turn}; last actions {last}"
        )

    # -- every step ------------------------------------------------------------------------

    def counted(self) -> dict[str, list[int]]:
        """:func:`recount`, recomputed only when its inputs (pieces, award holders) change.

        The road-length search is the costliest part of a step; most steps (rolls, trades,
        end of turn) change no piece, and the cached fields are still compared every step.
        """
        s = self.s
        key = (
            tuple(s.building_owner),
            tuple(s.building_level),
            tuple(s.road_owner),
            s.longest_road,
            s.largest_army,
            tuple(s.played[4::5]),  # victory point cards played (alternate rule 1) score
            s.pieces_changed,  # pieces a scenario keeps (Seafarers ships) placed or moved
        )
        if key != self._recount_key:
            self._recount = recount(s)
            self._recount_key = key
            check_board(s, self._recount)
        return self._recount

    def check_step(self, legal: list[Action], p: int) -> None:
        """The invariants checked after every step (``legal`` is ``legal_actions(s, p)``).

        ``check`` must accept every listed action. The 1-for-1 offers and counter-offers
        (up to 20 per hand, alike but for their bundles, half of all listed actions) are
        checked :data:`UNIT_TRADES_PER_STEP` at random per step, and all of them on the
        sampled steps (:meth:`check_sampled`); everything else is checked every step.
        """
        s = self.s
        check_cards(s, self.progress_played)
        check_cached(s, self.counted())
        check_awards(s)
        check_phase_payload(s)
        check_victory(s)
        if legal != legal_actions(s.copy(), p):
            raise HarnessFailure("legal_actions differs on a copy (or on a second call)")
        if len(set(legal)) != len(legal):
            raise HarnessFailure("legal_actions lists an action twice")
        talk = [a.kind in _UNIT_TRADES for a in legal]
        if talk != sorted(talk):  # offers or counter-offers end the list (legal.py)
            raise HarnessFailure("domestic talk is not the end of the legal_actions list")
        if len({a.kind for a in legal if a.kind in _UNIT_TRADES}) > 1:
            raise HarnessFailure("offers and counter-offers listed together")
        to_check = legal
        trades = [a for a in legal if a.kind in _UNIT_TRADES]
        if len(trades) > UNIT_TRADES_PER_STEP:
            to_check = [a for a in legal if a.kind not in _UNIT_TRADES]
            to_check += self.rng.sample(trades, UNIT_TRADES_PER_STEP)
        for a in to_check:
            try:
                check(s, a)
            except IllegalActionError as e:
                raise HarnessFailure(f"check rejects the listed action {a!r}: {e}") from e
        for a in legal:
            notation_roundtrip(a, s)

    # -- on a sample of steps --------------------------------------------------------------

    def check_sampled(self, legal: list[Action], p: int) -> None:
        s = self.s
        self.tally.sampled += 1
        before = snapshot(s)
        # legal_actions and check are queries: they must not change the state. Every listed
        # action, the unit trades too, must pass check.
        if legal_actions(s, p) != legal:
            raise HarnessFailure("legal_actions gives another list on a second call")
        for a in legal:
            try:
                check(s, a)
            except IllegalActionError as e:
                raise HarnessFailure(f"check rejects the listed action {a!r}: {e}") from e
        if snapshot(s) != before:
            raise HarnessFailure("legal_actions or check changed the state")

        # Every invariant of a position (validate); load_state below checks them again.
        problems = validate(s)
        if problems:
            raise HarnessFailure(f"validate: {problems}")

        # save/load round trip, through JSON text as a file or a socket would carry it.
        saved = save_state(s)
        loaded = load_state(json.loads(json.dumps(saved)))
        if loaded != s:
            diff = [k for k, v in s.fields().items() if loaded.fields()[k] != v]
            raise HarnessFailure(f"save/load round trip differs in {diff}")
        if save_state(loaded) != saved:
            raise HarnessFailure("saving a loaded state gives different data")
        if legal_actions(loaded, p) != legal:
            raise HarnessFailure("a loaded state has different legal actions")

        # copy() is independent: playing on the copy leaves the original as it was.
        if legal:
            c = s.copy()
            if c != s:
                raise HarnessFailure("a copy differs from its original")
            a = self.rng.choice(legal)
            apply(c, a, sample_outcome(c, a, self.rng))
            if snapshot(s) != before:
                raise HarnessFailure(f"applying {a!r} to a copy changed the original")

        # Views of every seat and of a spectator serialize in every phase.
        for viewer in (None, *range(s.n)):
            json.dumps(observe(s, viewer).to_json())

        self.check_chance(legal)
        self.check_enumerable()
        self.fuzz(legal, before)

    def check_chance(self, legal: list[Action]) -> None:
        """Chance outcomes form a distribution and check accepts each of them."""
        s = self.s
        for a in legal:
            if a.kind not in (K.ROLL, K.BUY_DEVELOPMENT, K.MOVE_ROBBER):
                continue
            options = chance_outcomes(s, a)
            waits = any(x.steal_waits(s, a.player) for x in s.ruleset.steal_settlers)
            if a.kind == K.MOVE_ROBBER and (a.b == NOBODY or not s.hand_size(a.b) or waits):
                # (alternate rule 8: a steal that waits comes with the pass closing the window)
                if options:
                    raise HarnessFailure(f"{a!r} has chance outcomes but nothing to steal")
                continue
            total = sum(w for _, w in options)
            if abs(total - 1) > 1e-9 or any(w <= 0 for _, w in options):
                raise HarnessFailure(f"chance outcomes of {a!r} are not a distribution")
            for o, _ in options:
                check(s, a, o)
            if a.kind == K.ROLL:
                break  # the same 21 outcomes at every roll

    def check_enumerable(self) -> None:
        """For kinds without bundles, check's verdict is membership in legal_actions.

        Every such action of a kind the phase allows is compared for each deciding player;
        of the remaining ones (which check must all turn away) a random dozen per player.
        """
        s = self.s
        self.tally.enumerated += 1
        ds = deciders(s)
        allowed = s.ruleset.phase_kinds[s.phase]
        for p in range(s.n):
            listed = set(legal_actions(s, p))
            if p not in ds and listed:
                raise HarnessFailure(f"p{p} is not deciding but has legal actions")
            actions = enumerable_actions(s, p)
            rest = [a for a in actions if p not in ds or a.kind not in allowed]
            actions = [a for a in actions if p in ds and a.kind in allowed]
            actions += self.rng.sample(rest, min(12, len(rest)))
            for a in actions:
                try:
                    check(s, a)
                    accepted = True
                except IllegalActionError:
                    accepted = False
                if accepted != (a in listed):
                    verdict = "accepts" if accepted else "rejects"
                    raise HarnessFailure(f"check {verdict} {a!r} but legal_actions disagrees")

    def fuzz(self, legal: list[Action], before: dict[str, object]) -> None:
        """Malformed and perturbed actions: accepted (and then harmless) or cleanly rejected."""
        s = self.s
        listed = set(legal)
        for p in deciders(s):
            listed.update(legal_actions(s, p))
        for obj in malformed_actions(s, legal, self.rng):
            self.tally.fuzzed += 1
            try:
                check(s, obj)  # type: ignore[arg-type]
            except IllegalActionError:
                self.tally.fuzz_rejected += 1
                if snapshot(s) != before:
                    raise HarnessFailure(f"check rejecting {obj!r} changed the state") from None
                continue
            except Exception as e:
                raise HarnessFailure(
                    f"check raised {type(e).__name__} instead of IllegalActionError for "
                    f"{obj!r}: {e}"
                ) from e
            # Accepted: either listed, or a composite form; applying it keeps the invariants.
            self.tally.fuzz_accepted += 1
            assert isinstance(obj, Action)
            c = s.copy()
            try:
                apply(c, obj, sample_outcome(c, obj, self.rng))
            except Exception as e:
                raise HarnessFailure(f"check accepted {obj!r} but apply raised {e!r}") from e
            check_cards(c, self._progress_after(c))
            check_pieces(c)
            if obj not in listed and obj.kind not in (
                K.DISCARD,
                K.MARITIME_TRADE,
                K.OFFER_TRADE,
                K.COUNTER_TRADE,
                K.PLAY_YEAR_OF_PLENTY,
            ):
                raise HarnessFailure(f"check accepts {obj!r}, which legal_actions omits")
        if snapshot(s) != before:
            raise HarnessFailure("checking (and playing on copies) changed the state")

    def _progress_after(self, c: GameState) -> list[int]:
        played = self.progress_played[:]
        for e in c.events:
            if e.kind in _PROGRESS_EVENTS:
                played[_PROGRESS_EVENTS[e.kind]] += 1
        return played

    # -- the end ---------------------------------------------------------------------------

    def check_end(self) -> None:
        """The record replays to the identical position, also after a trip through JSON."""
        s = self.s
        record = self.game.to_json()
        text = json.dumps(record)
        loaded = json.loads(text)
        # The JSON form equals the dict, so replaying it covers replaying the dict too.
        if loaded != record:
            raise HarnessFailure("the record changes through json.dumps/json.loads")
        again = replay(loaded)
        self.tally.replays += 1
        if position_key(again.state) != position_key(s):
            fields = again.state.fields()
            skip = ("rng_hi", "rng_lo")  # the generator's state is not part of the position
            diff = [k for k, v in s.fields().items() if k not in skip and fields[k] != v]
            raise HarnessFailure(f"replay differs in {diff}")
        if json.dumps(again.to_json()) != text:
            raise HarnessFailure("the replayed game's record differs from the original")
        if s.phase == Phase.GAME_OVER and record["result"]["winner"] != s.winner:
            raise HarnessFailure("the record names another winner")

    # -- driving ---------------------------------------------------------------------------

    def step(self) -> None:
        s = self.s
        ds = deciders(s)
        p = ds[0] if len(ds) == 1 else self.rng.choice(ds)
        legal = legal_actions(s, p)
        if not legal:
            raise HarnessFailure(f"p{p} must decide but has no legal action")
        self.check_step(legal, p)
        self.tally.phases[s.phase.name] += 1
        if self.rng.random() < self.sample_rate or (
            s.phase in RARE_PHASES and s.phase not in self.sampled_phases
        ):
            self.sampled_phases.add(s.phase)
            self.check_sampled(legal, p)
        a = None
        if self.rng.random() < COMPOSITE_RATE:
            a = composite_action(s, p, self.rng)
            if a is not None:
                self.tally.composites += 1
        if a is None:
            a = choose(s, self.rng, legal)
        outcome = sample_outcome(s, a, self.rng) if self.external_chance else None
        try:
            self.game.play(a, outcome)
        except IllegalActionError as e:
            raise HarnessFailure(f"playing {a!r} (outcome {outcome!r}) failed: {e}") from e
        self.tally.kinds[K(a.kind).name] += 1
        self.tally.steps += 1
        to = a.a if a.kind == K.BUILD_SHIP else a.b if a.kind == K.MOVE_SHIP else -1
        if to >= s.topo.n_road_paths:  # a ship now stands on the open sea
            self.tally.open_sea += 1
            self.tally.open_sea_games = 1
        for e in s.events:
            if e.kind in _PROGRESS_EVENTS:
                self.progress_played[_PROGRESS_EVENTS[e.kind]] += 1

    def run(self, max_steps: int = MAX_STEPS) -> None:
        s = self.s
        for _ in range(max_steps):
            if s.phase == Phase.GAME_OVER:
                break
            self.step()
        # The position after the last step gets the every-step checks too.
        check_cards(s, self.progress_played)
        check_cached(s, self.counted())
        check_awards(s)
        check_phase_payload(s)
        check_victory(s)
        problems = validate(s)
        if problems:
            raise HarnessFailure(f"validate: {problems}")
        self.check_end()


def run_game(
    rules: Rules, *, max_steps: int = MAX_STEPS, sample_rate: float = SAMPLE_RATE
) -> Tally:
    """Play and audit one game; a broken invariant is recorded in ``failures``."""
    tally = Tally(games=1)
    tally.configs.add((rules.players, rules.map_kind, rules.trade_build, rules.discard_max))
    sim = SimGame(rules, tally, sample_rate=sample_rate)
    try:
        sim.run(max_steps)
    except Exception as e:
        tally.failures.append(
            f"{type(e).__name__}: {e}\n  at {sim.where()}\n"
            f"  reproduce: harness.run_game({rules!r})\n{traceback.format_exc(limit=-4)}"
        )
    tally.finished = int(sim.s.phase == Phase.GAME_OVER)
    return tally


def run_games(
    indices: range, *, base_seed: int = 0, extension: bool = False, two_sets: bool = False
) -> Tally:
    """Play games ``indices`` (see :func:`config_for`) and merge their tallies."""
    total = Tally()
    for i in indices:
        rules = config_for(i, base_seed=base_seed, extension=extension, two_sets=two_sets)
        total.merge(run_game(rules))
    return total


def harness_workers() -> int:
    """Worker processes: ``PYSETTLERS_HARNESS_WORKERS`` if set, else up to 2 (one per core)."""
    text = os.environ.get("PYSETTLERS_HARNESS_WORKERS", "").strip()
    return int(text) if text else min(2, os.cpu_count() or 1)


def run_rules(configs: list[Rules], workers: int | None = None) -> Tally:
    """:func:`run_game` for each of ``configs``, spread over worker processes (default:
    :func:`harness_workers`), their tallies merged. Every game is seeded by its rules, so
    the split changes nothing but the wall time."""
    workers = harness_workers() if workers is None else workers
    total = Tally()
    if workers <= 1:
        for r in configs:
            total.merge(run_game(r))
        return total
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        for t in pool.map(run_game, configs, chunksize=4):
            total.merge(t)
    return total


def run_parallel(
    n_games: int,
    *,
    workers: int,
    chunk: int = 25,
    base_seed: int = 0,
    extension: bool = False,
    two_sets: bool = False,
) -> Tally:
    """:func:`run_games` over ``n_games`` games, in chunks spread over worker processes.

    Each game is independent and seeded, so the split changes nothing but the wall time;
    ``workers=1`` plays everything in this process (easier to debug).
    """
    chunks = [range(i, min(i + chunk, n_games)) for i in range(0, n_games, chunk)]
    total = Tally()
    if workers <= 1:
        for r in chunks:
            total.merge(run_games(r, base_seed=base_seed, extension=extension, two_sets=two_sets))
        return total
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        play = partial(run_games, base_seed=base_seed, extension=extension, two_sets=two_sets)
        for t in pool.map(play, chunks):
            total.merge(t)
    return total
