"""The contents of a seat's view, worked out from the state: ``observe``'s work, compiled.

What this is for: :func:`view_fields` gives every field of ``viewer``'s view of a state, in
the order of :class:`~pysettlers.engine.views.View`'s fields, and :func:`lazy_view` fills in
the few a lazy view sets at once. ``views.py`` builds its views from them (``observe``,
``View.materialize``) and is the module to read for what a seat may know; this one only
holds its work, so that ``make mypyc`` compiles it.

Why a module apart (speed, issue 32): ``views.py`` stays interpreted (a lazy view fills
itself in through ``__getattr__``, which mypyc's native classes do not call: the Makefile),
and an eager view is the largest piece of an RL step left interpreted (about 50,000
instructions of 300,000, compiled engine) and a lazy one, made on every decision of a
bot, the next. Here the same code compiles; what it returns is unchanged.

What this is not: the view type, its JSON, or the redaction of events (``views.py``,
``events.py``); nothing here changes the game (only its cache of the pieces' tuples).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Any, Final, cast

from .events import Event, redact, since_steps
from .flow import deciders
from .state import GameState
from .trade import trade_ratios
from .types import Phase

_GAME_OVER: Final = Phase.GAME_OVER  # (a plain global: see ``types.members``)


PlayerSums = Callable[[list[int]], tuple[int, ...]]
_SUMS: dict[int, PlayerSums] = {}


def per_player_sums(n: int) -> PlayerSums:
    """A function that sums each player's five entries of a flat per-player list (``hands``
    to hand sizes, ``dev`` to development-card counts) for ``n`` players.

    Every view needs three such sums; written out as one expression per player count they
    cost a fifth of a loop over slices, which matters on every decision of a simulation."""
    # Speed device: the expression is generated (``eval``) because no plain Python comes
    # close. Measured with valgrind (Python 3.11, 4 players, 2026-11-26), a call in a loop:
    # this lambda 3,500 instructions; the plainest equals, ``tuple(map(sum, zip(it, it, it, it,
    # it)))`` 8,500, a comprehension of written-out ``v[i] + ... + v[i + 4]`` 8,000, five
    # strided slices added with ``map(add, ...)`` 14,200. With the grouping ``zip`` an eager
    # ``observe`` costs 54,900 instructions instead of 40,600 (+35%), and an expert's
    # playout, whose bots observe eagerly, 110.0M instead of 108.2M (+1.7%,
    # ``bench/instructions.py --playouts``); the simulator's lazy views rarely need them.
    fn = _SUMS.get(n)
    if fn is None:
        body = "".join("+".join(f"v[{5 * p + k}]" for k in range(5)) + "," for p in range(n))
        fn = _SUMS[n] = cast(PlayerSums, eval(f"lambda v: ({body})", {}))
    return fn


def lazy_view(view: Any, s: GameState, viewer: int | None, since_version: int | None) -> None:
    """Set the fields a lazy view (``observe(..., lazy=True)``) fills in at once on
    ``view``, a ``View`` made without ``__init__``, and its source; the state keeps a weak
    reference to it, to complete it before it changes (``GameState.freeze_views``)."""
    view.viewer = viewer
    view.n = s.n
    view.phase = s.phase
    view.current = s.current
    view.turn = s.turn
    view.winner = s.winner
    view.version = s.version
    view.ext = scenario_parts(s, viewer) if s.ruleset.scenarios else {}
    view._source = (s, since_version)
    s.live_views.append(weakref.ref(view))


def scenario_parts(s: GameState, viewer: int | None) -> dict[str, Any]:
    """Each scenario's part of the view, by name (a scenario with nothing to show, none)."""
    out = {}
    for x in s.ruleset.scenarios:
        part = x.view(s, viewer)
        if part is not None:
            out[x.name] = part
    return out


def view_fields(s: GameState, viewer: int | None, since_version: int | None) -> tuple[Any, ...]:
    """Every init field of ``viewer``'s view of ``s``, in order (``viewer`` checked)."""
    n = s.n
    hands = s.hands
    dev = s.dev
    dn = s.dev_new
    over = s.phase == _GAME_OVER
    hand = dev_cards = dev_new = None
    if viewer is not None:
        i = 5 * viewer
        hand = (hands[i], hands[i + 1], hands[i + 2], hands[i + 3], hands[i + 4])
        dev_cards = (dev[i], dev[i + 1], dev[i + 2], dev[i + 3], dev[i + 4])
        dev_new = (dn[i], dn[i + 1], dn[i + 2], dn[i + 3], dn[i + 4])
    # When the game ends every victory point card is turned up: the winner's to claim the
    # win, the others' too ("You should also reveal them if someone else wins", R5 Almanac
    # "Victory Point Cards"), so the final scores are every player's total.
    if over:
        revealed = tuple(s.hidden_vp(p) for p in range(n))
        public_vp = tuple(s.public_vp[p] + revealed[p] for p in range(n))
    else:
        revealed = (0,) * n
        public_vp = tuple(s.public_vp)
    # The pieces change on few actions: their tuples are made once per change and shared
    # by every view (and copy) until the next one.
    snap = s.pieces_snapshot
    if snap is None or snap[0] != s.pieces_changed:
        snap = s.pieces_snapshot = (
            s.pieces_changed,
            tuple(s.building_owner),
            tuple(s.building_level),
            tuple(s.road_owner),
            tuple(s.blocked),
            tuple(zip(s.roads_left, s.settlements_left, s.cities_left)),
            tuple(s.road_length),
            {},  # the sites of these pieces, shared by their views (``_share_sites``)
        )
    # Every view carries the events after the seat's previous view: the last step's alone
    # (the common case, and the default) need no walk down the log.
    if since_version is None or since_version == s.version - 1:
        chunks: Sequence[Sequence[Event]] = (s.events,)
    else:
        chunks = since_steps(s.log, since_version)
    sums = per_player_sums(n)
    scenarios = s.ruleset.scenarios
    # Positional: keyword arguments cost three times as much as building the view itself.
    return (
        viewer,  # viewer
        n,  # n
        s.rules.vp_target,  # vp_target
        s.rules if over else s.ruleset.public_rules,  # rules
        s.board,  # board
        s.phase,  # phase
        s.current,  # current
        s.turn,  # turn
        deciders(s),  # deciders
        s.robber,  # robber
        snap[1],  # building_owner
        snap[2],  # building_level
        snap[3],  # road_owner
        (s.bank[0], s.bank[1], s.bank[2], s.bank[3], s.bank[4]),  # bank
        sum(s.deck),  # deck_size
        hand,  # hand
        dev_cards,  # dev_cards
        dev_new,  # dev_bought_this_turn
        sums(hands),  # hand_sizes
        sums(dev),  # dev_counts
        tuple(s.knights),  # knights
        tuple(s.played),  # played
        public_vp,  # public_vp
        revealed,  # revealed_vp_cards
        snap[6],  # road_length
        s.longest_road,  # longest_road
        s.largest_army,  # largest_army
        # The best rates the bank trades at now, a scenario's changes included.
        tuple(trade_ratios(s) if scenarios else s.ratios),  # ratios
        tuple(s.discards),  # discards
        s.dev_played,  # dev_played
        s.free_roads,  # free_roads
        s.special_builder,  # special_builder
        s.offer_give,  # offer_give
        s.offer_get,  # offer_get
        tuple(s.offer_answers),  # offer_answers
        tuple(s.offer_counters),  # offer_counters
        s.offer_id,  # offer_id
        s.last_roll,  # last_roll
        s.winner,  # winner
        s.version,  # version
        tuple([redact(e, viewer) if e.secret else e for c in chunks for e in c]),  # events
        scenario_parts(s, viewer) if scenarios else {},  # ext
        snap[5],  # pieces_left
        sums(dn),  # dev_bought
        s.first_player,  # first_player
        s.setup_step,  # setup_step
        s.setup_vertex,  # setup_vertex
        s.resume,  # resume
        snap[4],  # blocked
        # Alternate rule 2: "play with their hand of Resource cards face up".
        tuple(
            [
                (hands[i], hands[i + 1], hands[i + 2], hands[i + 3], hands[i + 4])
                for i in range(0, 5 * n, 5)
            ]
        )
        if s.rules.alternate and s.rules.has("open_hands")
        else None,  # hands
        s.version - 1 if since_version is None else max(since_version, -1),  # events_since
    )
