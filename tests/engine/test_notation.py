"""The action and outcome notation: round trips for every kind, and clear parse errors.

What this is for: the text form of actions (``p0 road (0,-1)NE``, ``p1 discard 2ore+1wool``,
``p0 offer 1ore for 1brick to p1,p2``) and of chance outcomes (``3+4``, ``knight``, ``ore``)
is what records, the CLI and the server carry, so ``parse(format(a)) == a`` must hold for
every action the engine can take — bundles and multi-player offers included — and malformed
text must raise :class:`NotationError` saying what is wrong.

What this is not: legality. A well-formed action may be illegal; ``check`` decides that.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysettlers.engine import (
    Action,
    ActionKind,
    DevCard,
    NotationError,
    Resource,
    Rules,
    format_action,
    format_outcome,
    make_board,
    parse_action,
    parse_outcome,
)

K = ActionKind
BASE_KINDS = [k for k in ActionKind if k <= K.CANCEL_TRADE]  # Helpers' kinds: their own tests
TOPO = make_board(Rules()).topology

# One written example per kind, as the README and the actions module show them.
EXAMPLES = [
    ("p0 roll", Action(0, K.ROLL)),
    ("p3 end", Action(3, K.END_TURN)),
    ("p0 road (1,-2)SW", Action(0, K.BUILD_ROAD, TOPO.parse_path("(0,-1)NE"))),
    ("p0 settlement (0,-1)N", Action(0, K.BUILD_SETTLEMENT, TOPO.parse_intersection("(0,-1)N"))),
    ("p2 city (0,-1)N", Action(2, K.BUILD_CITY, TOPO.parse_intersection("(0,-1)N"))),
    ("p0 buy", Action(0, K.BUY_DEVELOPMENT)),
    ("p1 knight", Action(1, K.PLAY_KNIGHT)),
    ("p1 road-building", Action(1, K.PLAY_ROAD_BUILDING)),
    ("p0 year-of-plenty ore grain", Action(0, K.PLAY_YEAR_OF_PLENTY, Resource.ORE, Resource.GRAIN)),
    ("p0 year-of-plenty wool", Action(0, K.PLAY_YEAR_OF_PLENTY, Resource.WOOL, -1)),
    ("p0 monopoly ore", Action(0, K.PLAY_MONOPOLY, Resource.ORE)),
    ("p0 robber (1,0) p2", Action(0, K.MOVE_ROBBER, TOPO.parse_hex("(1,0)"), 2)),
    ("p0 robber (0,0)", Action(0, K.MOVE_ROBBER, TOPO.parse_hex("(0,0)"), -1)),
    ("p1 discard 1wool+2ore", Action(1, K.DISCARD, give=(0, 0, 1, 0, 2))),
    (
        "p0 maritime 4ore for 1lumber",
        Action(0, K.MARITIME_TRADE, give=(0, 0, 0, 0, 4), get=(0, 1, 0, 0, 0)),
    ),
    (
        "p0 maritime 2brick+3wool for 1lumber+1ore",
        Action(0, K.MARITIME_TRADE, give=(2, 0, 3, 0, 0), get=(0, 1, 0, 0, 1)),
    ),
    (
        "p0 offer 1ore for 1brick to p1,p2",
        Action(0, K.OFFER_TRADE, give=(0, 0, 0, 0, 1), get=(1, 0, 0, 0, 0), to=0b110),
    ),
    (
        "p2 offer 2lumber+1grain for 3wool to p0,p1,p3",
        Action(2, K.OFFER_TRADE, give=(0, 2, 0, 1, 0), get=(0, 0, 3, 0, 0), to=0b1011),
    ),
    ("p1 accept", Action(1, K.ACCEPT_TRADE)),
    ("p1 reject", Action(1, K.REJECT_TRADE)),
    (
        "p1 counter 1lumber+1ore for 1brick",
        Action(1, K.COUNTER_TRADE, give=(0, 1, 0, 0, 1), get=(1, 0, 0, 0, 0)),
    ),
    ("p0 confirm p1", Action(0, K.CONFIRM_TRADE, 1)),
    ("p0 cancel", Action(0, K.CANCEL_TRADE)),
    # Answers name the offer they answer (the engine asks for it; records made before
    # offers were numbered read as above).
    ("p1 accept #3", Action(1, K.ACCEPT_TRADE, offer=3)),
    ("p1 reject #12", Action(1, K.REJECT_TRADE, offer=12)),
    (
        "p1 counter 1lumber+1ore for 1brick #3",
        Action(1, K.COUNTER_TRADE, give=(0, 1, 0, 0, 1), get=(1, 0, 0, 0, 0), offer=3),
    ),
    ("p0 confirm p1 #3", Action(0, K.CONFIRM_TRADE, 1, offer=3)),
    ("p0 cancel #1", Action(0, K.CANCEL_TRADE, offer=1)),
]


def test_the_examples_cover_every_action_kind() -> None:
    assert {a.kind for _, a in EXAMPLES} == set(BASE_KINDS)


@pytest.mark.parametrize(("text", "action"), EXAMPLES, ids=[t for t, _ in EXAMPLES])
def test_examples_parse_and_format_both_ways(text: str, action: Action) -> None:
    assert parse_action(text, TOPO) == action
    assert format_action(action, TOPO) == text


def test_parsing_accepts_aliases_case_and_spacing() -> None:
    settlement = parse_action("p0 settlement (0,-1)N", TOPO)
    # The same intersection named from the hex above it, in other case and spacing.
    assert parse_action("  P0   SETTLEMENT  (0,-2)se ", TOPO) == settlement
    road = parse_action("p0 road (0,-1)NE", TOPO)
    assert parse_action("p0 road (1,-2)SW", TOPO) == road
    assert format_action(road, TOPO) == "p0 road (1,-2)SW"  # one canonical name per path
    assert parse_action("p1 discard ore+ore+wool", TOPO).give == (0, 0, 1, 0, 2)


# -- every action, generated --------------------------------------------------------------------

players = st.integers(0, 3)
resources = st.integers(0, 4)
bundles = st.tuples(*[st.integers(0, 12)] * 5)
nonempty = bundles.filter(any)


@st.composite
def actions(draw: st.DrawFn) -> Action:
    p = draw(players)
    kind = draw(st.sampled_from(BASE_KINDS))
    if kind == K.BUILD_ROAD:
        return Action(p, kind, draw(st.integers(0, TOPO.n_paths - 1)))
    if kind in (K.BUILD_SETTLEMENT, K.BUILD_CITY):
        return Action(p, kind, draw(st.integers(0, TOPO.n_intersections - 1)))
    if kind == K.PLAY_YEAR_OF_PLENTY:
        return Action(p, kind, draw(resources), draw(st.integers(-1, 4)))
    if kind == K.PLAY_MONOPOLY:
        return Action(p, kind, draw(resources))
    if kind == K.MOVE_ROBBER:
        return Action(p, kind, draw(st.integers(0, TOPO.n_hexes - 1)), draw(st.integers(-1, 3)))
    if kind == K.DISCARD:
        return Action(p, kind, give=draw(bundles))
    if kind in (K.MARITIME_TRADE, K.COUNTER_TRADE):
        return Action(p, kind, give=draw(bundles), get=draw(bundles))
    if kind == K.OFFER_TRADE:
        to = draw(st.integers(1, 15))  # any non-empty set of seats (one's own is for check)
        return Action(p, kind, give=draw(bundles), get=draw(bundles), to=to)
    if kind == K.CONFIRM_TRADE:
        return Action(p, kind, draw(players))
    return Action(p, kind)


@settings(max_examples=500)
@given(actions())
def test_every_action_round_trips(action: Action) -> None:
    text = format_action(action, TOPO)
    assert parse_action(text, TOPO) == action
    assert format_action(parse_action(text, TOPO), TOPO) == text


def test_every_board_item_round_trips() -> None:
    for e in range(TOPO.n_paths):
        assert parse_action(format_action(Action(1, K.BUILD_ROAD, e), TOPO), TOPO).a == e
    for v in range(TOPO.n_intersections):
        assert parse_action(format_action(Action(1, K.BUILD_CITY, v), TOPO), TOPO).a == v
    for h in range(TOPO.n_hexes):
        a = Action(1, K.MOVE_ROBBER, h, 3)
        assert parse_action(format_action(a, TOPO), TOPO) == a


# -- parse errors ---------------------------------------------------------------------------------

BAD = [
    ("", "a player and a keyword"),
    ("p0", "a player and a keyword"),
    ("x0 roll", "not a player like 'p0'"),
    ("p0 fly", "unknown action 'fly'"),
    ("p0 roll now", "'roll' takes 0 argument"),
    ("p0 road", "'road' takes 1 argument"),
    ("p0 road (9,9)NE", "not a path of this board"),
    ("p0 road (0,-1)N", "not a path of this board"),
    ("p0 settlement (0,0)", "not an intersection of this board"),
    ("p0 settlement zero", "not a board name"),
    ("p0 robber (0,0)N", "not a land hex"),
    ("p0 robber (0,0) p1 p2", "'robber' takes a hex and optionally a victim"),
    ("p0 monopoly gold", "'gold' is not a resource"),
    ("p0 year-of-plenty", "'year-of-plenty' takes one or two resources"),
    ("p0 year-of-plenty ore ore ore", "'year-of-plenty' takes one or two resources"),
    ("p1 discard 2gold", "'gold' is not a resource"),
    ("p1 discard ore-2", "not a bundle item like '2ore'"),
    ("p0 maritime 4ore to 1lumber", "expected '<give> for <get>'"),
    ("p0 offer 1ore for 1brick p1", "'offer' takes 5 argument"),
    ("p0 offer 1ore for 1brick at p1", "expected '<give> for <get> to p1,p2'"),
    ("p0 offer 1ore for 1brick to p1,x", "'x' is not a player"),
    ("p0 confirm 1", "'1' is not a player"),
    ("p0 roll #3", "only an answer to an offer names one"),
    ("p0 offer 1ore for 1brick to p1 #3", "only an answer to an offer names one"),
    ("p1 accept #0", "offers are numbered from #1"),
    ("p1 accept #x", "is not an offer number like '#3'"),
    ("p1 accept #-3", "is not an offer number like '#3'"),
    ("p1 accept #" + "9" * 5000, "is not an offer number like '#3'"),
    ("p1 accept #3 #4", "'accept' takes 0 argument"),
]


@pytest.mark.parametrize(("text", "message"), BAD, ids=[t or "empty" for t, _ in BAD])
def test_malformed_text_raises_a_clear_notation_error(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_action(text, TOPO)


def test_notation_error_is_a_value_error_quoting_the_text() -> None:
    with pytest.raises(ValueError) as info:
        parse_action("p0 monopoly gold", TOPO)
    assert isinstance(info.value, NotationError)
    assert "gold" in str(info.value)


# -- chance outcomes ------------------------------------------------------------------------------


def test_every_outcome_round_trips() -> None:
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            text = format_outcome(K.ROLL, (d1, d2))
            assert text == f"{d1}+{d2}"
            assert parse_outcome(K.ROLL, text) == (d1, d2)
    for card in DevCard:
        text = format_outcome(K.BUY_DEVELOPMENT, card)
        assert parse_outcome(K.BUY_DEVELOPMENT, text) == card
    assert format_outcome(K.BUY_DEVELOPMENT, DevCard.ROAD_BUILDING) == "road-building"
    for r in Resource:
        text = format_outcome(K.MOVE_ROBBER, r)
        assert text == r.name.lower()
        assert parse_outcome(K.MOVE_ROBBER, text) == r
    assert format_outcome(K.ROLL, None) is None
    assert parse_outcome(K.ROLL, None) is None
    assert parse_outcome(K.ROLL, " 3 + 4 ") == (3, 4)


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        (K.ROLL, "7", "not a dice outcome like '3\\+4'"),
        (K.ROLL, "3-4", "not a dice outcome"),
        (K.ROLL, "0+7", "not a dice outcome"),
        (K.ROLL, "3+4+1", "not a dice outcome"),
        (K.BUY_DEVELOPMENT, "castle", "not a development card"),
        (K.MOVE_ROBBER, "gold", "not a resource"),
    ],
)
def test_malformed_outcomes_raise_notation_errors(
    kind: ActionKind, text: str, message: str
) -> None:
    with pytest.raises(NotationError, match=message):
        parse_outcome(kind, text)
