"""The expert bot, its memory of the public card flow, and the difficulty levels.

Games are driven as the simulator and the server drive them: each seat's view carries every
event since that seat's previous view (``observe(s, seat, since)``), the bot answers from
the view and the legal actions only (a spy checks the types it is called with), and its
choice goes through ``apply_checked``. Budgets are tiny (one determinization, two
candidates, four set-up playouts) so that these games take seconds; strength is
measured in ``bench/expert.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from pysettlers.bots import LEVELS, Bot, ExpertBot, bot_names, bot_rng, make_bot
from pysettlers.bots.expert import DEEP_KINDS, position_value
from pysettlers.bots.features import BoardInfo, board_info
from pysettlers.bots.greedy import GreedyBot
from pysettlers.bots.memory import Memory
from pysettlers.bots.weighted import WeightedBot
from pysettlers.engine import (
    Action,
    ActionKind,
    GameState,
    Phase,
    Rules,
    View,
    apply,
    apply_checked,
    chance_outcomes,
    determinize,
    is_over,
    legal_actions,
    new_game,
    observe,
    to_move,
)
from support.spies import Spy, play_with_views

TINY = {"iterations": 1, "width": 2, "setup": 2, "playouts": 4, "deep": 4}


def fake_set_up_playouts(
    monkeypatch: pytest.MonkeyPatch, wins: Callable[[GameState, int], bool]
) -> list[GameState]:
    """Replace the expert's playouts by ``wins`` (1 or 0) on the state each starts from,
    which must be past the set-up; the list of those states grows as they are played."""
    calls: list[GameState] = []

    def playout(
        self: ExpertBot, st: GameState, seat: int, seed: int, info: object, turns: int = 0
    ) -> float:
        assert st.phase not in (Phase.SETUP_SETTLEMENT, Phase.SETUP_ROAD)  # set-up played out
        calls.append(st)
        return 1.0 if wins(st, seat) else 0.0

    monkeypatch.setattr(ExpertBot, "_playout", playout)
    return calls


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=4, seed=21),
        Rules(players=5, seed=22, helpers=True),
        Rules(players=6, seed=23, map_kind="random"),
        Rules(players=3, seed=24, trade_build="separate"),
        Rules(players=4, seed=20, map_kind="islands", ships=True, pirate=True),
    ],
    ids=lambda r: (
        f"{r.players}p-{r.map_kind}-{r.trade_build}"
        + ("-helpers" if r.helpers else "")
        + ("-ships" if r.ships else "")
    ),
)
def test_expert_plays_legal_games_from_views_only(rules: Rules) -> None:
    hero = rules.seed % rules.players
    bots = [
        Spy(make_bot("expert", bot_rng(rules.seed, p), **TINY))
        if p == hero
        else make_bot("greedy", bot_rng(rules.seed, p))
        for p in range(rules.players)
    ]
    s = play_with_views(rules, bots)
    assert is_over(s), f"unfinished after {s.turn} turns"
    spy = bots[hero]
    assert isinstance(spy, Spy) and spy.calls
    inner = spy.inner
    assert isinstance(inner, ExpertBot) and inner.searches > 0
    assert inner.setup_searches == 2  # both set-up settlements by playouts (TINY: 4 games)


def test_expert_is_reproducible_with_iterations() -> None:
    rules = Rules(players=4, seed=31)

    def game() -> tuple[int, ...]:
        bots = [make_bot("expert", bot_rng(31, p), **TINY) for p in range(4)]
        s = play_with_views(rules, bots, max_turns=30)
        return (s.version, *s.hands)

    assert game() == game()


def test_greedy_playouts_are_played_by_greedy_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """``playout=greedy``: every decision of a playout is a greedy bot's (none a weighted
    bot's), the game is played to its end, and the result is the same for the same seed."""
    s = new_game(Rules(players=3, seed=33))
    bots = [make_bot("greedy", bot_rng(33, p)) for p in range(3)]
    while s.phase in (Phase.SETUP_SETTLEMENT, Phase.SETUP_ROAD):
        p = to_move(s)
        apply_checked(s, bots[p].choose(observe(s, p), legal_actions(s, p)))
    expert = make_bot("expert", random.Random(0), playout="greedy")
    assert isinstance(expert, ExpertBot) and expert.playout == "greedy"
    plain = make_bot("expert", random.Random(0))
    assert isinstance(plain, ExpertBot) and plain.playout == "weighted"
    who: list[str] = []
    greedy_choose, weighted_choose = GreedyBot.choose, WeightedBot.choose

    def by_greedy(self: GreedyBot, view: View, legal: Sequence[Action]) -> Action:
        who.append("greedy")
        return greedy_choose(self, view, legal)

    def by_weighted(self: WeightedBot, view: View, legal: Sequence[Action]) -> Action:
        who.append("weighted")
        return weighted_choose(self, view, legal)

    monkeypatch.setattr(GreedyBot, "choose", by_greedy)
    monkeypatch.setattr(WeightedBot, "choose", by_weighted)
    info = board_info(s.board)
    end = s.copy()
    value = expert._playout(end, 1, 5, info)
    assert is_over(end) and value == (1.0 if end.winner == 1 else 0.0)
    assert who and set(who) == {"greedy"}
    assert expert._playout(s.copy(), 1, 5, info) == value
    del who[:]
    plain._playout(s.copy(), 1, 5, info)
    assert who and set(who) == {"weighted"}


def test_expert_options_are_checked() -> None:
    rng = random.Random(0)
    with pytest.raises(ValueError, match="unknown option"):
        make_bot("expert", rng, depth=3)
    with pytest.raises(ValueError, match="iterations"):
        make_bot("expert", rng, iterations=0)
    with pytest.raises(ValueError, match="memory"):
        make_bot("expert", rng, memory="maybe")
    with pytest.raises(ValueError, match="horizon"):
        make_bot("expert", rng, horizon="game")
    with pytest.raises(ValueError, match="'playout' must be one of weighted, greedy"):
        make_bot("expert", rng, playout="random")
    bot = make_bot("expert", rng, ms="20", width="3", trade="off", horizon="round")
    assert isinstance(bot, ExpertBot) and bot.ms == 20 and bot.width == 3
    assert bot.horizon == "round" and not bot.greedy.trade


def test_expert_round_horizon_and_time_budget_play_legally() -> None:
    rules = Rules(players=4, seed=25)
    bots: list[Bot] = [make_bot("greedy", bot_rng(25, p)) for p in range(4)]
    bots[1] = Spy(
        make_bot("expert", bot_rng(25, 1), iterations=1, width=1, horizon="round", setup=0)
    )
    bots[2] = Spy(make_bot("expert", bot_rng(25, 2), ms=1, width=1, memory=False, setup=0))
    play_with_views(rules, bots, max_turns=40)
    assert all(isinstance(b, Spy) and b.calls for b in bots[1:3])


def test_position_value_ranks_a_won_game_first() -> None:
    rules = Rules(players=4, seed=5)
    s = new_game(rules)
    bots = [make_bot("greedy", bot_rng(5, p)) for p in range(4)]
    while not is_over(s):
        p = to_move(s)
        apply_checked(s, bots[p].choose(observe(s, p), legal_actions(s, p)))
    info = board_info(s.board)
    values = [position_value(observe(s, p), info) for p in range(4)]
    assert values[s.winner] == max(values) > 0 > min(values)


# -- memory ------------------------------------------------------------------------------------


def track(rules: Rules, max_turns: int = 120) -> float:
    """Play greedy bots, every seat's memory fed every step; check each bound against the
    true hands; return the share of the others' cards the memories knew."""
    s = new_game(rules)
    n = rules.players
    bots = [make_bot("greedy", bot_rng(rules.seed, p)) for p in range(n)]
    mems = [Memory() for _ in range(n)]
    seen = [-1] * n
    rng = random.Random(rules.seed)
    known = total = 0
    while not is_over(s) and s.turn <= max_turns:
        for p in range(n):
            view = observe(s, p, seen[p])
            seen[p] = s.version
            mems[p].update(view)
            for q in range(n):
                if q != p:
                    low, true = mems[p].low[q], s.hands[5 * q : 5 * q + 5]
                    assert all(x <= t for x, t in zip(low, true)), (s.turn, p, q, low, true)
                    known += sum(low)
                    total += sum(true)
            if s.phase == Phase.MAIN and p != s.current and s.turn % 7 == 0:
                # Determinization with the memory's bounds deals hands that respect them.
                d = determinize(view, rng, mems[p].known())
                for q in range(n):
                    if q != p:
                        dealt = d.hands[5 * q : 5 * q + 5]
                        assert all(x <= h for x, h in zip(mems[p].low[q], dealt))
        p = to_move(s)
        a = bots[p].choose(observe(s, p), legal_actions(s, p))
        oc = chance_outcomes(s, a)
        apply(s, a, rng.choices([o for o, _ in oc], [w for _, w in oc])[0] if oc else None)
    return known / max(1, total)


def test_memory_bounds_are_sound_and_informative() -> None:
    # In the base game all but stolen cards move in public: most cards are known.
    assert track(Rules(players=4, seed=41)) > 0.6


@pytest.mark.parametrize(
    "rules",
    [Rules(players=6, seed=42), Rules(players=4, seed=43, helpers=True)],
    ids=["6p", "helpers"],
)
def test_memory_bounds_stay_sound_with_more_players_and_helpers(rules: Rules) -> None:
    assert track(rules, max_turns=60) > 0.0


def test_memory_forgets_when_views_skip_steps() -> None:
    """Views without ``since`` carry the last step only: the bounds must stay sound."""
    rules = Rules(players=4, seed=44)
    s = new_game(rules)
    bots = [make_bot("greedy", bot_rng(44, p)) for p in range(4)]
    mem = Memory()
    while not is_over(s) and s.turn <= 60:
        p = to_move(s)
        view = observe(s, p)
        if p == 0:
            mem.update(view)
            for q in range(1, 4):
                assert all(x <= t for x, t in zip(mem.low[q], s.hands[5 * q : 5 * q + 5]))
        apply_checked(s, bots[p].choose(view, legal_actions(s, p)))


# -- levels ------------------------------------------------------------------------------------


def test_levels_are_registered_bots_with_their_options() -> None:
    assert set(LEVELS) <= set(bot_names())
    rng = random.Random(0)
    easy, medium = make_bot("easy", rng), make_bot("medium", rng)
    assert isinstance(easy, WeightedBot) and isinstance(medium, WeightedBot)
    assert easy.noise_size > medium.noise_size > 0.01  # weighted's own default
    assert isinstance(make_bot("hard", rng), GreedyBot)
    assert isinstance(make_bot("expert", rng), ExpertBot)
    hard = make_bot("hard", rng)
    assert isinstance(hard, GreedyBot) and hard.noise_size == pytest.approx(0.333)
    assert isinstance(medium, WeightedBot) and medium.offer_chance == 0.0
    override = make_bot("easy", rng, noise=0.0)
    assert isinstance(override, WeightedBot) and override.noise_size == 0.0
    with pytest.raises(ValueError, match="unknown option"):
        make_bot("hard", rng, iterations=3)


def test_the_lobby_shows_each_levels_own_defaults() -> None:
    """The lobby's option panels are drawn from the declared specs (``bot_option_specs``,
    served in the rules schema); an untouched panel sends nothing, so each default shown
    must be the default the bot (or level) really plays with."""
    from pysettlers.bots.options import bot_option_specs

    for name in ("weighted", "greedy", "easy", "medium", "hard"):
        shown = {s.key: s.default for s in bot_option_specs(name)}
        bot = make_bot(name, random.Random(0))
        assert isinstance(bot, (WeightedBot, GreedyBot))
        assert (bot.offer_chance, bot.noise_size) == pytest.approx(
            (shown["offers"], shown["noise"])
        ), name
        assert bot.style == shown["style"] == "plain"
    # The expert's own options: each number, switch and choice shown is the bot's default.
    expert = make_bot("expert", random.Random(0))
    assert isinstance(expert, ExpertBot)
    attr = {"memory": "use_memory"}
    from pysettlers.bots.expert import EXPERT_SPECS

    assert bot_option_specs("expert")[: len(EXPERT_SPECS)] == EXPERT_SPECS
    for s in EXPERT_SPECS:  # (then the greedy bot's: checked above)
        assert getattr(expert, attr.get(s.key, s.key)) == s.default, s.key


# -- the learned leaf value ----------------------------------------------------------------------


def test_shipped_value_weights_load_and_match_the_features() -> None:
    from pysettlers.bots import value_model as VM
    from pysettlers.bots.value_weights import WEIGHTS

    assert len(WEIGHTS) == len(VM.FEATURE_NAMES)
    assert all(isinstance(w, float) and w == w for w in WEIGHTS)  # no NaN
    # Points win games: the fit must have found that, whatever else it found.
    assert WEIGHTS[VM.FEATURE_NAMES.index("vp")] > 0


def test_expert_learned_value_uses_the_shipped_weights(monkeypatch: pytest.MonkeyPatch) -> None:
    from pysettlers.bots import value_model as VM
    from pysettlers.bots import value_weights

    rules = Rules(players=4, seed=6)
    s = new_game(rules)
    bots = [make_bot("greedy", bot_rng(6, p)) for p in range(4)]
    while not is_over(s) and s.turn < 30:
        p = to_move(s)
        apply_checked(s, bots[p].choose(observe(s, p), legal_actions(s, p)))
    info = board_info(s.board)
    expert = ExpertBot(random.Random(0), value="learned")
    xs = [VM.features(observe(s, q), info) for q in range(4)]
    scores = [sum(w * x for w, x in zip(value_weights.WEIGHTS, xq)) for xq in xs]
    chances = VM.win_chances(scores)
    assert sum(chances) == pytest.approx(1.0)
    for me in range(4):
        assert expert.leaf_value(s, me, info) == pytest.approx(chances[me])
    # Other weights give other values: the leaves read the shipped table.
    vp = VM.FEATURE_NAMES.index("vp")
    monkeypatch.setattr(value_weights, "WEIGHTS", tuple(float(i == vp) for i in range(len(xs[0]))))
    leader = max(range(4), key=lambda q: (xs[q][vp], -q))
    assert expert.leaf_value(s, leader, info) != pytest.approx(chances[leader])
    assert expert.leaf_value(s, leader, info) >= 0.25


def test_expert_learned_set_up_search_plays_legally(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pysettlers.bots import value_model as VM

    scored: list[float] = []
    real = VM.score

    def counting(x: Sequence[float]) -> float:
        scored.append(real(x))
        return scored[-1]

    monkeypatch.setattr(VM, "score", counting)
    rules = Rules(players=4, seed=26)
    bots: list[Bot] = [make_bot("greedy", bot_rng(26, p)) for p in range(4)]
    bots[0] = Spy(make_bot("expert", bot_rng(26, 0), iterations=1, width=1, setup=3, playouts=0))
    bots[1] = Spy(make_bot("expert", bot_rng(26, 1), iterations=1, width=1, setup=0))  # off
    bots[2] = Spy(
        make_bot(
            "expert", bot_rng(26, 2), iterations=1, width=1, value="learned", setup=8, playouts=0
        )
    )
    s = play_with_views(rules, bots, max_turns=3)
    assert s.phase != Phase.SETUP_SETTLEMENT
    searched = [b.inner.setup_searches for b in bots[:3] if isinstance(b, Spy)]
    assert searched == [2, 0, 2]  # both set-up settlements, whatever the leaf value
    # Each searched settlement valued 3 sites (bot 0) or 8 (bot 2), at least once each, for
    # all 4 seats, by the learned value (bot 2's turn searches use it too).
    assert len(scored) >= 4 * 2 * (3 + 8)
    with pytest.raises(ValueError, match="value"):
        make_bot("expert", random.Random(0), value="oracle")


def test_expert_set_up_playouts_are_the_default_and_pick_the_best_playout_site(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Set-up playouts with successive halving: the site whose playouts win is chosen
    even when the greedy score ranks it third, and the budget is spent as documented."""
    default = make_bot("expert", random.Random(0))
    assert isinstance(default, ExpertBot) and (default.setup, default.playouts) == (8, 420)
    assert (default.setup_turns, default.setup_ms, default.cut_value) == (16, 0, "learned")
    rules = Rules(players=4, seed=28)
    s = new_game(rules)
    me = to_move(s)
    legal = legal_actions(s, me)
    view = observe(s, me)
    expert = make_bot("expert", bot_rng(28, me), setup=3, playouts=12)
    assert isinstance(expert, ExpertBot)
    greedy = GreedyBot(random.Random(0))
    t = greedy.context(view)
    ranked = sorted(legal, key=lambda a: -greedy.score(t, a))
    target = ranked[2].a  # the third site by the greedy score
    calls = fake_set_up_playouts(monkeypatch, lambda st, seat: st.building_owner[target] == seat)
    chosen = expert.choose(view, legal)
    assert chosen.kind == ActionKind.BUILD_SETTLEMENT and chosen.a == target
    # 3 sites: round one 12 // 2 // 3 = 2 games each, round two 12 // 2 // 2 = 3 each.
    assert len(calls) == 3 * 2 + 2 * 3 and expert.setup_searches == 1
    # Real playouts: whole games, 0 or 1 when over, deterministic per seed.
    del calls[:]
    monkeypatch.undo()
    start = s.copy()
    apply_checked(start, chosen)
    values = [expert._playout(start.copy(), me, 99, board_info(s.board)) for _ in range(2)]
    assert values[0] == values[1] and 0.0 <= values[0] <= 1.0


def test_truncated_playouts_stop_after_their_turns_with_the_learned_chance() -> None:
    """``turns`` > 0 (``deep_turns``): a playout plays that many turns from where it starts
    and is valued by the learned win chance there (strictly between 0 and 1); 0: to the end."""
    s = new_game(Rules(players=4, seed=29))
    bots = [make_bot("greedy", bot_rng(29, p)) for p in range(4)]
    while s.turn < 12:  # the set-up and a few turns, to the start of a turn
        p = to_move(s)
        apply_checked(s, bots[p].choose(observe(s, p), legal_actions(s, p)))
    assert s.phase == Phase.PRE_ROLL and not is_over(s)
    expert = make_bot("expert", random.Random(0), deep=8, deep_turns=4)
    assert isinstance(expert, ExpertBot) and expert.deep_turns == 4
    info = board_info(s.board)
    short = s.copy()
    value = expert._playout(short, 0, 7, info, 4)
    assert short.turn == s.turn + 4 and short.phase == Phase.PRE_ROLL and 0.0 < value < 1.0
    assert value == expert._playout(s.copy(), 0, 7, info, 4)  # deterministic per seed
    whole = s.copy()
    assert expert._playout(whole, 0, 7, info) in (0.0, 1.0) and is_over(whole)


def test_expert_proposes_domestic_trades_on_its_turn() -> None:
    """Its search never lists an offer, so it proposes as the greedy bot does first."""
    rules = Rules(players=4, seed=27)
    spy = Spy(make_bot("expert", bot_rng(27, 0), **TINY))
    bots: list[Bot] = [spy] + [make_bot("greedy", bot_rng(27, p)) for p in range(1, 4)]
    made: list[Action] = []
    inner = spy.choose

    def recording(view: View, legal: Sequence[Action]) -> Action:
        a = inner(view, legal)
        if a.kind == ActionKind.OFFER_TRADE:
            assert view.phase == Phase.MAIN and view.current == view.viewer
            made.append(a)
        return a

    spy.choose = recording  # type: ignore[method-assign]
    play_with_views(rules, bots, max_turns=40)
    assert made
    quiet = Spy(make_bot("expert", bot_rng(27, 0), trade=False, **TINY))
    q_inner = quiet.choose
    offers: list[Action] = []

    def q_recording(view: View, legal: Sequence[Action]) -> Action:
        a = q_inner(view, legal)
        if a.kind == ActionKind.OFFER_TRADE:
            offers.append(a)
        return a

    quiet.choose = q_recording  # type: ignore[method-assign]
    play_with_views(rules, [quiet, *bots[1:]], max_turns=40)
    assert not offers


def test_expert_settles_close_main_phase_calls_by_whole_game_playouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``deep`` > 0 the turn search's ``top`` best candidates, when one of them places a
    piece or buys a card, are played on to the end of the game from their rolled-out turns:
    the one whose playouts win is chosen even when the turn search ranks it last of them, the
    budget is spent as documented (successive halving), and with ``deep=0`` nothing is."""
    default = make_bot("expert", random.Random(0))
    assert isinstance(default, ExpertBot) and (default.deep, default.top) == (0, 3)
    opts = {"iterations": 1, "width": 4, "setup": 0, "trade": False, "top": 3}
    ends: dict[Action, tuple[float, tuple[object, ...]]] = {}  # candidate: value, end print
    calls: list[tuple[object, ...]] = []  # the prints the playouts start from
    target: list[Action] = []

    def print_of(st: GameState) -> tuple[object, ...]:
        return (st.turn, tuple(st.hands), tuple(st.road_owner), tuple(st.building_owner))

    original = ExpertBot._rollout

    def rollout(
        self: ExpertBot, root: GameState, view: View, a: Action, seed: int, info: BoardInfo
    ) -> tuple[float, GameState]:
        value, end = original(self, root, view, a, seed, info)
        ends[a] = (value, print_of(end))
        return value, end

    def playout(
        self: ExpertBot, st: GameState, seat: int, seed: int, info: BoardInfo, turns: int = 0
    ) -> float:
        calls.append(print_of(st))
        return 1.0 if print_of(st) == ends[target[0]][1] else 0.0

    monkeypatch.setattr(ExpertBot, "_rollout", rollout)
    monkeypatch.setattr(ExpertBot, "_playout", playout)
    s = new_game(Rules(players=4, seed=31))
    greedy = [make_bot("greedy", bot_rng(31, p)) for p in range(4)]
    found = False
    while not is_over(s) and not found:
        p = to_move(s)
        legal = legal_actions(s, p)
        if s.phase == Phase.MAIN and s.current == p and len(legal) > 1:
            ends.clear()
            plain = make_bot("expert", bot_rng(31, p), deep=0, **opts)
            assert isinstance(plain, ExpertBot)
            first = plain.choose(observe(s, p), legal)
            ranked = sorted(ends, key=lambda a: -ends[a][0])[:3]
            prints = {ends[a][1] for a in ranked}
            found = (
                len(prints) == 3
                and ends[ranked[1]][0] > ends[ranked[2]][0]
                and any(a.kind in DEEP_KINDS for a in ranked)
            )
            if found:
                assert first == ranked[0] and plain.deep_searches == 0 and not calls
                target.append(ranked[2])  # the third of the three by the turn search
                deep = make_bot("expert", bot_rng(31, p), deep=12, **opts)
                assert isinstance(deep, ExpertBot)
                assert deep.choose(observe(s, p), legal) == target[0]
                # 3 candidates: round one 12 // 2 // 3 = 2 games each, round two 3 each.
                assert len(calls) == 3 * 2 + 2 * 3 and deep.deep_searches == 1
                assert set(calls) == prints
        apply_checked(s, greedy[p].choose(observe(s, p), legal))
    assert found, "no main-phase decision with three distinct candidates found"


def _first_settlement(seed: int) -> tuple[View, list[Action]]:
    s = new_game(Rules(players=4, seed=seed))
    me = to_move(s)
    return observe(s, me), legal_actions(s, me)


def test_set_up_time_budget_stops_the_halving_early() -> None:
    """``setup_ms`` (or ``ms``): each halving round stops once its share of the time is spent,
    after one playout per site left — counted playouts, not wall time: a playout takes far
    more than the third of a millisecond a round gets here."""
    view, legal = _first_settlement(41)
    opts = {"setup": 8, "playouts": 48, "setup_turns": 1, "iterations": 1}
    full = make_bot("expert", random.Random(1), **opts)
    assert isinstance(full, ExpertBot)
    full.choose(view, legal)
    # 3 rounds of 48 // 3 = 16 games: 2 for each of 8 sites, 4 for 4, 8 for 2.
    assert full.playouts_played == 48
    for budget in ({"setup_ms": 1}, {"ms": 1}):
        cut = make_bot("expert", random.Random(1), **opts, **budget)
        assert isinstance(cut, ExpertBot)
        assert cut.choose(view, legal) in legal
        assert cut.playouts_played == 8 + 4 + 2  # one game per site left, per round


@pytest.mark.parametrize("cut_value", ["learned", "learned2"])
def test_truncated_set_up_playouts_are_valued_by_the_learned_chance(
    monkeypatch: pytest.MonkeyPatch, cut_value: str
) -> None:
    """``setup_turns=T``: every set-up playout stops ``T`` turns after the set-up and is valued
    by the learned value ``cut_value`` names (a spy counts the calls and the turns)."""
    from pysettlers.bots import expert as E

    seen: dict[str, list[int]] = {"learned": [], "learned2": []}
    real = {"learned": E.learned_value, "learned2": E.learned2_value}

    def spy(name: str) -> object:
        def value(s: GameState, me: int, info: BoardInfo) -> float:
            seen[name].append(s.turn)
            return real[name](s, me, info)

        return value

    monkeypatch.setattr(E, "learned_value", spy("learned"))
    monkeypatch.setattr(E, "learned2_value", spy("learned2"))
    view, legal = _first_settlement(42)
    bot = make_bot(
        "expert", random.Random(2), setup=4, playouts=8, setup_turns=3, cut_value=cut_value
    )
    assert isinstance(bot, ExpertBot)
    bot.choose(view, legal)
    other = "learned2" if cut_value == "learned" else "learned"
    assert len(seen[cut_value]) == bot.playouts_played == 8 and not seen[other]
    # The set-up ends before turn 1's roll; three turns later each playout stops.
    assert set(seen[cut_value]) == {1 + 3}


def test_truncated_set_up_search_is_deterministic_per_seed() -> None:
    rules = Rules(players=4, seed=43)
    opts = {**TINY, "setup_turns": 2, "cut_value": "learned2", "playouts": 8}

    def game() -> tuple[int, ...]:
        bots = [make_bot("expert", bot_rng(43, p), **opts) for p in range(4)]
        s = play_with_views(rules, bots, max_turns=3)
        return (s.version, *s.hands, *s.building_owner)

    assert game() == game()


def test_set_up_search_options_are_checked() -> None:
    rng = random.Random(0)
    with pytest.raises(ValueError, match="'setup_turns' must be between"):
        make_bot("expert", rng, setup_turns=-1)
    with pytest.raises(ValueError, match="'setup_ms' must be a number"):
        make_bot("expert", rng, setup_ms="fast")
    with pytest.raises(ValueError, match="'cut_value' must be one of learned, learned2"):
        make_bot("expert", rng, cut_value="greedy")
    bot = make_bot("expert", rng, setup_turns="12", setup_ms="1500", cut_value="learned2")
    assert isinstance(bot, ExpertBot)
    assert (bot.setup_turns, bot.setup_ms, bot.cut_value) == (12, 1500, "learned2")


def test_set_up_road_search_picks_the_road_whose_playouts_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``roads`` > 0: a set-up road is chosen by playouts from the end of the set-up, even
    against the greedy score's order; ``roads=0`` (the default) is the greedy road."""
    assert make_bot("expert", random.Random(0)).roads == 0  # type: ignore[attr-defined]
    rules = Rules(players=4, seed=31)
    s = new_game(rules)
    me = to_move(s)
    apply_checked(s, legal_actions(s, me)[0])  # a first settlement: its road is next
    legal = legal_actions(s, me)
    assert s.phase == Phase.SETUP_ROAD and len(legal) >= 2
    view = observe(s, me)
    greedy = GreedyBot(random.Random(0))
    t = greedy.context(view)
    target = sorted(legal, key=lambda a: -greedy.score(t, a))[-1].a  # greedy's last choice
    calls = fake_set_up_playouts(monkeypatch, lambda st, seat: st.road_owner[target] == seat)
    expert = make_bot("expert", bot_rng(31, me), roads=8)
    assert isinstance(expert, ExpertBot)
    chosen = expert.choose(view, legal)
    assert chosen.kind == ActionKind.BUILD_ROAD and chosen.a == target
    assert calls and expert.road_searches == 1 and expert.setup_searches == 0
    plain = make_bot("expert", bot_rng(31, me))
    assert plain.choose(view, legal) == GreedyBot(bot_rng(31, me)).choose(view, legal)


def test_set_up_road_search_plays_legally_and_is_deterministic() -> None:
    rules = Rules(players=4, seed=44)
    opts = {**TINY, "roads": 4, "setup_turns": 2}

    def game() -> tuple[int, ...]:
        bots = [Spy(make_bot("expert", bot_rng(44, p), **opts)) for p in range(4)]
        s = play_with_views(rules, bots, max_turns=3)
        return (s.version, *s.hands, *s.road_owner)

    assert game() == game()
