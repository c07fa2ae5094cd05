"""The pirate (003, "Alternate Rules for Experienced Players", 1; ``scenarios/pirate``).

    "In addition to the normal rules for the robber, the robber can be placed on any port
    hex. While the robber is there, no trades may be conducted using that port. The player
    who moved the robber can still steal a card from a neighboring player as normal."

Positions are on the beginner map (Illustration A) with ``Rules(pirate=True)``. Its
harbors: 2:1 ore on (2,-1)NE (intersections (2,-1)N and (2,-1)NE), 3:1 on (2,0)E ((2,0)NE
and (2,0)SE), 2:1 wool on (1,1)SE, 3:1 on (-2,2)SW, among others. The port's sea hex beside
(2,-1)NE also touches land at (2,-2)NE, which is not on the port. Also: the notation, the
records, the views, the option and the invariant harness with the option.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

from pysettlers.engine import (
    ActionKind,
    Board,
    Game,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    apply_checked,
    deciders,
    format_action,
    legal_actions,
    load_state,
    make_board,
    observe,
    parse_action,
    position_key,
    replay,
    save_state,
)
from pysettlers.engine import position as engine_position
from pysettlers.engine.actions import Action, NotationError
from pysettlers.engine.config import ALTERNATE_RULES
from pysettlers.engine.events import RobberMoved
from pysettlers.engine.scenarios.pirate import PIRATE_RULE, harbor_victims
from pysettlers.engine.trade import MARITIME_RULE, rates, trade_ratios
from pysettlers.engine.types import Harbor
from pysettlers.engine.validate import validate
from support import harness
from support.builders import assert_illegal, hand, play, position, targets

PIRATE = Rules(map_kind="beginner", pirate=True)
ORE_PORT = "(2,-1)NE"
GENERIC_PORT = "(2,0)E"
WOOL_PORT = "(1,1)SE"
EMPTY_PORT = "(-2,2)SW"
PIECES = {
    "p0": {"settlements": ["(-1,0)N"]},
    # p1 on the 2:1 ore port and on a 3:1 port
    "p1": {"settlements": ["(2,-1)NE", "(2,0)SE"]},
    # p2 on the 2:1 wool port
    "p2": {"settlements": ["(1,1)S"]},
    # p3 beside the ore port's sea hex, but not on the port
    "p3": {"settlements": ["(2,-2)NE"]},
}
HANDS = {"p0": "1brick", "p1": "3grain+4ore", "p2": "2wool+1grain", "p3": "2lumber"}


def robbing(rules: Rules = PIRATE, **kw: object) -> GameState:
    """p0 is to move the robber (after a 7), with the pieces and hands above."""
    args: dict[str, object] = {"pieces": PIECES, "hands": HANDS, "phase": "move_robber"}
    args.update(kw)
    return position(rules, **args)  # type: ignore[arg-type]


def site(s: GameState) -> str:
    return s.topo.site_name(s.robber)


# -- where the robber may go ---------------------------------------------------------------


def test_every_harbor_is_a_target_besides_every_other_hex() -> None:
    s = robbing()
    harbors = {s.topo.path_names[e] for _, e in s.board.harbors}
    assert len(harbors) == 9
    listed = targets(s, "pirate")
    assert {t.split()[0] for t in listed} == harbors
    assert len({t.split()[0] for t in targets(s, "robber")}) == 18  # the 19 hexes but the desert


def test_the_robber_on_a_harbor_robs_a_player_on_the_port() -> None:
    s = robbing()
    assert targets(s, "pirate") >= {f"{ORE_PORT} p1", f"{WOOL_PORT} p2", EMPTY_PORT}
    play(s, (f"p0 pirate {ORE_PORT} p1", 4))  # ore stolen
    assert site(s) == ORE_PORT and s.phase == Phase.MAIN
    assert hand(s, 0) == "1brick+1ore" and hand(s, 1) == "3grain+3ore"
    (moved,) = [e for e in s.events if isinstance(e, RobberMoved)]
    assert moved.to_json(s.topo)["hex"] == ORE_PORT


def test_a_player_beside_the_ports_sea_hex_but_not_on_the_port_is_no_neighbor() -> None:
    s = robbing()
    ore = s.topo.parse_path(ORE_PORT)
    assert harbor_victims(s.topo, s.building_owner, ore, 0) == [1]
    assert_illegal(s, f"p0 pirate {ORE_PORT} p3", PIRATE_RULE)
    assert_illegal(s, f"p0 pirate {ORE_PORT}", PIRATE_RULE)  # p1 is there: name them


def test_a_city_on_the_ports_other_end_is_a_neighbor_too() -> None:
    # The reading: a building on either end of the harbor's path neighbors the port.
    s = robbing(
        pieces={"p0": {"settlements": ["(-1,0)N"]}, "p2": {"cities": ["(2,-1)N"]}},
        hands={"p2": "1wool"},
    )
    assert {t for t in targets(s, "pirate") if t.startswith(ORE_PORT)} == {f"{ORE_PORT} p2"}
    play(s, (f"p0 pirate {ORE_PORT} p2", 2))
    assert hand(s, 0) == "1wool" and hand(s, 2) == "nothing"


def test_a_harbor_with_nobody_on_it_robs_nobody() -> None:
    s = robbing()
    assert {t for t in targets(s, "pirate") if t.startswith(EMPTY_PORT)} == {EMPTY_PORT}
    assert_illegal(s, f"p0 pirate {EMPTY_PORT} p1", PIRATE_RULE)
    play(s, f"p0 pirate {EMPTY_PORT}")
    assert site(s) == EMPTY_PORT and hand(s, 0) == "1brick"


def test_the_mover_is_never_their_own_victim() -> None:
    s = robbing(pieces={**PIECES, "p0": {"settlements": ["(2,0)NE"]}, "p1": {}})
    # p0 alone on the 3:1 port (2,0)E: nobody to rob there
    assert f"{GENERIC_PORT}" in targets(s, "pirate")
    assert_illegal(s, f"p0 pirate {GENERIC_PORT} p0", PIRATE_RULE)


def test_only_harbors_and_never_where_the_robber_stands() -> None:
    s = robbing(robber=ORE_PORT)
    assert not any(t.startswith(ORE_PORT) for t in targets(s, "pirate"))
    err = assert_illegal(s, f"p0 pirate {ORE_PORT} p1", PIRATE_RULE)
    assert "already on the harbor" in err.message
    assert "(0,0)" in targets(s, "robber")  # back to the desert is fine from a harbor
    err = assert_illegal(s, "p0 pirate (0,0)NE", PIRATE_RULE)  # an inland path
    assert "no harbor" in err.message


def test_a_7_with_nobody_at_the_harbor() -> None:
    s = position(PIRATE, pieces=PIECES, hands=HANDS, phase="pre_roll")
    play(s, ("p0 roll", (3, 4)))
    assert s.phase == Phase.MOVE_ROBBER  # nobody holds more than 7
    play(s, f"p0 pirate {EMPTY_PORT}")
    assert site(s) == EMPTY_PORT and s.phase == Phase.MAIN
    assert [hand(s, p) for p in range(4)] == [HANDS[f"p{p}"] for p in range(4)]


def test_a_knight_moves_the_robber_to_a_harbor() -> None:
    s = position(PIRATE, pieces=PIECES, hands=HANDS, dev={"p0": "knight"}, phase="pre_roll")
    play(s, "p0 knight")
    assert s.phase == Phase.MOVE_ROBBER
    play(s, (f"p0 pirate {WOOL_PORT} p2", 2))
    assert site(s) == WOOL_PORT and s.phase == Phase.PRE_ROLL  # the roll comes after
    assert hand(s, 0) == "1brick+1wool" and s.knights[0] == 1


def test_no_hex_is_blocked_while_the_robber_is_on_a_harbor() -> None:
    # (2,-1) is hills 10 and (2,-2) forest 9: p1 and p3 produce with the robber on the port.
    s = robbing(robber="(2,-1)", hands={})
    play(s, f"p0 pirate {ORE_PORT} p1")
    s.phase, s.current = Phase.PRE_ROLL, 0
    play(s, ("p0 roll", (4, 6)))
    assert hand(s, 1) == "1brick"


# -- no trade at the pirate's port -----------------------------------------------------------


def test_no_trade_at_the_pirates_port_other_rates_stay() -> None:
    s = robbing()
    play(s, (f"p0 pirate {ORE_PORT} p1", 4))  # an ore stolen
    s.current, s.phase = 1, Phase.MAIN  # p1's turn, trading
    err = assert_illegal(s, "p1 maritime 2ore for 1brick", PIRATE_RULE)
    assert ORE_PORT in err.message and "2:1 ore" in err.message
    assert rates(s, 1, 4) == (3, 4)  # the other port's 3:1 and the bank's 4:1 stay
    play(s, "p1 maritime 3ore for 1brick", "p1 maritime 3grain for 1wool")
    assert hand(s, 1) == "1brick+1wool"
    assert trade_ratios(s)[5:10] == [3, 3, 3, 3, 3]
    assert observe(s, 2).ratios[5:10] == (3, 3, 3, 3, 3)


def test_the_generic_port_closed_a_two_to_one_stays() -> None:
    s = robbing()
    play(s, (f"p0 pirate {GENERIC_PORT} p1", 4))
    s.current, s.phase = 1, Phase.MAIN
    assert rates(s, 1, 3) == (4,) and rates(s, 1, 4) == (2, 4)
    err = assert_illegal(s, "p1 maritime 3grain for 1brick", PIRATE_RULE)
    assert "3:1" in err.message
    play(s, "p1 maritime 2ore for 1brick")
    assert_illegal(s, "p1 maritime 3grain for 1lumber", PIRATE_RULE)
    assert hand(s, 1) == "1brick+3grain+1ore"


def test_a_trade_no_port_would_allow_names_the_maritime_rule() -> None:
    s = robbing()
    play(s, (f"p0 pirate {ORE_PORT} p1", 3))
    s.current, s.phase = 1, Phase.MAIN
    assert_illegal(s, "p1 maritime 1ore for 1brick", MARITIME_RULE)


def test_a_player_without_that_port_trades_as_before() -> None:
    s = robbing()
    play(s, (f"p0 pirate {ORE_PORT} p1", 3))
    s.current, s.phase = 2, Phase.MAIN
    play(s, "p2 maritime 2wool for 1ore")  # p2's own 2:1 wool port is open
    assert hand(s, 2) == "1grain+1ore"


def test_domestic_trade_uses_no_port() -> None:
    s = robbing()
    play(s, (f"p0 pirate {ORE_PORT} p1", 4))
    s.current, s.phase = 1, Phase.MAIN
    play(s, "p1 offer 1ore for 1wool to p2", "p2 accept #1", "p1 confirm p2 #1")
    assert hand(s, 1) == "1wool+3grain+2ore"


def test_the_robber_leaves_the_harbor_and_trade_reopens() -> None:
    s = robbing()
    play(s, (f"p0 pirate {ORE_PORT} p1", 3))
    s.current, s.phase = 1, Phase.MAIN
    assert_illegal(s, "p1 maritime 2ore for 1brick", PIRATE_RULE)
    play(s, "p1 end", ("p2 roll", (3, 4)), "p2 robber (0,0)")  # a 7: p2 moves it to the desert
    s.current, s.phase = 1, Phase.MAIN
    play(s, "p1 maritime 2ore for 1brick")
    assert trade_ratios(s)[5:10] == [3, 3, 3, 3, 2]


def test_two_ports_at_one_intersection_only_the_blocked_one_is_lost() -> None:
    b0 = make_board(PIRATE)
    t = b0.topology
    # A 2:1 brick port on (2,-2)E beside the ore port: both touch (2,-1)N.
    brick = t.parse_path("(2,-2)E")
    harbors = tuple((k, e) if k != Harbor.BRICK else (k, brick) for k, e in b0.harbors)
    board = Board(t, b0.terrain, b0.numbers, harbors)
    s = engine_position(
        PIRATE,
        board=board,
        buildings={"(2,-1)N": (1, "settlement")},
        hands={1: "4ore+4brick"},
        robber="(2,-2)E",
        current=1,
    )
    assert trade_ratios(s)[5:10] == [4, 4, 4, 4, 2]  # the brick port is closed, ore open
    apply_checked(s, parse_action("p1 maritime 2ore for 1wool", s.topo))
    with pytest.raises(IllegalActionError) as info:
        apply_checked(s, parse_action("p1 maritime 2brick for 1wool", s.topo))
    assert info.value.rule == PIRATE_RULE


def test_jeans_two_to_one_survives_the_pirate_on_the_same_port() -> None:
    from pysettlers.engine.scenarios.helpers import helpers_of

    rules = replace(PIRATE, helpers=True)
    s = robbing(rules)
    play(s, (f"p0 pirate {ORE_PORT} p1", 3))
    hx = helpers_of(s)
    assert hx is not None
    s.current, s.phase = 1, Phase.MAIN
    hx.jean = 4  # Jean's 2:1 ore this turn, as if p1 had used Jean
    hx.used[1] = s.turn
    assert trade_ratios(s)[5 + 4] == 2


def test_lin_waits_while_the_robber_is_on_a_harbor() -> None:
    from pysettlers.engine.scenarios.helpers.build import lin_error

    s = robbing(replace(PIRATE, helpers=True), robber=ORE_PORT)
    assert "harbor" in (lin_error(s, 0, Action(0, ActionKind.HELPER_LIN, 9)) or "")


# -- alternate rule 8 ------------------------------------------------------------------------


def test_an_interrupting_knight_may_send_the_robber_to_a_harbor() -> None:
    rules = replace(PIRATE, alternate=("knight_interrupts",))
    s = robbing(rules, dev={"p2": "knight"})
    play(s, "p0 robber (1,0)")  # nobody there: p2 may still interrupt
    assert s.phase == Phase.KNIGHT_WINDOW
    play(s, "p2 interrupt")
    assert s.phase == Phase.KNIGHT_MOVE
    assert f"{ORE_PORT} p1" in targets(s, "pirate", 2)
    play(s, f"p2 pirate {ORE_PORT} p1")
    assert site(s) == ORE_PORT
    # Nobody else holds a knight: the steal comes at once.
    assert s.phase == Phase.MAIN and sum(s.hand(2)) == 4


# -- notation, option, records, views --------------------------------------------------------


def test_the_notation_round_trips() -> None:
    s = robbing()
    moves = [a for a in legal_actions(s) if a.kind == ActionKind.MOVE_PIRATE]
    assert len(moves) == 9
    for a in moves:
        assert parse_action(format_action(a, s.topo), s.topo) == a
    assert parse_action("p0 pirate (2,-1)NE p1", s.topo) == Action(
        0, ActionKind.MOVE_PIRATE, s.topo.parse_path(ORE_PORT), 1
    )
    for bad in ("p0 pirate", "p0 pirate (0,0)", "p0 pirate (2,-1)NE p1 p2", "p0 pirate x"):
        with pytest.raises(NotationError):
            parse_action(bad, s.topo)


def test_the_option_is_written_only_when_set() -> None:
    assert "scenarios" not in Rules().to_json()
    assert Rules(pirate=True).to_json()["scenarios"] == ["pirate"]
    assert Rules.from_json(Rules(pirate=True).to_json()) == Rules(pirate=True)
    with pytest.raises(ValueError, match="pirate must be true or false"):
        Rules(pirate=1)  # type: ignore[arg-type]
    for alt in ALTERNATE_RULES:  # every combination works
        Rules(pirate=True, alternate=(alt,), players=5)
    Rules(pirate=True, helpers=True, players=6)


def test_without_the_option_no_pirate() -> None:
    s = robbing(Rules(map_kind="beginner"))
    assert not targets(s, "pirate")
    with pytest.raises(IllegalActionError):
        apply_checked(s, parse_action(f"p0 pirate {ORE_PORT} p1", s.topo))
    doc = save_state(robbing(robber=ORE_PORT))
    doc["rules"] = Rules(map_kind="beginner").to_json()
    doc.pop("pirate", None)
    with pytest.raises(ValueError, match="robber"):
        load_state(doc)


def test_a_position_with_the_robber_on_a_harbor_saves_and_loads() -> None:
    s = robbing(robber=ORE_PORT)
    doc = json.loads(json.dumps(save_state(s)))
    assert doc["robber"] == ORE_PORT
    again = load_state(doc)
    assert again == s and save_state(again) == doc
    assert validate(s) == []
    s.robber = s.topo.n_hexes + s.topo.parse_path("(0,0)NE")  # an inland path
    assert any("neither a hex" in m for m in validate(s))


def test_views_show_the_robber_on_the_harbor() -> None:
    s = robbing()
    play(s, (f"p0 pirate {ORE_PORT} p1", 4))
    for viewer in (None, 0, 1, 3):
        v = observe(s, viewer, since_version=s.version - 1)
        js = v.to_json()
        assert js["robber"] == ORE_PORT
        (moved,) = [e for e in js["events"] if e["event"] == "robber"]
        assert moved["hex"] == ORE_PORT and moved["victim"] == 1
        assert moved["stolen"] == ("ore" if viewer in (0, 1) else "hidden")
    assert observe(s, 1).ratios[5:10] == (3, 3, 3, 3, 3)


def _random_pirate_game(seed: int, **kw: object) -> Game:
    rules = Rules(seed=seed, pirate=True, **kw)  # type: ignore[arg-type]
    game = Game.new(rules)
    rng = random.Random(seed)
    while game.state.phase != Phase.GAME_OVER and len(game.steps) < 4000:
        acts = legal_actions(game.state, offers=False)
        pirate = [a for a in acts if a.kind == ActionKind.MOVE_PIRATE]
        game.play(rng.choice(pirate if pirate and rng.random() < 0.6 else acts))
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_records_replay(seed: int) -> None:
    game = _random_pirate_game(seed)
    kinds = [st.action.kind for st in game.steps]
    assert ActionKind.MOVE_PIRATE in kinds
    record = json.loads(json.dumps(game.to_json()))
    assert record["rules"]["scenarios"] == ["pirate"]
    assert any(" pirate " in str(a) for a in record["actions"])
    again = replay(record)
    assert position_key(again.state) == position_key(game.state)


# -- the invariant harness -------------------------------------------------------------------

HARNESS_CI = 24
HARNESS_SOAK = 500


def _pirate_rules(i: int) -> Rules:
    """Game ``i`` of the pirate harness: the base harness's option cycle (3–4 players, then
    5–6 every fourth game), with the alternate rules that change the robber's flow (5, 8)
    and then all of them in turn."""
    base = harness.config_for(i // 2, base_seed=7000, extension=i % 4 == 3)
    alt: tuple[str, ...] = (
        (),
        ("knight_interrupts",),
        ("ignore_seven", "knight_interrupts"),
        tuple(ALTERNATE_RULES),
    )[i % 4]
    return replace(base, seed=7000 + i, pirate=True, alternate=alt)  # type: ignore[arg-type]


def test_the_harness_keeps_every_invariant_with_the_pirate() -> None:
    n = harness.games_from_env("PYSETTLERS_PIRATE_GAMES", HARNESS_CI, HARNESS_SOAK)
    tally = harness.Tally()
    for i in range(n):
        tally.merge(harness.run_game(_pirate_rules(i)))
    assert not tally.failures, tally.failures[0]
    assert tally.kinds["MOVE_PIRATE"] >= n
    assert tally.finished >= n * 3 // 4


def test_the_helpers_harness_keeps_every_invariant_with_the_pirate() -> None:
    from support import helpers_harness

    n = harness.games_from_env("PYSETTLERS_PIRATE_GAMES", 8, 60)
    tally = helpers_harness.Tally()
    for i in range(n):
        rules = replace(helpers_harness.rules_for(i), pirate=True, seed=8000 + i)
        helpers_harness.play_game(rules, tally)
    assert tally.kinds["MOVE_PIRATE"] >= n // 2
    assert tally.finished == n


# -- the bots --------------------------------------------------------------------------------


def _leader_on_ports() -> GameState:
    """The leader p1 (4 points) has cities on the 2:1 ore port and a 3:1 port only; the
    bot p0's city shares both of their hexes, so robbing p1 on land would cost p0 its own
    production. The harbors hurt p1 alone, and a card can be stolen there."""
    return position(
        PIRATE,
        pieces={"p0": {"cities": ["(2,-1)S"]}, "p1": {"cities": ["(2,-1)NE", "(2,0)SE"]}},
        hands={"p0": "1grain", "p1": "2ore+1brick"},
        phase="move_robber",
    )


@pytest.mark.parametrize("name", ["weighted", "greedy"])
def test_the_bots_send_the_pirate_to_the_leaders_two_to_one_port(name: str) -> None:
    from pysettlers.bots import make_bot

    s = _leader_on_ports()
    bot = make_bot(name, random.Random(1))
    a = bot.choose(observe(s, 0), legal_actions(s))
    assert format_action(a, s.topo) == f"p0 pirate {ORE_PORT} p1"


@pytest.mark.parametrize("name", ["random", "weighted", "greedy"])
def test_the_bots_play_the_pirate_legally(name: str) -> None:
    from pysettlers.bots import make_bot

    for seed, kw in enumerate([{}, {"alternate": ("knight_interrupts",)}, {"helpers": True}]):
        rules = Rules(seed=seed, pirate=True, players=3 + seed, **kw)  # type: ignore[arg-type]
        game = Game.new(rules)
        bots = [make_bot(name, random.Random(seed * 8 + p)) for p in range(rules.players)]
        while game.state.phase != Phase.GAME_OVER and len(game.steps) < 3000:
            s = game.state
            p = deciders(s)[0]
            game.play(bots[p].choose(observe(s, p), legal_actions(s, p)))  # checked
        assert game.state.phase == Phase.GAME_OVER


# -- the command line ------------------------------------------------------------------------


def test_the_commands_take_pirate(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    from pysettlers.cli import main

    out_file = Path(str(tmp_path)) / "game.json"
    # Random bots: they put the robber on a harbor (the levels seldom do).
    argv = ["demo", "--seed", "3", "--pirate", "--bot", "random", "--out", str(out_file)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    # the demo log: "p2: rolls 7; moves the robber to the 2:1 ore harbor"
    assert re.search(r"; moves the robber to the [^;]*harbor", out)
    assert "ROBBER 2:1 ore: the robber on that harbor" in out  # the legend
    record = json.loads(out_file.read_text())
    assert record["rules"]["scenarios"] == ["pirate"]
    assert main(["replay", str(out_file)]) == 0
    capsys.readouterr()
    assert main(["render", "--seed", "2", "--pirate", "--alt", "knight_interrupts"]) == 0
    assert "ROBBER 2:1 ore" in capsys.readouterr().out
    assert main(["sim", "--games", "3", "--pirate", "--players", "weighted,greedy,random"]) == 0
    assert "3 games" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["play", "--pirate=yes"])
    capsys.readouterr()


def test_the_text_board_shows_the_robber_on_a_harbor() -> None:
    from pysettlers.render import render_board, render_status

    s = robbing(robber=ORE_PORT)
    v = observe(s, None)
    board = render_board(v)
    assert "ROBBER 2:1 ore" in board and board.count("ROBBER") == 1  # on no hex
    assert "ROBBER 2:1" not in render_board(observe(robbing(), None))  # on the desert
    assert f"robber on the 2:1 ore harbor {ORE_PORT}" in render_status(v)
