"""Numbers in the notation are bounded when read: long or huge ones are refused at once.

What this is for: regression tests for text a client could send to make the engine spend
seconds and gigabytes (``to p8000000000`` built ``1 << 8000000000``) or fail with a bare
``ValueError`` from ``int()`` (a 5000-digit player). Each bad text must raise a
:class:`NotationError` naming what is wrong, quickly, and leave the game unchanged. Not a
test of legality: a seat the game does not have (``p7`` in a 4-player game) is well-formed
notation that ``check`` refuses.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysettlers.engine import (
    ActionKind,
    DevCard,
    Game,
    IllegalActionError,
    NotationError,
    Rules,
    make_board,
    parse_action,
    parse_outcome,
    save_state,
)
from pysettlers.engine.actions import MAX_COUNT, MAX_PLAYERS, parse_bundle

K = ActionKind
TOPO = make_board(Rules()).topology
HUGE = "9" * 5000

BAD = [
    (f"p{HUGE} roll", "players are p0 to p7"),
    ("p8 roll", "players are p0 to p7"),
    ("p0 offer 1ore for 1brick to p8000000000", "players are p0 to p7"),
    (f"p0 offer 1ore for 1brick to p1,p{HUGE}", "players are p0 to p7"),
    ("p0 offer 1ore for 1brick to p1,p1", "names p1 twice"),
    ("p0 confirm p99", "players are p0 to p7"),
    ("p0 robber (1,0) p12", "players are p0 to p7"),
    ("p0 hilde p8", "players are p0 to p7"),
    ("p0 repay p8 ore", "players are p0 to p7"),
    ("p0 nassir ore from p1,p9", "players are p0 to p7"),
    (f"p0 maritime {HUGE}ore for 1brick", "a count is at most 99"),
    ("p0 maritime 100ore for 1brick", "a count is at most 99"),
    ("p0 maritime 4ore for 1brick+99brick", "at most 99 brick in a bundle"),
    ("p1 discard " + "+".join(["ore"] * 100), "at most 99 ore in a bundle"),
    (f"p0 counter 1ore for {HUGE}wool", "a count is at most 99"),
    (f"p0 road ({HUGE},0)NE", "a coordinate has at most 3 digits"),
    (f"p0 settlement (0,-{HUGE})N", "a coordinate has at most 3 digits"),
    (f"p0 robber ({HUGE},{HUGE})", "a coordinate has at most 3 digits"),
    ("p0 lin (1000,0)", "a coordinate has at most 3 digits"),
]


@pytest.mark.parametrize(("text", "message"), BAD, ids=[t[:40] for t, _ in BAD])
def test_out_of_bounds_numbers_raise_notation_errors(text: str, message: str) -> None:
    start = time.perf_counter()
    with pytest.raises(NotationError, match=message):
        parse_action(text, TOPO)
    assert time.perf_counter() - start < 0.1


def test_messages_shorten_a_long_text() -> None:
    with pytest.raises(NotationError) as info:
        parse_action(f"p{HUGE} roll", TOPO)
    assert len(str(info.value)) < 200
    assert "5001 characters" in str(info.value)


@pytest.mark.parametrize(
    "text",
    [f"p{HUGE} roll", "p0 offer 1ore for 1brick to p8000000000", f"p0 road ({HUGE},0)NE"],
)
def test_a_game_refuses_them_unchanged(text: str) -> None:
    g = Game.new(Rules(seed=1))
    before = save_state(g.state)
    with pytest.raises(NotationError):
        g.play(text)
    assert save_state(g.state) == before and g.steps == []


def test_the_bounds_themselves_parse() -> None:
    assert parse_action(f"p{MAX_PLAYERS - 1} roll", TOPO).player == MAX_PLAYERS - 1
    offer = parse_action("p0 offer 1ore for 1brick to p1,p7", TOPO)
    assert offer.to == 0b10000010
    assert parse_bundle(f"{MAX_COUNT}ore") == (0, 0, 0, 0, MAX_COUNT)
    assert parse_bundle("98ore+ore") == (0, 0, 0, 0, 99)
    with pytest.raises(NotationError, match="not a path of this board"):
        parse_action("p0 road (-999,0)NE", TOPO)  # three digits are read, then not found


def test_a_seat_the_game_lacks_is_an_illegal_action() -> None:
    g = Game.new(Rules(seed=1))
    with pytest.raises(IllegalActionError, match="no player 7"):
        g.play("p7 roll")


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        (K.ROLL, f"{HUGE}+1", "not a dice outcome"),
        (K.BUY_DEVELOPMENT, HUGE, "not a development card"),
        (K.MOVE_ROBBER, HUGE, "not a resource"),
        (K.HELPER_CANDAMIR, "+".join(["knight"] * 4), "at most 3 development cards"),
        (K.HELPER_CANDAMIR, "+".join(["knight"] * 100000), "at most 3 development cards"),
    ],
)
def test_outcomes_are_bounded(kind: ActionKind, text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_outcome(kind, text)


def test_candamir_outcomes_up_to_three_cards_parse() -> None:
    knight, monopoly = DevCard.KNIGHT, DevCard.MONOPOLY
    assert parse_outcome(K.HELPER_CANDAMIR, "knight+monopoly+knight") == (knight, monopoly, knight)
    assert parse_outcome(K.HELPER_CANDAMIR, "knight") == (knight,)


NUMBER = st.one_of(st.integers(0, 10**60).map(str), st.text("0123456789-", min_size=1))


@settings(max_examples=300, deadline=None)
@given(
    n=NUMBER,
    slot=st.sampled_from(
        [
            "p{} roll",
            "p0 offer {}ore for 1brick to p1",
            "p0 offer 1ore for 1brick to p{}",
            "p0 road ({},0)NE",
            "p0 robber (0,{}) p1",
            "p0 confirm p{}",
        ]
    ),
)
def test_any_number_either_parses_or_raises_notation_error(n: str, slot: str) -> None:
    try:
        a = parse_action(slot.format(n), TOPO)
    except NotationError:
        return
    assert 0 <= a.player < MAX_PLAYERS and a.to < 1 << MAX_PLAYERS
    assert max(a.give + a.get) <= MAX_COUNT
