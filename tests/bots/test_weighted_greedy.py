"""The weighted and greedy bots: legal full games, view-only play, determinism, behaviour.

Games are driven the way every adapter drives them (``observe`` for the deciding seat,
``legal_actions``, then ``apply_checked``, which raises on anything illegal), with a spy
checking what each bot is actually called with. Behaviour tests set a position up with the
test builders and ask the bot for one decision.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Sequence

import pytest

from pysettlers.bots import Bot, bot_rng, make_bot
from pysettlers.bots import features as F
from pysettlers.bots.greedy import GreedyBot
from pysettlers.bots.random_bot import RandomBot
from pysettlers.bots.weighted import WeightedBot
from pysettlers.engine import (
    ActionKind,
    GameState,
    Rules,
    apply_checked,
    format_action,
    is_over,
    legal_actions,
    new_game,
    observe,
    to_move,
)
from pysettlers.sim.runner import build_bot, parse_players
from support.builders import play, position
from support.paths import SRC
from support.spies import Spy

K = ActionKind
BOTS_DIR = SRC / "pysettlers" / "bots"


def run_game(
    rules: Rules, bots: Sequence[Bot], max_turns: int = 1500
) -> tuple[GameState, list[str]]:
    s = new_game(rules)
    log: list[str] = []
    while not is_over(s) and s.turn <= max_turns:
        p = to_move(s)
        view = observe(s, p)
        a = bots[p].choose(view, legal_actions(s, p))
        apply_checked(s, a)  # raises IllegalActionError on anything illegal
        log.append(format_action(a, s.topo))
    return s, log


def lineup(kind: str, rules: Rules, seed: int) -> list[Bot]:
    """The bot under test in one seat (rotating with the seed), the others mixed."""
    n = rules.players
    hero = seed % n
    others = ("weighted", "random", "greedy")
    bots: list[Bot] = []
    for seat in range(n):
        name = kind if seat == hero else others[(seed + seat) % len(others)]
        if name == "greedy" and kind != "greedy":
            name = "weighted"  # keep the weighted games fast
        bots.append(Spy(make_bot(name, bot_rng(seed, seat))))
    return bots


CONFIGS = [
    (players, map_kind) for players in (3, 4) for map_kind in ("beginner", "variable", "random")
]


@pytest.mark.parametrize(("players", "map_kind"), CONFIGS)
def test_weighted_finishes_seeded_games_legally(players: int, map_kind: str) -> None:
    for seed in range(40):  # 240 games in all
        rules = Rules(players=players, map_kind=map_kind, seed=seed)
        bots = lineup("weighted", rules, seed)
        s, _ = run_game(rules, bots)
        assert is_over(s), f"{rules}: unfinished after {s.turn} turns"
        assert all(isinstance(b, Spy) and b.calls for b in bots)


@pytest.mark.parametrize(("players", "map_kind"), CONFIGS)
def test_greedy_finishes_seeded_games_legally(players: int, map_kind: str) -> None:
    for seed in range(17):  # 102 games in all
        rules = Rules(players=players, map_kind=map_kind, seed=100 + seed)
        bots = lineup("greedy", rules, seed)
        s, _ = run_game(rules, bots)
        assert is_over(s), f"{rules}: unfinished after {s.turn} turns"


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=4, trade_build="separate", seed=7),
        Rules(players=2, vp_target=8, seed=8),
        Rules(players=5, seed=9),
        Rules(players=6, map_kind="random", large_game_variant="mayfair", seed=10),
        Rules(players=4, helpers=True, seed=11),
    ],
    ids=lambda r: (
        f"{r.players}p-{r.map_kind}-{r.trade_build}-{r.large_game_variant}"
        + ("-helpers" if r.helpers else "")
    ),
)
def test_both_bots_handle_other_rule_options(rules: Rules) -> None:
    names = ("greedy", "weighted")
    bots = [Spy(make_bot(names[p % 2], bot_rng(rules.seed, p))) for p in range(rules.players)]
    s, _ = run_game(rules, bots)
    assert is_over(s)


@pytest.mark.parametrize("name", ["weighted", "greedy"])
def test_same_seed_same_game(name: str) -> None:
    rules = Rules(players=4, seed=2024)
    logs = []
    for _ in range(2):
        bots = [make_bot(name if p % 2 == 0 else "weighted", bot_rng(2024, p)) for p in range(4)]
        logs.append(run_game(rules, bots)[1])
    assert logs[0] == logs[1]
    other = [make_bot(name, random.Random(f"other/{p}")) for p in range(4)]
    assert run_game(rules, other)[1] != logs[0]  # the bots' own generators do matter


def test_bot_modules_never_touch_a_game_state() -> None:
    """The bots import nothing that could hand them a state: only views and actions."""
    for name in ("features.py", "weighted.py", "greedy.py"):
        tree = ast.parse((BOTS_DIR / name).read_text())
        imported = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
        }
        forbidden = {"GameState", "apply", "apply_checked", "legal_actions", "load_state"}
        assert not imported & forbidden, (name, imported & forbidden)


@pytest.mark.parametrize("cls", [WeightedBot, GreedyBot])
def test_decision_depends_only_on_the_view(cls: type[WeightedBot] | type[GreedyBot]) -> None:
    """Two positions that differ only in an opponent's hidden cards give the same choice."""
    common = {
        "pieces": {
            "p0": {"settlements": ["(0,-1)N", "(-2,1)N"], "roads": ["(0,-1)NE", "(-2,1)NE"]},
            "p1": {"settlements": ["(0,2)N", "(-2,2)N"], "roads": ["(0,1)E", "(-2,2)NE"]},
        },
    }
    bank = "12brick+12lumber+12wool+12grain+12ore"  # the same bank: it is public
    a = position(
        **common, bank=bank, hands={"p0": "2brick+2lumber+wool+grain", "p1": "3ore+2grain"}
    )
    b = position(**common, bank=bank, hands={"p0": "2brick+2lumber+wool+grain", "p1": "5wool"})
    va, vb = observe(a, 0), observe(b, 0)
    assert va == vb  # the opponent's cards are not in p0's view
    pick_a = cls(random.Random(5)).choose(va, legal_actions(a, 0))
    pick_b = cls(random.Random(5)).choose(vb, legal_actions(b, 0))
    assert pick_a == pick_b


# -- behaviour ---------------------------------------------------------------------------------


def test_weighted_builds_a_city_when_it_can() -> None:
    s = position(
        pieces={
            "p0": {"settlements": ["(0,-1)N", "(-2,1)N"], "roads": ["(0,-1)NE", "(-2,1)NE"]},
            "p1": {"settlements": ["(0,2)N"], "roads": ["(0,1)E"]},
        },
        hands={"p0": "2grain+3ore+brick+lumber"},
    )
    legal = legal_actions(s, 0)
    kinds = {a.kind for a in legal}
    assert K.BUILD_CITY in kinds and K.BUILD_ROAD in kinds and K.END_TURN in kinds
    for seed in range(5):
        assert WeightedBot(random.Random(seed)).choose(observe(s, 0), legal).kind == K.BUILD_CITY


@pytest.mark.parametrize("cls", [WeightedBot, GreedyBot])
def test_robber_spares_its_own_hex(cls: type[WeightedBot] | type[GreedyBot]) -> None:
    """p0 owns the best hex (hills 6); the robber goes elsewhere, onto the opponent."""
    s = position(
        pieces={
            "p0": {"settlements": ["(0,-1)N"], "roads": ["(0,-1)NE"]},
            "p1": {"settlements": ["(0,2)N"], "roads": ["(0,1)E"]},
        },
        hands={"p1": "2wool"},
        phase="pre_roll",
    )
    play(s, ("p0 roll", (3, 4)))
    legal = legal_actions(s, 0)
    assert {a.kind for a in legal} == {K.MOVE_ROBBER}
    view = observe(s, 0)
    info = F.board_info(view.board)
    for seed in range(5):
        a = cls(random.Random(seed)).choose(view, legal)
        assert F.hex_damage(view, info, a.a)[0] == 0, format_action(a, s.topo)
        assert a.b == 1  # and robs the only opponent with cards there


@pytest.mark.parametrize("cls", [WeightedBot, GreedyBot])
def test_discard_keeps_the_cards_of_a_city(cls: type[WeightedBot] | type[GreedyBot]) -> None:
    s = position(
        pieces={
            "p0": {"settlements": ["(0,-1)N"], "roads": ["(0,-1)NE"]},
            "p1": {"settlements": ["(0,2)N"], "roads": ["(0,1)E"]},
        },
        hands={"p0": "2grain+3ore+4wool+brick"},
        current=1,
        phase="pre_roll",
    )
    play(s, ("p1 roll", (3, 4)))
    bot = cls(random.Random(3))
    while 0 in observe(s, 0).deciders:
        apply_checked(s, bot.choose(observe(s, 0), legal_actions(s, 0)))
    assert s.hand(0)[3] == 2 and s.hand(0)[4] == 3  # 2 grain and 3 ore kept
    assert sum(s.hand(0)) == 5


def test_greedy_prefers_a_settlement_to_a_road() -> None:
    s = position(
        pieces={
            "p0": {
                "settlements": ["(0,-1)N", "(-2,1)N"],
                "roads": ["(0,-1)NE", "(1,-2)SE", "(-2,1)NE"],
            },
        },
        hands={"p0": "brick+lumber+wool+grain"},
    )
    legal = legal_actions(s, 0)
    assert K.BUILD_SETTLEMENT in {a.kind for a in legal}
    a = GreedyBot(random.Random(0)).choose(observe(s, 0), legal)
    assert a.kind == K.BUILD_SETTLEMENT


def test_weighted_answers_offers_by_its_next_build() -> None:
    """One grain short of a city it accepts grain for spare wool; it will not give ore for
    it, but counter-offers spare wool instead."""
    pieces = {
        "p0": {"settlements": ["(0,-1)N"], "roads": ["(0,-1)NE"]},
        "p1": {"settlements": ["(0,2)N"], "roads": ["(0,1)E"]},
    }
    bot = WeightedBot(random.Random(0))
    s = position(pieces=pieces, hands={"p0": "grain", "p1": "3ore+grain+3wool"}, current=0)
    play(s, "p0 offer 1grain for 1wool to p1")
    assert bot.choose(observe(s, 1), legal_actions(s, 1)).kind == K.ACCEPT_TRADE
    s = position(pieces=pieces, hands={"p0": "grain", "p1": "3ore+grain+3wool"}, current=0)
    play(s, "p0 offer 1grain for 1ore to p1")
    a = bot.choose(observe(s, 1), legal_actions(s, 1))
    assert a.kind == K.COUNTER_TRADE and a.give[4] == 0 and a.get == (0, 0, 0, 1, 0)


# -- options -----------------------------------------------------------------------------------


def test_options_from_strings() -> None:
    (spec,) = parse_players("greedy:trade=0:noise=0.5,random")[:1]
    bot = build_bot(spec, random.Random(0))  # as ``pysettlers sim`` builds it
    assert isinstance(bot, GreedyBot) and bot.trade is False and bot.noise_size == 0.5
    assert WeightedBot(random.Random(0), trade="on", offers="0.1").trade is True
    assert GreedyBot(random.Random(0), trade="0").trade is False
    with pytest.raises(ValueError, match="unknown option"):
        WeightedBot(random.Random(0), speed="1")
    with pytest.raises(ValueError, match="'trade' must be a boolean"):
        GreedyBot(random.Random(0), trade="maybe")
    with pytest.raises(ValueError, match="'offers' must be between 0"):
        WeightedBot(random.Random(0), offers="2")
    with pytest.raises(ValueError, match="'noise' must be a number"):
        GreedyBot(random.Random(0), noise="loud")


def test_registry_knows_both_bots() -> None:
    assert isinstance(make_bot("weighted", random.Random(0)), WeightedBot)
    assert isinstance(make_bot("greedy", random.Random(0)), GreedyBot)
    assert isinstance(make_bot("random", random.Random(0)), RandomBot)


# -- features ----------------------------------------------------------------------------------


def test_features_of_a_position() -> None:
    s = position(
        pieces={
            "p0": {"settlements": ["(0,-1)N"], "roads": ["(0,-1)NE", "(1,-2)SE"]},
            "p1": {"settlements": ["(0,2)N"], "roads": ["(0,1)E"]},
        },
        hands={"p0": "brick"},
        dev={"p0": "victory-point+knight"},
    )
    view = observe(s, 0)
    info = F.board_info(view.board)
    t = s.topo
    site = t.parse_intersection("(1,-1)N")  # two roads from the settlement: buildable now
    sites = F.reachable_sites(view, 0, info, 2)
    assert sites[site] == 0
    assert all(F.open_site(view, info, v) for v in sites)
    assert all(d in (0, 1, 2) for d in sites.values()) and 1 in sites.values()
    # (0,-1)N touches hills 6, mountains 10 and pasture 2 on the beginner map.
    assert F.production(view, 0, info, robber=-1) == [5.0, 0.0, 1.0, 0.0, 3.0]
    assert info.inter_pips[t.parse_intersection("(0,-1)N")] == 9
    assert F.visible_vp(view, 0) == 2 and F.visible_vp(view, 1) == 1  # own card counts
    assert F.pieces_left(view, 0) == (13, 4, 4)
    share = F.unseen_dev_share(view)
    assert abs(sum(share) - 1) < 1e-9
    assert share[0] == pytest.approx(13 / 23)  # own knight and point card are not unseen


def test_build_rate_rewards_spread_and_harbors() -> None:
    demand = (0.2, 0.2, 0.2, 0.2, 0.2)
    four = (4, 4, 4, 4, 4)
    spread = F.build_rate((4, 4, 4, 4, 4), demand, four)
    lopsided = F.build_rate((10, 10, 0, 0, 0), demand, four)
    assert spread == pytest.approx(20)  # 20 pips of a balanced mix need no trade
    assert lopsided < spread
    assert F.build_rate((10, 10, 0, 0, 0), demand, (2, 4, 4, 4, 4)) > lopsided
    assert F.build_rate((0, 0, 0, 0, 0), demand, four) == 0


def test_longest_road_on_the_view_matches_the_engine() -> None:
    for seed in range(6):
        rules = Rules(players=4, seed=300 + seed)
        s = new_game(rules)
        bots = [WeightedBot(bot_rng(seed, p)) for p in range(4)]
        while not is_over(s):
            p = to_move(s)
            apply_checked(s, bots[p].choose(observe(s, p), legal_actions(s, p)))
            if s.turn % 7 == 0:
                view = observe(s, None)
                info = F.board_info(view.board)
                for q in range(4):
                    assert F.longest_road(view, info, q) == view.road_length[q]


def test_nearest_site_is_the_closest_reachable_site() -> None:
    """``nearest_site`` (the weighted bot's early-exit walk) agrees with the minimum of
    ``reachable_sites`` for every seat, on positions all through random bot games."""
    checked = 0
    for seed in range(3):
        s = new_game(Rules(players=4, seed=seed))
        bots = [make_bot("weighted", random.Random(seed * 10 + p)) for p in range(4)]
        for step in range(4000):
            if s.winner >= 0:
                break
            p = to_move(s)
            acts = legal_actions(s, p)
            if step % 7 == 0:
                view = observe(s, p)
                info = F.board_info(view.board)
                for q in range(4):
                    for roads in (1, 2, 3):
                        reach = F.reachable_sites(view, q, info, roads)
                        want = min(reach.values(), default=-1)
                        assert F.nearest_site(view, q, info, roads) == want
                    assert (F.nearest_site(view, q, info, 0) == 0) == (0 in reach.values())
                    checked += 1
            apply_checked(s, acts[0] if len(acts) == 1 else bots[p].choose(observe(s, p), acts))
    assert checked > 300
