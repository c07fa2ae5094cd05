"""Positions and secrets for the no-leak property tests (views, the lazy view, RL).

:func:`positions` draws a position reached by the harness's seeded random play in any
supported game; :func:`with_other_secrets` redraws what a seat may not know;
:func:`reference_view` is ``observe`` written the plain way, to check the fast one against.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from pysettlers.engine import GameState, Phase, Rules
from pysettlers.engine.events import since
from pysettlers.engine.flow import deciders
from pysettlers.engine.state import ACCEPTED, COUNTERED
from pysettlers.engine.trade import trade_ratios
from pysettlers.engine.views import View, redact_event
from support import harness

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# Every player count with each board the rules allow for it (the 1996 maps included),
# the base game's weighted by repetition so that most draws stay on it.
BOARDS = (
    *[(n, kind) for n in (2, 3, 4) for kind in ("variable", "random", "beginner")] * 2,
    (3, "islands"),
    (4, "islands"),
    (5, "variable"),
    (6, "random"),
    (5, "big-islands"),
    (7, "big-island"),
    (8, "peanut"),
)


@st.composite
def positions(draw: st.DrawFn, max_steps: int = 1200) -> GameState:
    """A position reached by the harness's seeded random play, in any supported game."""
    players, map_kind = draw(st.sampled_from(BOARDS))
    rules = Rules(
        players=players,
        map_kind=map_kind,
        trade_build=draw(st.sampled_from(("combined", "separate"))),
        discard_limit=draw(st.sampled_from((7, 4, 9, None))),
        pirate=draw(st.booleans()),
        ships=draw(st.booleans()),
        seed=draw(st.integers(0, 2**32)),
    )
    return harness.random_game(rules, draw(st.integers(0, max_steps))).state


def _recompose(draw: st.DrawFn, counts: list[int], caps: list[int] | None = None) -> list[int]:
    """Another composition with the same total (each count at most its cap, if given)."""
    total = sum(counts)
    caps = caps or [total] * len(counts)
    out = [0] * len(counts)
    for _ in range(total):
        options = [i for i in range(len(counts)) if out[i] < caps[i]]
        out[draw(st.sampled_from(options))] += 1
    return out


def _known_held(s: GameState, q: int) -> list[int]:
    """The cards everyone knows ``q`` holds: those of an open offer it made or agreed to
    (hands do not change while an offer is open)."""
    if s.phase not in (Phase.TRADE_RESPONSE, Phase.TRADE_CONFIRM):
        return [0] * 5
    if q == s.current:
        return list(s.offer_give)
    if s.offer_answers[q] == ACCEPTED:
        return list(s.offer_get)
    if s.offer_answers[q] == COUNTERED:
        return list(s.offer_counters[q][0])
    return [0] * 5


def with_other_secrets(draw: st.DrawFn, s: GameState, viewer: int | None) -> GameState:
    """A copy of ``s`` whose secrets hidden from ``viewer`` are drawn anew.

    Public facts stay: hand sizes, development-card counts (and how many were bought this
    turn), the deck's size, the events of the last action, once the game is over every
    player's victory point cards, turned up at the end, and while a domestic offer is open
    the cards it is known each side holds — the offerer what it offers, a player who
    accepted what was asked, one who countered what the counter gives.
    """
    t = s.copy()
    t.events = list(s.events)
    t.rng = draw(st.integers(0, 2**64 - 1))
    t.deck = _recompose(draw, s.deck)
    for q in range(s.n):
        if q == viewer:
            continue
        i = 5 * q
        held = _known_held(s, q)
        rest = [c - k for c, k in zip(s.hands[i : i + 5], held, strict=True)]
        t.hands[i : i + 5] = [k + r for k, r in zip(held, _recompose(draw, rest), strict=True)]
        dev = s.dev[i : i + 5]
        keep_vp = s.phase == Phase.GAME_OVER
        if keep_vp:  # every victory point card is on the table now
            other = _recompose(draw, dev[:4]) + [dev[4]]
        else:
            other = _recompose(draw, dev)
        t.dev[i : i + 5] = other
        t.dev_new[i : i + 5] = _recompose(draw, s.dev_new[i : i + 5], other)
    return t


def reference_view(s: GameState, viewer: int | None, since_version: int | None) -> View:
    """``observe`` written the plain way — every field by keyword, each computed from the
    state from scratch — to check the fast positional one against."""
    n = s.n
    over = s.phase == Phase.GAME_OVER

    def five(xs: list[int], p: int) -> tuple[int, int, int, int, int]:
        a, b, c, d, e = xs[5 * p : 5 * p + 5]
        return (a, b, c, d, e)

    revealed = tuple(s.dev[5 * p + 4] if over else 0 for p in range(n))
    log = s.events if since_version is None else since(s.log, since_version)
    return View(
        viewer=viewer,
        n=n,
        vp_target=s.rules.vp_target,
        rules=s.rules if over else replace(s.rules, seed=0),
        board=s.board,
        phase=s.phase,
        current=s.current,
        turn=s.turn,
        deciders=deciders(s),
        robber=s.robber,
        building_owner=tuple(s.building_owner),
        building_level=tuple(s.building_level),
        road_owner=tuple(s.road_owner),
        bank=five(s.bank, 0),
        deck_size=sum(s.deck),
        hand=None if viewer is None else five(s.hands, viewer),
        dev_cards=None if viewer is None else five(s.dev, viewer),
        dev_bought_this_turn=None if viewer is None else five(s.dev_new, viewer),
        hand_sizes=tuple(s.hand_size(p) for p in range(n)),
        dev_counts=tuple(sum(five(s.dev, p)) for p in range(n)),
        knights=tuple(s.knights),
        played=tuple(s.played),
        public_vp=tuple(s.public_vp[p] + revealed[p] for p in range(n)),
        revealed_vp_cards=revealed,
        road_length=tuple(s.road_length),
        longest_road=s.longest_road,
        largest_army=s.largest_army,
        ratios=tuple(trade_ratios(s)),
        discards=tuple(s.discards),
        dev_played=s.dev_played,
        free_roads=s.free_roads,
        special_builder=s.special_builder,
        offer_give=s.offer_give,
        offer_get=s.offer_get,
        offer_answers=tuple(s.offer_answers),
        offer_counters=tuple(s.offer_counters),
        offer_id=s.offer_id,
        last_roll=s.last_roll,
        winner=s.winner,
        version=s.version,
        events=tuple(redact_event(e, viewer) for e in log),
        # A scenario with nothing to show (its view None) has no entry.
        ext={x.name: v for x in s.ruleset.scenarios if (v := x.view(s, viewer)) is not None},
        pieces_left=tuple(zip(s.roads_left, s.settlements_left, s.cities_left)),
        dev_bought=tuple(sum(five(s.dev_new, p)) for p in range(n)),
        first_player=s.first_player,
        setup_step=s.setup_step,
        setup_vertex=s.setup_vertex,
        resume=s.resume,
        blocked=tuple(s.blocked),
        events_since=s.version - 1 if since_version is None else since_version,
    )
