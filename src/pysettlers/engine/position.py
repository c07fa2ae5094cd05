"""Building a game state from its parts: the public position API.

What this is for: :func:`position` makes a :class:`GameState` from what a reader of the
rulebook would say about a position — which pieces stand where, who holds which cards, whose
turn it is and in which phase — for tests, tools, puzzles, and games that another program
reached and wants to continue with this engine. Everything left out gets a sensible default:
a main-phase position after the set-up phase on turn 1, the bank and the deck holding every
card not in a hand or played (so cards are conserved), the award holders the rules would give
for these pieces, the cached values (points, pieces left, harbor ratios, road lengths)
recounted. The result is checked with :func:`validate.validate`; a position the rules cannot
reach raises ``ValueError`` naming every problem.

What this is not: a rules engine (building does not go through the building rules — any
position the invariants allow can be made), nor a loader of saved games (``records``), nor a
board maker (the board defaults to the rules' own map; pass ``board`` for another).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeAlias

from . import data
from .actions import dev_name, parse_bundle, parse_dev, parse_resource
from .awards import _award
from .board import Board, make_board
from .config import Rules
from .derived import rebuild_caches
from .flow import setup_player
from .hands import cards_played, seat_slice, slot
from .jsonfields import shown
from .state import (
    ACCEPTED,
    COUNTERED,
    NOT_ASKED,
    PENDING,
    REJECTED,
    Bundle,
    GameState,
    fresh_state,
)
from .types import NOBODY, DevCard, Phase, is_int
from .validate import check_supply, validate

__all__ = ["AUTO", "position"]

AUTO = "auto"
"""For ``longest_road``/``largest_army``: the holder the rules give for these pieces and
knights — the one player alone with the most (at least 5 roads / 3 knights), else nobody."""

Counts: TypeAlias = str | tuple[int, ...] | list[int] | Mapping[str, int] | Mapping[int, int]
"""Cards: a notation string (``"2lumber+3ore"``, ``"knight+victory-point"``), 5 counts in
the rulebook's order, or a mapping from names (or enum values) to counts."""

Seat: TypeAlias = int | str
"""A player: a seat number or ``"p0"``, ``"p1"``…"""

_LEVELS = {"settlement": 1, "city": 2, 1: 1, 2: 2}
_ANSWERS = {
    "pending": PENDING,
    "accepted": ACCEPTED,
    "rejected": REJECTED,
    "countered": COUNTERED,
    "not_asked": NOT_ASKED,
}


def position(
    rules: Rules | None = None,
    *,
    board: Board | None = None,
    buildings: Mapping[str | int, tuple[Seat, str | int]] | None = None,
    roads: Mapping[str | int, Seat] | None = None,
    hands: Mapping[Seat, Counts] | None = None,
    development_cards: Mapping[Seat, Counts] | None = None,
    bought: Mapping[Seat, Counts] | None = None,
    played: Mapping[Seat, Counts] | None = None,
    knights: Mapping[Seat, int] | None = None,
    robber: str | int | None = None,
    longest_road: Seat | None = AUTO,
    largest_army: Seat | None = AUTO,
    phase: Phase | str = Phase.MAIN,
    current: Seat | None = None,
    turn: int | None = None,
    first_player: Seat = 0,
    setup_step: int | None = None,
    setup_intersection: str | int | None = None,
    resume: Phase | str = Phase.MAIN,
    free_roads: int | None = None,
    special_builder: Seat | None = None,
    development_card_played: bool = False,
    last_roll: int = 0,
    winner: Seat | None = None,
    bank: Counts | None = None,
    deck: Counts | None = None,
    discards: Mapping[Seat, int] | None = None,
    offer: tuple[Counts, Counts] | None = None,
    answers: Mapping[Seat, str] | None = None,
    counters: Mapping[Seat, tuple[Counts, Counts]] | None = None,
    scenarios: Mapping[str, Any] | None = None,
    rng: int | None = None,
) -> GameState:
    """A game state with exactly the parts given; the rest by default. Checked on the way out.

    * ``rules`` (default ``Rules()``), ``board`` (default: the rules' map, ``make_board``);
    * ``buildings`` — ``{intersection: (player, "settlement" | "city")}``; ``roads`` —
      ``{path: player}``. Intersections and paths by any of their names in the notation
      (``"(0,-1)N"``, ``"(1,-2)SW"``, ``"(0,-1)NE"``) or by id;
    * ``hands`` — ``{player: cards}`` (``"2lumber+3ore"``, ``{"ore": 2}`` or 5 counts);
      ``development_cards`` — the cards held; ``bought`` — those of them bought this turn;
      ``played`` — cards played (knights face up; progress cards); ``knights`` — knights
      played (defaults to the played knights and vice versa);
    * ``bank``/``deck`` — default: every card not in a hand or played, so cards are
      conserved; ``robber`` — a hex, or with the pirate a harbor's path (default: where the
      map starts it, the desert);
    * ``longest_road``/``largest_army`` — a player, ``None`` (set aside) or :data:`AUTO`
      (default: who the rules give it to for these pieces and knights);
    * ``phase`` (default ``main``), ``current`` (default ``first_player``; in the set-up
      phase whoever the snake order names), ``turn`` (default 1; 0 in the set-up phase),
      ``first_player`` (0), ``last_roll``, ``development_card_played``, ``rng`` (the game's
      generator state, default as a new game of these rules);
    * phase payloads, derived when left out: ``setup_step`` (from the pieces placed) and
      ``setup_intersection`` (the current player's settlement without a road); ``discards``
      (``{player: owed}``, default: half the hand above the discard limit); ``free_roads``
      (default 2, or the roads left); ``resume`` (the phase after the robber or the free
      roads); ``special_builder`` (default the next player); ``offer`` (``(give, get)``)
      with ``answers`` (``{player: "pending" | "accepted" | "rejected" | "countered"}``,
      default: every opponent pending) and ``counters`` (``{player: (give, get)}``);
      ``winner`` (default: ``current`` in ``game_over``);
    * ``scenarios`` — each scenario's part by its name, built by the scenario's ``build``
      hook (what it was not given it deals as the rules would). The Helpers of CATAN:
      ``{"helpers": {player: helper name}}`` — the other players keep the helper the
      set-up phase dealt them unless it was named for someone else, and the rest forms the
      display; a ``HelperState`` is taken as it is.

    Raises ``ValueError`` naming every problem when the result is not a position the rules
    can reach (see :func:`validate.validate`), or a part is malformed.

    Example — on the beginner map p0 has a settlement and two roads and holds the cost of a
    settlement, p1 a city and a road and 3 ore; it is p0's turn, after the roll::

        >>> from pysettlers.engine import Rules, format_action, legal_actions
        >>> s = position(
        ...     Rules(map_kind="beginner"),
        ...     buildings={"(0,-1)N": (0, "settlement"), "(0,1)N": (1, "city")},
        ...     roads={"(0,-1)NE": 0, "(0,-1)E": 0, "(0,1)NE": 1},
        ...     hands={0: "1brick+1lumber+1wool+1grain", "p1": {"ore": 3}},
        ... )
        >>> s.phase.name, s.turn, s.public_vp, s.bank
        ('MAIN', 1, [1, 2, 0, 0], [18, 18, 18, 18, 16])
        >>> [text for text in (format_action(a, s.topo) for a in legal_actions(s))
        ...  if "settlement" in text]
        ['p0 settlement (0,0)N']
        >>> position(Rules(), hands={0: {"ore": 20}})
        Traceback (most recent call last):
        ...
        ValueError: invalid position: bank: -1 ore (counts are never negative)
    """
    rules = Rules() if rules is None else rules
    if board is None:
        board = make_board(rules)
    n = rules.players
    if rng is None:
        # As new_game mixes the seed, so a built position plays on like a new game's chance.
        rng = rules.seed ^ 0x5EED_CA7A_2026_0001
    s = fresh_state(rules, board, rng)
    topo = s.topo  # with Seafarers ships, the board with the open sea (fresh_state)
    ph = _phase(phase, "phase")
    s.phase = ph
    s.first_player = _player(first_player, n, "first_player")

    # -- pieces
    for key, spec in (buildings or {}).items():
        v = _intersection(s, key)
        if not isinstance(spec, tuple) or len(spec) != 2:
            raise ValueError(f"buildings[{shown(key)}]: expected (player, 'settlement' or 'city')")
        who, kind = spec
        level = _LEVELS.get(kind) if isinstance(kind, (str, int)) else None
        if level is None:
            raise ValueError(
                f"buildings[{shown(key)}]: {shown(kind)} is not 'settlement' or 'city'"
            )
        if s.building_owner[v] != NOBODY:
            raise ValueError(f"buildings: two buildings on {topo.intersection_names[v]}")
        s.building_owner[v] = _player(who, n, f"buildings[{shown(key)}]")
        s.building_level[v] = level
    for key, who in (roads or {}).items():
        e = _path(s, key)
        if s.road_owner[e] != NOBODY:
            raise ValueError(f"roads: two roads on {topo.path_names[e]}")
        s.road_owner[e] = _player(who, n, f"roads[{shown(key)}]")
    if robber is not None:
        s.robber = _robber_site(s, robber)

    # -- cards
    for p, cards in per_player(hands, n, "hands"):
        s.hands[seat_slice(p)] = _resources(cards, f"hands[{p}]")
    for name, table in (("development_cards", s.dev), ("bought", s.dev_new), ("played", s.played)):
        source = {"development_cards": development_cards, "bought": bought, "played": played}
        for p, cards in per_player(source[name], n, name):
            table[seat_slice(p)] = _dev(cards, f"{name}[{p}]")
    given_knights = dict(per_player(knights, n, "knights"))
    for p in range(n):
        if p in given_knights:
            k = given_knights[p]
            if not isinstance(k, int) or isinstance(k, bool):
                raise ValueError(f"knights[{p}]: expected an integer, got {shown(k)}")
            s.knights[p] = k
            if played is None or not any(_seat_key(q, n) == p for q in played):
                s.played[slot(p, DevCard.KNIGHT)] = k
        else:
            s.knights[p] = cards_played(s, p, DevCard.KNIGHT)

    # -- the scenarios' parts (dealt as the set-up phase would, before the bank and deck
    # are derived)
    s.phase = ph
    given = dict(scenarios or {})
    for x in s.ruleset.scenarios:
        s.ext[x.name] = x.build(s, given.pop(x.name, None))
    if given:
        raise ValueError(f"scenarios: {sorted(given)} are not in play in these rules")

    if bank is None:
        s.bank = [rules.bank_per_resource - sum(s.hands[r::5]) for r in range(5)]
    else:
        s.bank = list(_resources(bank, "bank"))
    if deck is None:
        gone = [0] * 5
        for keeper in s.ruleset.card_keepers:
            gone = [g + c for g, c in zip(gone, keeper.cards_out_of_game(s))]
        s.deck = [
            rules.deck[d] - sum(s.dev[d::5]) - sum(s.played[d::5]) - gone[d] for d in range(5)
        ]
    else:
        s.deck = list(_dev(deck, "deck"))

    # -- turn and phase
    setup = ph in (Phase.SETUP_SETTLEMENT, Phase.SETUP_ROAD)
    if setup_step is None:
        placed = sum(1 for o in s.building_owner if o != NOBODY)
        setup_step = (placed - (ph == Phase.SETUP_ROAD)) if setup else 2 * n
    s.setup_step = setup_step
    if current is None:
        s.current = setup_player(s, setup_step) if setup and 0 <= setup_step < 2 * n else 0
        if not setup:
            s.current = s.first_player
    else:
        s.current = _player(current, n, "current")
    s.turn = (0 if setup else 1) if turn is None else turn
    if ph == Phase.SETUP_ROAD:
        if setup_intersection is None:
            s.setup_vertex = _roadless_settlement(s)
        else:
            s.setup_vertex = _intersection(s, setup_intersection)
    elif setup_intersection is not None:
        raise ValueError("setup_intersection: only in the setup_road phase")
    s.resume = _phase(resume, "resume")
    s.dev_played = development_card_played
    s.last_roll = last_roll
    if ph == Phase.ROAD_BUILDING:
        left = data.ROADS_PER_PLAYER - sum(1 for o in s.road_owner if o == s.current)
        s.free_roads = min(2, left) if free_roads is None else free_roads
    else:
        s.free_roads = 0 if free_roads is None else free_roads
    if special_builder is not None:
        s.special_builder = _player(special_builder, n, "special_builder")
    elif ph == Phase.SPECIAL_BUILD:
        s.special_builder = (s.current + 1) % n
    if winner is not None:
        s.winner = _player(winner, n, "winner")
    elif ph == Phase.GAME_OVER:
        s.winner = s.current
    if discards is not None:
        for p, owed in per_player(discards, n, "discards"):
            if not isinstance(owed, int) or isinstance(owed, bool):
                raise ValueError(f"discards[{p}]: expected an integer, got {shown(owed)}")
            s.discards[p] = owed
    elif ph == Phase.DISCARD:
        # "Half, rounded down" of each hand above the discard limit (Almanac, Rolling a 7).
        limit = rules.discard_max
        for p in range(n):
            size = s.hand_size(p)
            s.discards[p] = size // 2 if size > limit else 0
    if offer is not None:
        give, get = offer
        s.offer_give = _resources(give, "offer give")
        s.offer_get = _resources(get, "offer get")
        if answers is None:
            s.offer_answers = [NOT_ASKED if q == s.current else PENDING for q in range(n)]
        s.offer_id = 1  # the first offer of the position, as answers name it ('#1')
    if answers is not None:
        for p, word in per_player(answers, n, "answers"):
            if not isinstance(word, str) or word not in _ANSWERS:
                raise ValueError(f"answers[{p}]: {shown(word)} is not one of {sorted(_ANSWERS)}")
            s.offer_answers[p] = _ANSWERS[word]
    if counters is not None:
        counter_list = list(s.offer_counters)
        for p, pair in per_player(counters, n, "counters"):
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise ValueError(f"counters[{p}]: expected (give, get)")
            where = f"counters[{p}]"
            counter_list[p] = (_resources(pair[0], where), _resources(pair[1], where))
        s.offer_counters = counter_list

    # -- cached values and awards (pieces beyond the supply are refused first: the recount
    # measures roads by a walk that many pieces would make endless)
    check_supply(s)
    rebuild_caches(s)
    if longest_road == AUTO:
        s.longest_road = _award(NOBODY, s.road_length, data.LONGEST_ROAD_MIN)
    else:
        s.longest_road = NOBODY if longest_road is None else _player(longest_road, n, "award")
    if largest_army == AUTO:
        s.largest_army = _award(NOBODY, s.knights, data.LARGEST_ARMY_MIN)
    else:
        s.largest_army = NOBODY if largest_army is None else _player(largest_army, n, "award")
    rebuild_caches(s)  # the award holders' points

    problems = validate(s)
    if problems:
        raise ValueError("invalid position: " + "; ".join(problems))
    return s


# -- reading the parts ----------------------------------------------------------------------------


def _seat_key(key: Seat, n: int) -> int:
    if isinstance(key, str) and len(key) >= 2 and key[0] == "p" and key[1:].isdigit():
        return int(key[1:])
    if is_int(key):
        return key
    raise ValueError(f"{shown(key)} is not a player (a seat number or 'p0', 'p1', ...)")


def _player(key: Seat, n: int, where: str) -> int:
    try:
        p = _seat_key(key, n)
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None
    if not 0 <= p < n:
        raise ValueError(f"{where}: p{p} is not a seat of this {n}-player game")
    return p


def per_player(table: Mapping[Seat, object] | None, n: int, where: str) -> list[tuple[int, object]]:
    # (Values are typed ``object`` here; the callers convert and check them.)
    if table is None:
        return []
    return [(_player(k, n, where), v) for k, v in table.items()]


def _phase(x: Phase | str, where: str) -> Phase:
    if isinstance(x, Phase):
        return x
    if isinstance(x, str) and x.upper() in Phase.__members__:
        return Phase[x.upper()]
    raise ValueError(
        f"{where}: {shown(x)} is not a phase ({', '.join(p.name.lower() for p in Phase)})"
    )


def _board_id(key: object, parse: Callable[[str], int], count: int, what: str) -> int:
    """A board item named in the notation's coordinates or given by its id."""
    if isinstance(key, str):
        return parse(key)
    if is_int(key) and 0 <= key < count:
        return key
    raise ValueError(f"{shown(key)} is not {what} of this board")


def _intersection(s: GameState, key: object) -> int:
    t = s.topo
    return _board_id(key, t.parse_intersection, t.n_intersections, "an intersection")


def _path(s: GameState, key: object) -> int:
    return _board_id(key, s.topo.parse_path, s.topo.n_paths, "a path")


def _robber_site(s: GameState, key: object) -> int:
    """A hex, or a harbor's path (the pirate; ``validate`` refuses a path that is not a
    harbor, and any path without the option), by name or site id (``Topology.site_name``)."""
    t = s.topo
    return _board_id(key, t.parse_site, t.n_hexes + t.n_paths, "a hex or a harbor")


def _counts(spec: object, where: str, parse_name: Callable[[str], int], kinds: str) -> Bundle:
    if isinstance(spec, (tuple, list)):
        values = list(spec)
        if len(values) != 5:
            raise ValueError(f"{where}: 5 counts of {kinds} are needed, got {shown(spec)}")
    elif isinstance(spec, Mapping):
        values = [0] * 5
        for name, c in spec.items():
            if isinstance(name, int) and 0 <= name < 5:
                i = name
            elif isinstance(name, str):
                i = parse_name(name)
            else:
                raise ValueError(f"{where}: {shown(name)} names no card")
            if not is_int(c):
                raise ValueError(f"{where}: {shown(c)} is not a count")
            values[i] += c
    else:
        raise ValueError(f"{where}: expected {kinds} as counts, a mapping or notation")
    for c in values:
        if not isinstance(c, int) or isinstance(c, bool):
            raise ValueError(f"{where}: {shown(c)} is not a count")
    return (values[0], values[1], values[2], values[3], values[4])


def _resources(spec: object, where: str) -> Bundle:
    """Resource cards: ``"2lumber+3ore"``, ``{"ore": 2}`` or 5 counts."""
    if isinstance(spec, str):
        return parse_bundle(spec)
    return _counts(spec, where, parse_resource, "resources (brick, lumber, wool, grain, ore)")


def _dev(spec: object, where: str) -> Bundle:
    """Development cards: ``"2knight+victory-point"``, ``{"knight": 2}`` or 5 counts."""
    if isinstance(spec, str):
        counts = [0] * 5
        text = spec.strip().lower()
        if text not in ("", "nothing"):
            for item in text.split("+"):
                item = item.strip()
                digits = len(item) - len(item.lstrip("0123456789"))
                k = int(item[:digits]) if digits else 1
                counts[int(parse_dev(item[digits:]))] += k
        return (counts[0], counts[1], counts[2], counts[3], counts[4])
    names = ", ".join(dev_name(d) for d in DevCard)
    return _counts(spec, where, parse_dev, f"development cards ({names})")


def _roadless_settlement(s: GameState) -> int:
    """The current player's settlement with no road of theirs next to it (set-up road)."""
    t = s.topo
    c = s.current
    for v, o in enumerate(s.building_owner):
        if o == c and not any(s.road_owner[e] == c for e in t.intersection_paths[v]):
            return v
    raise ValueError(f"setup_intersection: p{c} has no settlement waiting for its road")
