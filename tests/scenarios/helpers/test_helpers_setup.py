"""Helpers of CATAN: the set-up, the one-helper rule, flipping and exchanging, the prohibitions.

R5 "Helpers Rules" (p. 8): "Set-up", "Taking your first helper", "Using helpers", "After
using a helper's advantage", "Prohibitions". The advantages themselves are tested one file
per helper (``test_helper_*.py``).
"""

from __future__ import annotations

import json

import pytest

from pysettlers.engine import (
    Game,
    GameState,
    Phase,
    Rules,
    apply_checked,
    legal_actions,
    load_state,
    new_game,
    observe,
    parse_action,
    replay,
    save_state,
)
from pysettlers.engine.actions import format_action
from pysettlers.engine.data import HELPER_STACK
from pysettlers.engine.events import SettlementBuilt
from pysettlers.engine.scenarios.helpers import helpers_of
from pysettlers.engine.types import HELPER_KINDS, NOBODY
from support.builders import assert_illegal, legal, play, position
from support.helper_builders import HELPERS, display, helper_position, holder, sides, with_helpers

RULE = "Helpers"
STACK = ["nassir", "william", "marianne", "jean", "sean", "lin"]  # A1 … A6 (data.py)


def test_the_stack_is_data_with_nassir_on_top() -> None:
    # "This means that the player to the starting player's right will always start with
    # the helper card Nassir." The rest of the order is documented in data.py.
    assert [h.name.lower() for h in HELPER_STACK] == STACK


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_set_up_deals_the_stack_with_the_second_settlement_and_road(players: int) -> None:
    first = 1
    s = new_game(Rules(players=players, helpers=True, seed=3), first_player=first)
    assert helpers_of(s) is not None
    dealt: list[tuple[int, str]] = []
    while s.phase in (Phase.SETUP_SETTLEMENT, Phase.SETUP_ROAD):
        second_round = s.setup_step >= players
        p = s.current
        before = holder(s, p)
        apply_checked(s, legal_actions(s)[0])
        if isinstance(s.events[0], SettlementBuilt):
            assert holder(s, p) == before  # not with the settlement alone
        elif second_round:
            assert before is None and holder(s, p) is not None
            dealt.append((p, holder(s, p) or ""))
        else:
            assert holder(s, p) is None  # the first round's road gives nothing
    # The second round runs from the starting player's right back to the starting player:
    # they take A1, A2, ... in that order.
    right = (first - 1) % players
    assert dealt[0] == (right, "nassir")
    assert [h for _, h in dealt] == STACK[:players]
    assert [p for p, _ in dealt] == [(first - k) % players for k in range(1, players + 1)]
    # Exactly one helper each, all A side up; the leftovers joined the display.
    assert sorted(holder(s, p) or "" for p in range(players)) == sorted(STACK[:players])
    assert sides(s).count(":A") == players
    assert display(s) == {"candamir", "hilde", "louis", "vincent", *STACK[players:]}
    assert helpers_of(s).stack == 6


def test_beginner_map_deals_in_the_second_round_order() -> None:
    s = new_game(HELPERS, first_player=2)
    # Starting player p2: p1 (to the right) gets A1, then p0, p3, and p2 last.
    assert [holder(s, p) for p in (1, 0, 3, 2)] == STACK[:4]
    assert display(s) == {"candamir", "hilde", "louis", "vincent", "sean", "lin"}
    assert helpers_of(s) is not None and helpers_of(s).since == [0, 0, 0, 0]


def test_two_players_are_dealt_too() -> None:
    s = new_game(Rules(players=2, map_kind="beginner", helpers=True))
    assert [holder(s, p) for p in (1, 0)] == ["nassir", "william"]
    assert len(display(s)) == 8


# -- after use: flip or exchange --------------------------------------------------------------


def test_after_use_an_a_side_helper_may_be_flipped_or_exchanged() -> None:
    s = helper_position({"p0": "jean"}, hands={"p0": "2ore"})
    play(s, "p0 jean ore")
    assert s.phase == Phase.HELPER_AFTER
    options = legal(s)
    assert options[0] == "p0 flip"
    assert {o.split()[-1] for o in options[1:]} == display(s)
    assert "p0 end" not in options  # the owner decides first
    play(s, "p0 flip")
    assert holder(s, 0) == "jean" and sides(s).startswith("jean:B")
    assert s.phase == Phase.MAIN
    # Jean's 2:1 holds for the rest of the turn.
    play(s, "p0 maritime 2ore for 1brick")


def test_a_b_side_helper_must_be_exchanged() -> None:
    s = helper_position({"p0": "jean"}, side={"p0": "B"}, hands={"p0": "2ore"})
    play(s, "p0 jean ore")
    assert "p0 flip" not in legal(s)
    assert_illegal(s, "p0 flip", RULE)
    play(s, "p0 exchange hilde")
    assert holder(s, 0) == "hilde" and sides(s).startswith("hilde:A")
    assert "jean" in display(s) and "hilde" not in display(s)


def test_exchange_returns_the_helper_and_takes_another_a_side_up() -> None:
    # Mike's example: he uses Jean, exchanges her and takes Marianne from the display.
    s = helper_position({"p0": "jean", "p1": "lin"}, hands={"p0": "2ore"})
    assert "marianne" in display(s)
    play(s, "p0 jean ore")
    # Not the one just returned (it is not in the display yet), nor anyone's helper.
    assert_illegal(s, "p0 exchange jean", RULE)
    assert_illegal(s, "p0 exchange lin", RULE)
    play(s, "p0 exchange marianne")
    assert holder(s, 0) == "marianne" and "jean" in display(s)
    assert helpers_of(s) is not None and helpers_of(s).since[0] == s.turn
    # Exactly one helper in front of each player, the other six in the display.
    held = [holder(s, p) for p in range(4)]
    assert len(set(held)) == 4 and len(display(s)) == 6 and not set(held) & display(s)


# -- prohibitions --------------------------------------------------------------------------------


def test_never_during_the_turn_it_was_received() -> None:
    s = helper_position({"p0": "jean"}, received={"p0": 10}, turn=10)
    assert not [a for a in legal_actions(s) if a.kind in HELPER_KINDS]
    err = assert_illegal(s, "p0 jean ore", RULE)
    assert "same turn that you receive" in err.message
    # An exchanged helper is new: not usable before the next of one's turns.
    s = helper_position({"p0": "jean"}, hands={"p0": "2ore"})
    play(s, "p0 jean ore", "p0 exchange lin")
    s2 = load_state(save_state(s))
    assert_illegal(s2, "p0 lin (0,0)", RULE)


def test_at_most_once_per_turn() -> None:
    s = helper_position({"p0": "jean"}, used={"p0": 10}, turn=10)
    err = assert_illegal(s, "p0 jean ore", RULE)
    assert "more than once" in err.message
    s = helper_position({"p0": "jean"})
    play(s, "p0 jean ore", "p0 flip")
    err = assert_illegal(s, "p0 jean grain", RULE)
    assert "more than once" in err.message
    # On the next of p0's turns, the B side may be used.
    s = helper_position({"p0": "jean"}, side={"p0": "B"}, used={"p0": 6}, turn=10)
    play(s, "p0 jean grain")


def _special_build_with(helper: str, hands: str) -> GameState:
    rules = Rules(players=5, helpers=True, seed=2)
    s = position(
        rules,
        pieces={
            "p0": {"settlements": ["(0,-1)N"], "roads": ["(0,-1)NE"]},
            "p1": {"settlements": ["(0,1)N"], "roads": ["(0,1)NE"]},
        },
        hands={"p1": hands},
        phase="pre_roll",
    )
    # Nobody holds Marianne, whose window the roll of 2 would open.
    s = with_helpers(s, {"p0": "lin", "p1": helper, "p2": "louis", "p3": "jean", "p4": "nassir"})
    play(s, ("p0 roll", (1, 1)), "p0 end")
    assert s.phase == Phase.SPECIAL_BUILD and s.special_builder == 1
    return s


def test_never_during_the_special_building_phase() -> None:
    s = _special_build_with("william", "1brick+1lumber+1wool")  # a road, or William's
    assert not [a for a in legal_actions(s) if a.kind in HELPER_KINDS]
    err = assert_illegal(s, "p1 william (0,1)NW 1brick+1wool", RULE)
    assert "Special Building Phase" in err.message
    s = _special_build_with("candamir", "1lumber+1wool+1grain+1ore")
    assert_illegal(s, "p1 candamir 1lumber+1wool+1grain", RULE)


# -- the option ------------------------------------------------------------------------------


def test_without_the_option_nothing_changes() -> None:
    s = position(hands={"p0": "2ore"})
    assert helpers_of(s) is None
    assert "helpers" not in save_state(s) and "helpers" not in Rules().to_json()
    assert observe(s, 0).ext.get("helpers") is None and "helpers" not in observe(s, 0).to_json()
    assert not [a for a in legal_actions(s) if a.kind in HELPER_KINDS]
    err = assert_illegal(s, "p0 jean ore", RULE)
    assert "not in play" in err.message
    assert Rules.from_json(Rules().to_json()) == Rules()
    assert Rules.from_json(HELPERS.to_json()) == HELPERS
    with pytest.raises(ValueError, match="helpers"):
        Rules(helpers=1)  # type: ignore[arg-type]


def test_helpers_are_public_in_every_view() -> None:
    s = helper_position({"p0": "jean", "p2": "sean"}, side={"p2": "B"})
    for viewer in (None, 0, 1, 2, 3):
        v = observe(s, viewer)
        assert v.ext.get("helpers") is not None
        data = json.loads(json.dumps(v.to_json()))["helpers"]
        assert data["players"][0]["helper"] == "jean"
        assert data["players"][2] == {
            "helper": "sean",
            "side": "B",
            "received_turn": 0,
            "used_turn": None,
            "knights_discarded": 0,
        }
        assert set(data["display"]) == display(s)


def test_save_load_and_replay_keep_the_helpers() -> None:
    s = helper_position({"p0": "jean"}, hands={"p0": "2ore"})
    play(s, "p0 jean ore")
    doc = save_state(s)
    assert doc["helpers"]["jean"] == "ore" and doc["helpers"]["owner"] == 0
    again = load_state(json.loads(json.dumps(doc)))
    assert again == s and save_state(again) == doc
    game = Game.new(HELPERS, first_player=0)
    game.play("p0 roll", (3, 3))
    record = game.to_json()
    assert record["rules"]["scenarios"] == ["helpers"]
    assert replay(record).state == game.state


def test_a_position_needs_the_option_for_helper_data() -> None:
    plain = save_state(position())
    with pytest.raises(ValueError, match="helpers"):
        load_state({**plain, "phase": "helper_after"})
    with pytest.raises(ValueError, match="helpers"):
        load_state({**plain, "helpers": save_state(new_game(HELPERS))["helpers"]})


def test_helper_phases_decide_for_the_owner_only() -> None:
    s = helper_position({"p0": "jean"})
    play(s, "p0 jean ore")
    assert legal_actions(s, 1) == []
    assert_illegal(s, "p1 exchange hilde", "Turn Overview")
    assert helpers_of(s) is not None and helpers_of(s).owner == 0
    play(s, "p0 exchange hilde")
    assert helpers_of(s).owner == NOBODY


NOTATION = [
    "p0 candamir 1lumber+1wool+1grain",
    "p0 hilde p2",
    "p0 take ore",
    "p0 jean ore",
    "p0 lin (0,0)",
    "p0 louis (1,-2)SW to (1,-1)SE",
    "p2 marianne ore",
    "p2 sean ore",
    "p2 sean keep",
    "p0 nassir wool from p1,p2",
    "p0 repay p1 ore",
    "p2 decline",
    "p0 vincent settlement (0,0)N",
    "p0 vincent city (0,0)N",
    "p0 william (1,-2)SW 1brick+1wool",
    "p0 keep knight",
    "p0 flip",
    "p0 exchange jean",
]


@pytest.mark.parametrize("text", NOTATION)
def test_notation_round_trips(text: str) -> None:
    topo = new_game(HELPERS).topo
    a = parse_action(text, topo)
    assert format_action(a, topo) == text
    assert parse_action(format_action(a, topo), topo) == a
