"""The strategy styles of the weighted and greedy bots (option ``style``, ``bots/styles.py``).

Each style must change play the way its name says, against the plain bot on the same seeds:
``roads`` builds more roads, ``cards`` buys more development cards, ``cities`` builds more
cities (``greedy``: settles on more grain and ore), ``harbors`` settles on harbors (and
``weighted`` trades more at a harbor's rate), ``robber`` names the leader as the robber's
victim more often. ``weighted`` is measured over a few seeded games in which all four seats
play the style; ``greedy``, ten times slower, by its choices at every decision of a few
games played by weighted bots (the same positions asked of the plain and the styled bot).
Games are driven the way every adapter drives them (views, legal actions, ``apply_checked``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from pysettlers.bots import bot_rng, make_bot
from pysettlers.bots import features as F
from pysettlers.bots.options import STYLES
from pysettlers.engine import (
    Action,
    ActionKind,
    Phase,
    Rules,
    View,
    apply_checked,
    is_over,
    legal_actions,
    new_game,
    observe,
    to_move,
)
from pysettlers.engine.types import NOBODY
from support.spies import Spy

K = ActionKind
SEEDS = range(300, 308)  # the weighted bot's games (all four seats), ~0.05 s each
POSITIONS = range(300, 303)  # games whose ~790 decisions the greedy bot is asked


def count(c: Counter[str], view: View, a: Action) -> None:
    """Add what choosing ``a`` at ``view`` says about a style to ``c``."""
    info = F.board_info(view.board)
    if a.kind == K.BUILD_ROAD and view.phase == Phase.MAIN:
        c["roads"] += 1
    elif a.kind == K.BUY_DEVELOPMENT:
        c["cards"] += 1
    elif a.kind == K.BUILD_CITY:
        c["cities"] += 1
    elif a.kind == K.BUILD_SETTLEMENT and view.phase == Phase.SETUP_SETTLEMENT:
        pips = info.inter_res_pips[a.intersection]
        c["setup_grain_ore"] += pips[3] + pips[4]
        c["setup_harbors"] += info.inter_harbor[a.intersection] != NOBODY
    elif a.kind == K.MARITIME_TRADE and max(a.give) < 4:
        c["harbor_trades"] += 1
    elif a.kind == K.MOVE_ROBBER and a.victim != NOBODY:
        me = view.viewer
        leader = max((q for q in range(view.n) if q != me), key=lambda q: F.expected_vp(view, q))
        c["robs"] += 1
        c["robs_leader"] += a.victim == leader


def weighted_games(style: str) -> Counter[str]:
    """What every seat did over the games of ``SEEDS``, all four playing ``style``."""
    c: Counter[str] = Counter()
    for seed in SEEDS:
        s = new_game(Rules(players=4, seed=seed))
        bots = [Spy(make_bot("weighted", bot_rng(seed, p), style=style)) for p in range(4)]
        while not is_over(s) and s.turn <= 500:
            p = to_move(s)
            legal = legal_actions(s, p)
            view = observe(s, p)
            a = legal[0] if len(legal) == 1 else bots[p].choose(view, legal)
            count(c, view, a)
            apply_checked(s, a)
        assert is_over(s), f"seed {seed}: unfinished"
        info = F.board_info(s.board)
        c["on_harbors"] += sum(
            1 for v, o in enumerate(s.building_owner) if o != NOBODY and info.inter_harbor[v] >= 0
        )
    return c


def positions() -> list[tuple[View, Sequence[Action]]]:
    """Every decision with a choice in the games of ``POSITIONS``, played by weighted bots."""
    out = []
    for seed in POSITIONS:
        s = new_game(Rules(players=4, seed=seed))
        bots = [make_bot("weighted", bot_rng(seed, p)) for p in range(4)]
        while not is_over(s):
            p = to_move(s)
            legal = legal_actions(s, p)
            view = observe(s, p)
            if len(legal) > 1:
                out.append((view, legal))
            apply_checked(s, legal[0] if len(legal) == 1 else bots[p].choose(view, legal))
    return out


def greedy_choices(style: str, asked: Sequence[tuple[View, Sequence[Action]]]) -> Counter[str]:
    c: Counter[str] = Counter()
    for i, (view, legal) in enumerate(asked):
        bot = Spy(make_bot("greedy", random.Random(i), style=style))
        count(c, view, bot.choose(view, legal))
    return c


@pytest.fixture(scope="module")
def weighted() -> dict[str, Counter[str]]:
    return {style: weighted_games(style) for style in STYLES}


@pytest.fixture(scope="module")
def greedy() -> dict[str, Counter[str]]:
    asked = positions()
    return {style: greedy_choices(style, asked) for style in STYLES}


def more(styled: Counter[str], plain: Counter[str], key: str, factor: float) -> bool:
    return styled[key] > factor * plain[key]


def test_weighted_styles_change_its_games(weighted: dict[str, Counter[str]]) -> None:
    plain = weighted["plain"]
    assert more(weighted["roads"], plain, "roads", 1.15)
    assert more(weighted["cards"], plain, "cards", 1.5)
    assert more(weighted["cities"], plain, "cities", 1.3)
    assert more(weighted["harbors"], plain, "on_harbors", 1.15)
    assert more(weighted["harbors"], plain, "harbor_trades", 1.5)
    robber = weighted["robber"]
    assert robber["robs_leader"] / robber["robs"] > plain["robs_leader"] / plain["robs"] + 0.15


def test_greedy_styles_change_its_choices(greedy: dict[str, Counter[str]]) -> None:
    plain = greedy["plain"]
    assert more(greedy["roads"], plain, "roads", 1.15)
    assert more(greedy["cards"], plain, "cards", 1.15)
    assert more(greedy["cities"], plain, "setup_grain_ore", 1.2)
    assert greedy["harbors"]["setup_harbors"] >= 2 * plain["setup_harbors"] + 5
    robber = greedy["robber"]
    assert robber["robs_leader"] / robber["robs"] > plain["robs_leader"] / plain["robs"] + 0.15


@pytest.mark.parametrize("kind", ["weighted", "greedy"])
def test_plain_is_the_default_and_a_bad_style_is_refused(kind: str) -> None:
    rules = Rules(players=4, seed=5)
    s = new_game(rules)
    view = observe(s, to_move(s))
    legal = legal_actions(s, to_move(s))
    plain = make_bot(kind, random.Random(1), style="plain").choose(view, legal)
    assert plain == make_bot(kind, random.Random(1)).choose(view, legal)
    with pytest.raises(ValueError, match="option 'style' must be one of plain, roads"):
        make_bot(kind, random.Random(1), style="boats")
