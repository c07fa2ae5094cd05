"""The 1996 rules' alternate rules (003, "ALTERNATE RULES"; ``engine/alternate.py``).

Each rule from its text, each documented reading of it, the option's checks and
serialisation, and the invariant harness over random games with the rules in play.
"""

from __future__ import annotations

import random

import pytest

from pysettlers.engine import (
    ActionKind,
    IllegalActionError,
    Phase,
    Rules,
    apply,
    chance_outcomes,
    deciders,
    format_action,
    legal_actions,
    load_state,
    new_game,
    observe,
    parse_action,
    save_state,
    validate,
)
from pysettlers.engine.actions import NotationError
from pysettlers.engine.alternate import KEEP_A_SETTLEMENT_RULE
from pysettlers.engine.config import ALTERNATE_RULES
from pysettlers.engine.events import Rolled, SevenRerolled
from pysettlers.engine.flow import TURN_RULE
from pysettlers.engine.production import ROBBER_RULE
from pysettlers.engine.scenarios.alternate import SevenIgnored, SevenUsed, VictoryPointPlayed
from pysettlers.engine.state import GameState
from pysettlers.sim.runner import parse_players, play_game
from support import harness
from support.builders import assert_illegal, legal, play, position

BEGINNER = Rules(map_kind="beginner")


def beginner(*alternate: str) -> Rules:
    return Rules(map_kind="beginner", alternate=alternate)  # type: ignore[arg-type]


# -- the option ---------------------------------------------------------------------------------


def test_the_option_names_the_rules_and_keeps_one_spelling() -> None:
    r = Rules(alternate=("open_hands", "development_after_roll"))
    assert r.alternate == ("development_after_roll", "open_hands")  # sorted
    assert r == Rules(alternate=["open_hands", "development_after_roll"])  # type: ignore[arg-type]
    assert r.has("open_hands") and not r.has("no_early_sevens")
    assert Rules().alternate == ()


def test_rule_6_is_the_separate_trade_and_build_phases() -> None:
    r = Rules(alternate=("no_trade_after_building",))
    assert r.trade_build == "separate" and r.alternate == ()
    assert r == Rules(trade_build="separate")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (("open-hands",), "unknown alternate rule 'open-hands'"),
        ("open_hands", "alternate must be a list of rule names"),
        (("open_hands", "open_hands"), "named twice"),
        (7, "alternate must be a list"),
    ],
)
def test_a_bad_option_is_refused_naming_it(value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(alternate=value)  # type: ignore[arg-type]


def test_the_option_round_trips_through_json_and_is_absent_when_empty() -> None:
    assert "alternate" not in Rules().to_json()  # records without the option stay the same
    r = Rules(alternate=("keep_a_settlement", "no_early_sevens"))
    d = r.to_json()
    assert d["alternate"] == ["keep_a_settlement", "no_early_sevens"]
    assert Rules.from_json(d) == r
    assert set(ALTERNATE_RULES) >= set(r.alternate)


# -- 2. hands face up ---------------------------------------------------------------------------


def test_rule_2_every_view_shows_every_hand() -> None:
    # "All players must play with their hand of Resource cards face up."
    s = position(
        beginner("open_hands"),
        hands={"p0": "2lumber+ore", "p1": "3grain", "p2": "wool+brick", "p3": "nothing"},
        dev={"p1": "knight+victory-point"},
    )
    for viewer in (None, 0, 1, 2, 3):
        view = observe(s, viewer)
        # (brick, lumber, wool, grain, ore)
        assert view.hands == ((0, 2, 0, 0, 1), (0, 0, 0, 3, 0), (1, 0, 1, 0, 0), (0,) * 5)
        players = view.to_json()["players"]
        assert players[1]["hand"] == {"brick": 0, "lumber": 0, "wool": 0, "grain": 3, "ore": 0}
    # Development cards are not resource cards: they stay hidden from the others.
    assert observe(s, 0).dev_counts[1] == 2
    assert observe(s, 0).dev_cards == (0, 0, 0, 0, 0)
    assert observe(s, 1).dev_cards == (1, 0, 0, 0, 1)


def test_without_rule_2_no_view_shows_another_hand() -> None:
    s = position(BEGINNER, hands={"p0": "2lumber", "p1": "3grain"})
    view = observe(s, 0)
    assert view.hands is None
    assert "hand" not in view.to_json()["players"][1]


# -- 3. development cards after the roll -------------------------------------------------------


def test_rule_3_no_knight_before_the_roll() -> None:
    # "A player cannot play them until after he rolls the dice on his turn."
    rules = beginner("development_after_roll")
    s = position(rules, phase="pre_roll", dev={"p0": "knight"}, hands={"p0": "nothing"})
    assert legal(s) == ["p0 roll"]
    assert_illegal(s, "p0 knight", TURN_RULE)
    play(s, ("p0 roll", (2, 3)))
    assert "p0 knight" in legal(s)
    # The base game allows the knight before the roll.
    base = position(BEGINNER, phase="pre_roll", dev={"p0": "knight"}, hands={"p0": "nothing"})
    assert "p0 knight" in legal(base)


# -- 4. no 7 in the first two complete turns ---------------------------------------------------


def test_rule_4_a_seven_in_the_first_two_rounds_is_rolled_again() -> None:
    # "In the first two complete turns, any roll of "7" is ignored and rolled again."
    rules = beginner("no_early_sevens")
    s = position(rules, phase="pre_roll", turn=8, hands={"p0": "9lumber", "p1": "8ore"})
    robber = s.robber
    play(s, ("p0 roll", (3, 4)))
    assert s.phase == Phase.PRE_ROLL and s.current == 0  # the same player rolls again
    assert s.robber == robber and not any(s.discards)  # no robber, no discard
    assert s.events == [Rolled(0, (3, 4)), SevenRerolled(0)]
    play(s, ("p0 roll", (2, 4)))
    assert s.phase == Phase.MAIN and s.last_roll == 6


def test_rule_4_ends_after_two_complete_rounds() -> None:
    # Turn 9 of a 4-player game is the first turn of the third round: a 7 counts again.
    rules = beginner("no_early_sevens")
    s = position(rules, phase="pre_roll", turn=9, hands={"p0": "9lumber"})
    play(s, ("p0 roll", (3, 4)))
    assert s.phase == Phase.DISCARD and s.discards[0] == 4


def test_without_rule_4_an_early_seven_counts() -> None:
    s = position(BEGINNER, phase="pre_roll", turn=1, hands={"p0": "9lumber"})
    play(s, ("p0 roll", (3, 4)))
    assert s.phase == Phase.DISCARD


# -- 7. keep a settlement ----------------------------------------------------------------------


def test_rule_7_the_last_settlement_cannot_become_a_city() -> None:
    # "At the end of a player's turn, he must have at least one settlement on the board":
    # nothing but a city takes a settlement off the board, so the last one stays.
    rules = beginner("keep_a_settlement")
    pieces = {"p0": {"settlements": ["(0,0)N"], "cities": ["(0,2)S"], "roads": ["(0,0)NE"]}}
    s = position(rules, pieces=pieces, hands={"p0": "2grain+3ore"})
    assert not any(a.startswith("p0 city") for a in legal(s))
    err = assert_illegal(s, "p0 city (0,0)N", KEEP_A_SETTLEMENT_RULE)
    assert "last one" in err.message
    # The view's sites say the same, for the player and for everyone else.
    for viewer in (None, 0, 1):
        assert observe(s, viewer).city_sites[0] == ()
    # With two settlements, either may become a city.
    two = {"p0": {"settlements": ["(0,0)N", "(0,2)S"], "roads": ["(0,0)NE"]}}
    s2 = position(rules, pieces=two, hands={"p0": "2grain+3ore"})
    assert {a for a in legal(s2) if a.startswith("p0 city")} == {"p0 city (0,0)N", "p0 city (0,2)S"}
    assert len(observe(s2, 0).city_sites[0]) == 2
    play(s2, "p0 city (0,0)N")
    assert s2.building_level.count(2) == 1


# -- all of them in random games ----------------------------------------------------------------

EVERY_RULE = tuple(ALTERNATE_RULES)


@pytest.mark.parametrize("players", [3, 4])
def test_the_harness_keeps_every_invariant_with_the_alternate_rules(players: int) -> None:
    tally = harness.Tally()
    for seed in range(6):
        rules = Rules(players=players, seed=seed, alternate=EVERY_RULE)
        tally.merge(harness.run_game(rules))
    assert not tally.failures, tally.failures[0]
    assert tally.finished >= 4


# The rules that change the flow of a turn, each alone over many games (issue: 500 each in
# ``make soak``, about 90 CPU-seconds apiece; ``make test`` plays a few), on every player
# count and map kind the base game has.
FLOW_RULES = (
    "victory_points_played",
    "development_after_roll",
    "no_early_sevens",
    "ignore_seven",
    "knight_interrupts",
)
FLOW_GAMES = harness.games_from_env("PYSETTLERS_ALTERNATE_GAMES", 4, 500)


@pytest.mark.parametrize("rule", FLOW_RULES)
def test_the_harness_keeps_every_invariant_with_each_rule_alone(rule: str) -> None:
    tally = harness.Tally()
    for i in range(FLOW_GAMES):
        players = (3, 4, 5, 6)[i % 4]
        kinds = ("variable", "random", "beginner") if players <= 4 else ("variable", "random")
        rules = Rules(
            players=players,
            map_kind=kinds[(i // 4) % len(kinds)],
            seed=7000 + i,
            alternate=(rule,),
        )
        tally.merge(harness.run_game(rules))
    assert not tally.failures, tally.failures[0]
    assert tally.finished >= FLOW_GAMES * 3 // 4, (tally.finished, FLOW_GAMES)


def _play_respecting_the_rules(seed: int) -> int:
    """A random game with every alternate rule, checked on every step; its early 7s."""
    rules = Rules(alternate=EVERY_RULE, seed=seed)
    rng = random.Random(seed)
    s = new_game(rules)
    rerolled = 0
    while s.winner < 0 and s.version < 20_000:
        legal_now = legal_actions(s, offers=False)
        if s.phase == Phase.PRE_ROLL:
            assert ActionKind.PLAY_KNIGHT not in {a.kind for a in legal_now}  # rule 3
        apply(s, rng.choice(legal_now))
        if any(isinstance(e, SevenRerolled) for e in s.events):
            rerolled += 1
            assert s.turn <= 2 * s.n  # rule 4 only in the first two rounds
        elif s.last_roll == 7 and s.events and isinstance(s.events[0], Rolled):
            assert s.turn > 2 * s.n
        if s.turn > 0:  # rule 7: nobody is ever without a settlement after the set-up
            for p in range(s.n):
                assert any(
                    o == p and s.building_level[v] == 1 for v, o in enumerate(s.building_owner)
                )
        view = observe(s, 1)
        assert view.hands is not None and view.hands[0] == tuple(s.hands[0:5])  # rule 2
    assert s.winner >= 0
    return rerolled


def test_random_games_with_the_rules_respect_them() -> None:
    rerolled = [_play_respecting_the_rules(seed) for seed in range(4)]
    assert sum(rerolled) > 0  # rule 4 was met, not only never contradicted


# -- 5. the roller may ignore a 7 ----------------------------------------------------------------


def _after_a_seven(*rules: str) -> GameState:
    s = position(
        beginner("ignore_seven", *rules),
        phase="pre_roll",
        hands={"p0": "9lumber", "p1": "8ore", "p2": "2wool"},
    )
    play(s, ("p0 roll", (3, 4)))
    return s


def test_rule_5_the_roller_chooses_before_anyone_discards() -> None:
    # "Any time a player rolls a "7", he can choose to ignore it and not move the robber."
    s = _after_a_seven()
    assert s.phase == Phase.SEVEN_CHOICE
    assert legal(s) == ["p0 use-seven", "p0 ignore-seven"]
    assert legal(s, 1) == [] and legal(s, 2) == []
    view = observe(s, 2)
    assert view.deciders == (0,) and view.discards[:2] == (4, 4)  # what the 7 would cost


def test_rule_5_ignoring_the_seven_costs_nobody_a_card_and_steals_nothing() -> None:
    # "That player forfeits his right to steal a resource card."
    s = _after_a_seven()
    robber, hands = s.robber, list(s.hands)
    play(s, "p0 ignore-seven")
    assert s.phase == Phase.MAIN and s.current == 0
    assert s.robber == robber and s.hands == hands and not any(s.discards)
    assert s.events == [SevenIgnored(0)]
    assert "p0 end" in legal(s)


def test_rule_5_using_the_seven_is_the_usual_seven() -> None:
    s = _after_a_seven()
    play(s, "p0 use-seven")
    assert s.phase == Phase.DISCARD and s.discards[:2] == [4, 4]
    assert s.events == [SevenUsed(0)]
    # With nobody above the limit the robber moves at once.
    t = position(beginner("ignore_seven"), phase="pre_roll", hands={"p0": "2wool"})
    play(t, ("p0 roll", (1, 6)), "p0 use-seven")
    assert t.phase == Phase.MOVE_ROBBER


def test_rule_5_notation_round_trips_and_refuses_arguments() -> None:
    s = _after_a_seven()
    for a in legal_actions(s):
        assert parse_action(format_action(a, s.topo), s.topo) == a
    with pytest.raises(NotationError, match="takes no argument"):
        parse_action("p0 ignore-seven ore", s.topo)
    assert_illegal(position(beginner("ignore_seven")), "p0 ignore-seven", TURN_RULE)


def test_rule_5_is_refused_with_the_helpers() -> None:
    with pytest.raises(ValueError, match="cannot be combined with the helpers"):
        Rules(helpers=True, alternate=("ignore_seven",))


@pytest.mark.parametrize("bots", ["weighted,greedy,random,weighted", "greedy,greedy,weighted"])
def test_the_bots_play_rule_5(bots: str) -> None:
    specs = parse_players(bots)
    for seed in range(2):
        rules = Rules(players=len(specs), seed=seed, alternate=("ignore_seven",))
        played = play_game(rules, specs, max_turns=400)
        assert played.status in ("finished", "unfinished"), played.error
        kinds = {st.action.kind for st in played.game.steps}
        assert kinds & {ActionKind.USE_SEVEN, ActionKind.IGNORE_SEVEN}


# -- 1. victory point cards played -----------------------------------------------------------------


def test_rule_1_a_victory_point_card_counts_once_played() -> None:
    # "Victory Point cards are played like all other Development cards."
    rules = beginner("victory_points_played")
    s = position(rules, dev={"p0": "victory-point+knight"}, hands={"p0": "nothing"})
    before = s.public_vp[0]
    assert s.total_vp(0) == before  # unplayed, it is worth nothing
    assert observe(s, 0).own_vp == before
    assert "p0 victory-point" in legal(s)
    play(s, "p0 victory-point")
    assert s.public_vp[0] == before + 1 and s.total_vp(0) == before + 1
    assert s.dev[4] == 0 and s.played[4] == 1
    assert s.events == [VictoryPointPlayed(0)]
    assert observe(s, 2).public_vp[0] == before + 1  # a public point now
    # "Only one can be played each turn": the turn's development card is spent.
    assert "p0 knight" not in legal(s)
    assert_illegal(s, "p0 knight", "Development Cards")
    assert validate(s) == []
    assert load_state(save_state(s)) == s  # the recount agrees with the played card


def test_rule_1_not_the_turn_it_is_drawn() -> None:
    # "... and they cannot be played immediately upon drawing."
    rules = beginner("victory_points_played")
    s = position(rules, dev={"p0": "victory-point"}, bought={"p0": "victory-point"})
    assert "p0 victory-point" not in legal(s)
    err = assert_illegal(s, "p0 victory-point", "Development Cards")
    assert "bought during this turn" in err.message


def test_rule_1_playing_the_tenth_point_wins_and_holding_it_does_not() -> None:
    rules = beginner("victory_points_played")
    pieces = {
        "p0": {
            "cities": ["(0,0)N", "(0,2)S", "(-2,1)N", "(2,-1)S"],
            "roads": ["(0,0)NE"],
        }
    }
    s = position(rules, pieces=pieces, dev={"p0": "victory-point+victory-point"})
    assert s.public_vp[0] == 8 and s.winner < 0  # 10 with the cards held: not a win
    play(s, "p0 victory-point")
    assert s.winner < 0 and s.public_vp[0] == 9
    play(s, "p0 end", ("p1 roll", (2, 3)), "p1 end", ("p2 roll", (2, 3)), "p2 end")
    play(s, ("p3 roll", (2, 3)), "p3 end", ("p0 roll", (2, 3)), "p0 victory-point")
    assert s.winner == 0 and s.phase == Phase.GAME_OVER
    assert observe(s, 1).revealed_vp_cards == (0, 0, 0, 0)  # nothing hidden counted


def test_without_rule_1_a_victory_point_card_is_never_played() -> None:
    s = position(BEGINNER, dev={"p0": "victory-point"})
    assert "p0 victory-point" not in legal(s)
    assert s.total_vp(0) == s.public_vp[0] + 1  # the base game: it counts while hidden
    with pytest.raises(IllegalActionError):
        play(s, "p0 victory-point")


@pytest.mark.parametrize("bots", ["weighted,greedy,weighted,greedy"])
def test_the_bots_play_their_victory_point_cards_under_rule_1(bots: str) -> None:
    specs = parse_players(bots)
    played_cards = 0
    for seed in range(3):
        rules = Rules(players=len(specs), seed=seed, alternate=("victory_points_played",))
        played = play_game(rules, specs, max_turns=400)
        assert played.status in ("finished", "unfinished"), played.error
        played_cards += sum(
            st.action.kind == ActionKind.PLAY_VICTORY_POINT for st in played.game.steps
        )
        if played.status == "finished":
            s = played.game.state
            assert s.total_vp(s.winner) >= rules.vp_target
    assert played_cards > 0


# -- 8. knights interrupting the robber ------------------------------------------------------------

KNIGHTS = "knight_interrupts"
# p0 on hex (0,0)'s top corner; p1 on (1,0)'s; p2 far away on (-2,2).
CHAIN_PIECES = {
    "p0": {"settlements": ["(0,0)S"], "roads": ["(0,0)SE"]},
    "p1": {"settlements": ["(1,-1)N"], "roads": ["(1,-1)NE"]},
    "p2": {"settlements": ["(-2,2)S"], "roads": ["(-2,2)SE"]},
}


def _seven_then_robber(dev: dict[str, str], *extra: str) -> GameState:
    s = position(
        beginner(KNIGHTS, *extra),
        pieces=CHAIN_PIECES,
        phase="pre_roll",
        dev=dev,
        hands={"p0": "ore", "p1": "2wool", "p2": "brick", "p3": "nothing"},
    )
    play(s, ("p0 roll", (3, 4)))
    assert s.phase == Phase.MOVE_ROBBER
    return s


def test_rule_8_the_steal_waits_while_others_may_interrupt() -> None:
    # "Knight cards may be used to interrupt immediately after any player moves the robber."
    s = _seven_then_robber({"p1": "knight", "p2": "knight"})
    play(s, "p0 robber (1,-1) p1")
    assert s.phase == Phase.KNIGHT_WINDOW
    assert s.robber == s.topo.parse_hex("(1,-1)") and s.hand_size(1) == 2  # nothing taken
    assert deciders(s) == (1,)  # asked one at a time, clockwise from the mover
    assert legal(s, 1) == ["p1 interrupt", "p1 let-be"]
    assert chance_outcomes(s, parse_action("p1 let-be", s.topo)) == []  # p2 is still asked
    play(s, "p1 let-be")
    assert deciders(s) == (2,)
    # The last pass closes the window: the steal comes with it, as the robber's steal does.
    assert chance_outcomes(s, parse_action("p2 let-be", s.topo)) == [(2, 1.0)]
    play(s, ("p2 let-be", 2))
    assert s.phase == Phase.MAIN and s.hand(1) == (0, 0, 1, 0, 0)
    assert s.hand(0) == (0, 0, 1, 0, 1)
    assert validate(s) == []


def test_rule_8_the_interrupter_moves_the_robber_and_the_first_mover_gets_nothing() -> None:
    # "The player who plays the Knight card places the robber where he desires and gets to
    # steal a card from another player. The player who used to be moving the robber gets
    # nothing."
    s = _seven_then_robber({"p1": "knight"})
    play(s, "p0 robber (1,-1) p1", "p1 interrupt")
    assert s.phase == Phase.KNIGHT_MOVE and deciders(s) == (1,)
    assert s.knights[1] == 1 and s.dev[5 + 0] == 0
    err = assert_illegal(s, "p1 robber (1,-1) p0", ROBBER_RULE)
    assert "another hex" in err.message
    play(s, ("p1 robber (0,0) p0", 4))  # nobody left who could interrupt: the steal at once
    assert s.phase == Phase.MAIN and s.current == 0
    assert s.hand(1) == (0, 0, 2, 0, 1) and s.hand(0) == (0, 0, 0, 0, 0)
    assert validate(s) == []


def test_rule_8_a_chain_of_knights() -> None:
    # "A Knight card can be played to interrupt another player's Knight card."
    s = _seven_then_robber({"p0": "knight", "p1": "knight"})
    play(s, "p0 robber (1,-1) p1", "p1 interrupt", "p1 robber (0,0) p0")
    assert s.phase == Phase.KNIGHT_WINDOW and deciders(s) == (0,)  # the roller strikes back
    play(s, "p0 interrupt", "p0 robber (1,-1) p1")
    # Everyone who could has played: p0 steals from p1, and nobody else gets anything.
    assert s.phase == Phase.MAIN
    assert s.knights[:2] == [1, 1] and s.dev_played
    assert s.hand_size(0) == 2 and s.hand_size(1) == 1


def test_rule_8_one_development_card_a_turn_out_of_turn_too() -> None:
    s = _seven_then_robber({"p1": "2knight"})
    play(s, "p0 robber (1,-1) p1", "p1 interrupt", "p1 robber (0,0) p0")
    # p1 holds another knight but has played their card of this turn.
    assert s.phase == Phase.MAIN
    # A knight played before the roll: the roller has played theirs and is not asked.
    t = position(
        beginner(KNIGHTS),
        pieces=CHAIN_PIECES,
        phase="pre_roll",
        dev={"p0": "2knight", "p1": "knight"},
        hands={"p0": "ore", "p1": "2wool"},
    )
    play(t, "p0 knight", "p0 robber (1,-1) p1", "p1 interrupt", "p1 robber (0,0) p0")
    assert t.phase == Phase.PRE_ROLL and t.dev[0] == 1  # back before the roll


def test_rule_8_the_chain_saves_loads_and_validates() -> None:
    s = _seven_then_robber({"p1": "knight"})
    play(s, "p0 robber (1,-1) p1")
    assert load_state(save_state(s)) == s
    assert validate(s) == []
    part = observe(s, 3).to_json()["knight_interrupts"]
    assert part["mover"] == 0 and part["victim"] == 1 and part["passed"] == []


def test_without_rule_8_nobody_interrupts() -> None:
    s = position(
        BEGINNER, pieces=CHAIN_PIECES, phase="pre_roll", dev={"p1": "knight"}, hands={"p1": "wool"}
    )
    play(s, ("p0 roll", (3, 4)), ("p0 robber (1,-1) p1", 2))
    assert s.phase == Phase.MAIN and s.hand_size(1) == 0


@pytest.mark.parametrize("bots", ["weighted,greedy,random,weighted"])
def test_the_bots_play_rule_8(bots: str) -> None:
    specs = parse_players(bots)
    kinds: set[ActionKind] = set()
    for seed in range(3):
        rules = Rules(players=len(specs), seed=seed, alternate=(KNIGHTS,))
        played = play_game(rules, specs, max_turns=400)
        assert played.status in ("finished", "unfinished"), played.error
        kinds |= {st.action.kind for st in played.game.steps}
    assert ActionKind.LET_ROBBER_BE in kinds
