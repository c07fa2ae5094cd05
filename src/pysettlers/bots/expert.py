"""The expert bot: playouts for its set-up, a determinized search over its turn.

What this is for: the strongest built-in player (issue 14). For its set-up settlements and in
the main phase of its own turn — what to build, trade, buy or play, and in which order —
it searches; every other decision (the roll, discards, the
robber, answers to offers, the Special Building Phase, set-up roads) is the greedy bot's,
which is already good there and costs well under a millisecond.

**The search** (one decision of the main phase):

1. *Candidates*: the legal actions ranked by the greedy bot's one-ply score
   (``greedy.GreedyBot.score``); the best ``width`` of them, plus ending the turn.
2. *Determinizations*: ``iterations`` full states sampled from the view with
   :func:`~pysettlers.engine.determinize`, the others' hands dealt to agree with what
   :class:`~pysettlers.bots.memory.Memory` knows of the public card flow (``known``).
3. *Compound moves*: on each determinization each candidate is applied and the rest of the
   turn is played out by the greedy policy (every seat that must decide — e.g. players
   answering an offer — by its own greedy bot on its own view of the sampled state), the
   chance outcomes (a development card drawn, a card stolen) drawn from
   :func:`~pysettlers.engine.chance_outcomes`. All candidates of one determinization share
   its random numbers (common random numbers), so that they are compared on the same
   deal, the same draws and the same choices of the others.
4. *Leaf value*: at the end of the turn, with ``value=greedy`` (the default)
   :func:`position_value` of the searcher's view less ``opp`` × the best opponent's, ±100
   for a game won or lost; with ``value=learned`` its chance to win by the learned value
   (below). The candidate with the best mean is played. (In our screening the learned value
   at these leaves was no better than the greedy one: docs/bots.md.)
5. *Playouts* (``deep`` > 0; off by default, no stronger in our measurements: docs/bots.md): when
   one of the ``top`` best candidates by the turn search places a piece or buys a card,
   those candidates are settled by ``deep`` playouts (the fast weighted bots, or as
   ``playout`` says; as in the set-up, below) started from the end of each one's
   rolled-out turn (playout ``k`` on determinization ``k`` mod their number), spread by
   successive halving: whole games, or ``deep_turns`` turns valued by the learned win
   chance; the best mean is played.

**Set-up** (its two set-up settlements, where the game is most decided): each of the
``setup`` best sites by the greedy set-up score is played out to the end of the set-up
phase by greedy bots (its own road and, for the first settlement, everyone's later
placements — the greedy set-up is a fair model of the others' at this level) on two
determinizations, and then games are played out from there by fast ``weighted``
bots (no domestic offers, a third faster) on the sampled state itself: ``setup_turns``
(16) turns each, valued by the learned chance to win there (below), or with
``setup_turns=0`` *whole games* — about 12 ms a game for 4 players — counting 1 for a
game it wins, 0 for one it loses. The ``playouts`` games are spread by *successive
halving*: each round spends an equal share on the sites still in the running and keeps
the better half, so that the close ones get the most games; game ``k`` has the same
random numbers (dice, draws, the bots' tie-breaks) for every site (common random
numbers). Greedy play values a site by the next turn's
production; a site's worth over a whole game (the resources that build cities late, the
room to expand before others block it) is what the playouts add. With ``playouts=0`` the
sites are valued at the end of the set-up by the learned win chance instead (below;
weaker in our measurements). With ``playout=greedy`` the playouts are played by greedy
bots (no domestic offers) instead: an exact model of greedy opponents and of the expert's
own main phase, but about 11 times slower a game (~0.11 s), and in our measurements no
stronger than three times as many weighted playouts (docs/bots.md).

*Truncated set-up playouts* (``setup_turns`` = ``T`` > 0, the default ``T`` = 16): each
playout stops ``T`` turns after the set-up and is valued there by the learned chance to
win (``cut_value``: the logit of ``value_model``, or ``learned2``) instead of 1 or 0 at the
game's end — a game's first turns, which the sites decide most, at a fraction of a whole
game's cost and variance, and fewer turns of assuming that everyone plays like the
playouts' bots. 420 of them cost about a third of the 240 whole games that were the
default before, and won as often (docs/bots.md).

*Time budgets*: with ``setup_ms`` > 0 (or else ``ms`` > 0) a set-up settlement's search
(the rest of the set-up included) stops by that many milliseconds of ``time.perf_counter``
— wall time, what a person waits, and not ``time.process_time``, which counts every thread
of a server's process — each halving round ending once its share of the time is spent,
after at least one playout per site left (``_halving``); ``playouts`` stays the most it
plays. With ``ms`` > 0 the number of determinizations is set by time instead: as many as
fit in ``ms`` milliseconds (at least one; in half of them with ``deep``, whose playouts
stop by the end of the ``ms``). Results then depend on the machine's speed; without a
budget (the default) they depend on the seed alone.

:func:`position_value` is the greedy bot's value function (``greedy.py``'s docstring) as an
absolute number of victory points: points (awards replaced by their race terms),
production, harbors, room to expand, the hand with the best build it pays for, and held
development cards.

Options: ``iterations`` (1–1000, default 6) determinizations per search; ``ms`` (0–60000,
default 0: by ``iterations``) a time budget instead; ``width`` (1–30, default 4) candidates
searched besides ending the turn; ``value`` (``greedy``, default; ``learned``; or
``learned2``, the model trained on self-play, ``bots/learn``) the leaf value; ``setup``
(0–60, default 8; 0: the greedy choice) set-up sites searched;
``playouts`` (0–100000, default 420) playouts per set-up settlement (0: value
the sites by the learned win chance at the end of the set-up); ``roads`` (0–100000,
default 0: the greedy road) playouts per set-up road, every legal road searched as the sites
are; ``deep`` (0–100000, default
0: off) whole-game playouts per main-phase decision that places a piece or buys a card,
among the turn search's ``top`` (2–30, default 3) best candidates, each played
``deep_turns`` turns (0–1000, default 0: to the end) and then valued by the learned win
chance; ``playout`` (``weighted``, default; or ``greedy``) the bots that play the
playouts; ``setup_turns`` (0–1000, default 16; 0: whole games) turns each set-up playout is
played; ``setup_ms`` (0–60000, default 0: by ``playouts``) a set-up settlement's time
budget; ``cut_value`` (``learned``, default; or ``learned2``) the value of a playout
stopped before the end; ``opp``
(0–2, default 0.3) weight of the best opponent's value with ``value=greedy``; ``horizon``
(``turn``, default; or ``round``) where rollouts stop: at the end of its turn, or at the
start of its next turn, the others' turns (rolls, robber, builds) played out greedily in
between — several times slower (docs/bots.md); ``memory`` (bool, default on)
deal the others' hands from what the public card flow showed (off: uniformly from the
unseen cards); plus the greedy bot's options (``trade``, ``helpers``, ``sbp``,
``offers``, ``noise``) for its own decisions and its rollouts.

What this is not: no search of other players' turns (they play greedily in the turn
rollouts), no search over robber placements, no search of set-up roads unless ``roads`` asks for
it, no playouts during the main
phase unless ``deep`` asks for them, and no access to a game state: it
builds its own sampled states from its view.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from pysettlers.engine import (
    Action,
    ActionKind,
    GameState,
    Phase,
    View,
    apply,
    chance_outcomes,
    determinize,
    legal_actions,
    observe,
    to_move,
)
from pysettlers.match import Match

from . import features as F
from . import value_model as VM
from .base import register_bot
from .greedy import GreedyBot, Turn
from .memory import Memory
from .options import (
    GREEDY_SPECS,
    HEURISTIC_KEYS,
    OptionSpec,
    parse_options,
    register_option_specs,
)
from .value_model import leaf_hand_value
from .weighted import WeightedBot

K = ActionKind
SEARCHED = frozenset({Phase.MAIN, Phase.BUILD})
PLAYOUT_POLICIES = ("weighted", "greedy")
SETUP = frozenset({Phase.SETUP_SETTLEMENT, Phase.SETUP_ROAD})
SETUP_CAP = 200  # decisions the rest of a set-up may take (a guard)
VALUES = ("learned", "greedy", "learned2")  # learned2: bots/learn (issue 33)
CUT_VALUES = ("learned", "learned2")  # the values of a playout stopped before the end
WIN = 100.0  # a won (lost) game's value: beyond any position's
ROLLOUT_CAP = 60  # decisions a rollout of the rest of a turn may take (a guard)
ROUND_CAP = 300  # ... of the rest of a round (``horizon=round``)
HORIZONS = ("turn", "round")
EXPERT_SPECS = (  # the expert's own options (module docstring), then the greedy bot's
    OptionSpec("iterations", "sampled deals per search", "number", 6, 1, 1000, 1, integer=True),
    OptionSpec("ms", "time per search in ms (0: by deals)", "number", 0, 0, 60000, 10),
    OptionSpec(
        "width", "moves searched besides ending the turn", "number", 4, 1, 30, 1, integer=True
    ),
    OptionSpec("opp", "weight of the best opponent's value", "number", 0.3, 0, 2, 0.05),
    OptionSpec("memory", "remembers the cards seen changing hands", "bool", True),
    OptionSpec("horizon", "rollouts stop at the end of its", "choice", "turn", choices=HORIZONS),
    OptionSpec("value", "value of a position", "choice", "greedy", choices=VALUES),
    OptionSpec(
        "setup",
        "set-up sites searched (0: the greedy choice)",
        "number",
        8,
        0,
        60,
        1,
        integer=True,
    ),
    OptionSpec(
        "playouts",
        "games played out per set-up settlement",
        "number",
        420,
        0,
        100000,
        10,
        integer=True,
    ),
    OptionSpec(
        "roads",
        "games played out per set-up road (0: the greedy choice)",
        "number",
        0,
        0,
        100000,
        10,
        integer=True,
    ),
    OptionSpec(
        "deep",
        "games played out per build or buy (0: none)",
        "number",
        0,
        0,
        100000,
        10,
        integer=True,
    ),
    OptionSpec("top", "best moves played out (deep)", "number", 3, 2, 30, 1, integer=True),
    OptionSpec(
        "deep_turns",
        "turns each is played (0: to the end)",
        "number",
        0,
        0,
        1000,
        1,
        integer=True,
    ),
    OptionSpec(
        "playout", "bots that play the playouts", "choice", "weighted", choices=PLAYOUT_POLICIES
    ),
    OptionSpec(
        "setup_turns",
        "turns each set-up playout is played (0: to the end)",
        "number",
        16,
        0,
        1000,
        1,
        integer=True,
    ),
    OptionSpec(
        "setup_ms",
        "time per set-up settlement in ms (0: by games)",
        "number",
        0,
        0,
        60000,
        10,
    ),
    OptionSpec(
        "cut_value",
        "value of a playout stopped early",
        "choice",
        "learned",
        choices=CUT_VALUES,
    ),
)
EXPERT_KEYS = tuple(s.key for s in EXPERT_SPECS)
GAME_CAP = 4000  # decisions a playout of the rest of a game may take (a guard)
PLAYOUT_TURNS = 400  # ... and turns: past them the learned win chance stands in
PLAYOUT_BOT = {"trade": False}  # the playouts' bots: no domestic offers (a third faster)
# Main-phase decisions worth playouts (``deep``): a piece placed or a card bought,
# which shape the rest of the game; trades and card plays are left to the turn search.
DEEP_KINDS = frozenset({K.BUILD_ROAD, K.BUILD_SETTLEMENT, K.BUILD_CITY, K.BUY_DEVELOPMENT})


def position_value(view: View, info: F.BoardInfo) -> float:
    """The greedy value function of ``view``'s own seat, in victory points (module docstring)."""
    me = view.viewer
    assert me is not None and view.dev_cards is not None
    if view.phase == Phase.GAME_OVER:
        return WIN if view.winner == me else -WIN
    t = Turn(view, info)
    pts = float(t.vp)
    if view.longest_road == me:
        pts -= 2.0
    if view.largest_army == me:
        pts -= 2.0
    pts += t.lr_value(view.road_length[me]) + t.la_value(view.knights[me])
    dev = sum(view.dev_cards[c] * t.dev_value(c) for c in range(4))  # VP cards: in t.vp
    # The hand with the best build it pays for at once only while it may still build;
    # otherwise (the leaves: a turn ended) its cards, closeness to builds and risk of a 7.
    can_build = view.phase in SEARCHED and view.current == me
    hand = t.q_value(t.hand) if can_build else leaf_hand_value(t)
    return pts + t.prod_val + t.harbor_val + t.exp + hand + dev


class ExpertBot:
    """Determinized search over its own turn (module docstring)."""

    name = "expert"
    OPTIONS = (*EXPERT_KEYS, *HEURISTIC_KEYS)

    def __init__(self, rng: random.Random, **options: Any) -> None:
        o = parse_options(self.name, options, EXPERT_SPECS, self.OPTIONS)
        self.rng = rng
        self.iterations: int = o["iterations"]
        self.ms: float = o["ms"]
        self.width: int = o["width"]
        self.opp: float = o["opp"]
        self.horizon: str = o["horizon"]
        self.value: str = o["value"]
        self.setup: int = o["setup"]
        self.playouts: int = o["playouts"]
        self.roads: int = o["roads"]
        self.deep: int = o["deep"]
        self.top: int = o["top"]
        self.deep_turns: int = o["deep_turns"]
        self.playout: str = o["playout"]
        self.setup_turns: int = o["setup_turns"]
        self.setup_ms: float = o["setup_ms"]
        self.cut_value: str = o["cut_value"]
        self.use_memory: bool = o["memory"]
        options = {k: v for k, v in options.items() if k not in o}  # the greedy bot's
        self.greedy_options = dict(options)
        self.greedy = GreedyBot(rng, **options)
        self.memory = Memory()
        self.searches = 0  # searched decisions (for benchmarks)
        self.setup_searches = 0  # ... of them set-up settlements
        self.road_searches = 0  # ... set-up roads (``roads``)
        self.deep_searches = 0  # ... of them main-phase decisions settled by playouts
        self.playouts_played = 0  # playouts of the set-up and ``deep`` searches (ditto)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view.viewer is None or view.hand is None:
            raise ValueError("a bot needs the view of its own seat")
        self.memory.update(view)
        if len(legal) > 1 and view.current == view.viewer:  # a choice on its own turn
            if view.phase == Phase.SETUP_SETTLEMENT and self.setup:
                return self._search_setup(view, legal)
            if view.phase == Phase.SETUP_ROAD and self.roads:
                return self._search_setup_road(view, legal)
            if view.phase in SEARCHED:
                if view.phase == Phase.MAIN and self.greedy.trade:
                    # Domestic offers as the greedy bot makes them (``trading.Trader``): the
                    # candidates never include an offer (its score is the greedy's veto), so
                    # without this the expert would never propose a trade on its own turn.
                    t = self.greedy.context(view)
                    offer = self.greedy.trader.propose(view, t.info, t.q_value, legal)
                    if offer is not None:
                        self.greedy.taken(offer)
                        return offer
                action = self._search(view, legal)
                return F.play_victory_point(view, legal, action)
        return self.greedy.choose(view, legal)

    # -- the search --------------------------------------------------------------------------

    def _candidates(self, view: View, legal: Sequence[Action]) -> list[Action]:
        g = self.greedy
        t = g.context(view)
        scores = {a: g.score(t, a) for a in legal}
        # Scores of -1 are the greedy bot's vetoes (an offer it would not make, a trade past
        # its limit): not searched.
        ranked = sorted(
            (a for a in legal if a.kind != K.END_TURN and scores[a] > -1.0),
            key=lambda a: -scores[a],
        )
        return ranked[: self.width] + [a for a in legal if a.kind == K.END_TURN]

    def _search(self, view: View, legal: Sequence[Action]) -> Action:
        cands = self._candidates(view, legal)
        if len(cands) == 1:
            return cands[0]
        self.searches += 1
        info = F.board_info(view.board)
        totals = [0.0] * len(cands)
        known = self.memory.known() if self.use_memory else None
        began = time.perf_counter()
        # With ``deep`` the turn search gets half of ``ms`` and the playouts the rest.
        deadline = began + self.ms / (2000.0 if self.deep else 1000.0)
        ends: list[list[GameState]] = [[] for _ in cands]  # [candidate][determinization]
        i = 0
        while True:
            seed = self.rng.getrandbits(64)
            try:
                root = determinize(view, random.Random(seed), known)
            except ValueError:  # the bounds admit no deal: fall back to the view alone
                root = determinize(view, random.Random(seed))
            for j, a in enumerate(cands):
                value, end = self._rollout(root, view, a, seed, info)
                totals[j] += value
                ends[j].append(end)
            i += 1
            if self.ms > 0:
                if time.perf_counter() >= deadline:
                    break
            elif i >= self.iterations:
                break
        ranked = sorted(range(len(cands)), key=lambda j: -totals[j])
        best = ranked[0]
        if self.deep:
            top = ranked[: self.top]
            if len(top) > 1 and any(cands[j].kind in DEEP_KINDS for j in top):
                # The turn search's best few, settled by playouts (whole games, or
                # ``deep_turns`` turns) from the end of each one's rolled-out turn
                # (determinization k mod n for playout k).
                me = view.viewer
                assert me is not None
                self.deep_searches += 1
                best = top[
                    self._halving(
                        len(top),
                        lambda c, k: ends[top[c]][k % len(ends[top[c]])].copy(),
                        self.deep,
                        me,
                        info,
                        self.deep_turns,
                        began + self.ms / 1000.0 if self.ms > 0 else None,
                    )
                ]
        chosen = cands[best]
        self.greedy.taken(chosen)
        return chosen

    def _search_setup(self, view: View, legal: Sequence[Action]) -> Action:
        """A set-up settlement: the ``setup`` best sites by the greedy score, chosen by
        playouts (``playouts`` > 0: ``setup_turns`` turns, or whole games) or by the learned
        win chance at the end of the set-up (module docstring, "Set-up")."""
        g = self.greedy
        t = g.context(view)
        cands = sorted(legal, key=lambda a: -g.score(t, a))[: self.setup]
        if len(cands) == 1:
            return cands[0]
        self.setup_searches += 1
        me = view.viewer
        assert me is not None
        info = F.board_info(view.board)
        if self.playouts:
            return self._setup_by_playouts(view, cands, me, info, self.playouts)
        return self._setup_by_learned_value(view, cands, me, info)

    def _search_setup_road(self, view: View, legal: Sequence[Action]) -> Action:
        """A set-up road: every legal road (two or three, beside the settlement just
        placed), chosen by ``roads`` playouts as a set-up settlement's sites are (the rest of
        the set-up played greedily, then ``setup_turns`` turns by the ``playout`` bots),
        within the same time budget. The greedy road is the first candidate, so that a tie
        keeps it."""
        g = self.greedy
        t = g.context(view)
        cands = sorted(legal, key=lambda a: -g.score(t, a))
        self.road_searches += 1
        me = view.viewer
        assert me is not None
        return self._setup_by_playouts(view, cands, me, F.board_info(view.board), self.roads)

    def _rest_of_setup(self, root: GameState, a: Action, seed: int) -> GameState:
        """``a`` played on a copy of ``root``, then the rest of the set-up played greedily
        (its own road, and everyone's later placements)."""
        s = root.copy()
        rng = random.Random(seed)
        _step(s, a, rng)
        bots: dict[int, GreedyBot] = {}
        for _ in range(SETUP_CAP):
            if s.phase not in SETUP:
                break
            self._greedy_step(s, bots, seed, rng)
        return s

    def _setup_by_playouts(
        self,
        view: View,
        cands: list[Action],
        me: int,
        info: F.BoardInfo,
        playouts: int,
    ) -> Action:
        """The site (or road) whose ``playouts`` win most (successive halving): whole games,
        or ``setup_turns`` turns valued by the learned chance to win; within ``setup_ms``
        (else ``ms``) milliseconds of wall time from now if one is set."""
        # The budget counts from here: the rest of the set-up is played in it too.
        budget = self.setup_ms or self.ms
        deadline = time.perf_counter() + budget / 1000.0 if budget > 0 else None
        n_det = 2
        seeds = [self.rng.getrandbits(64) for _ in range(n_det)]
        roots = [determinize(view, random.Random(seed)) for seed in seeds]
        ends: dict[tuple[int, int], GameState] = {}

        def end_of_setup(j: int, d: int) -> GameState:
            s = ends.get((j, d))
            if s is None:
                s = ends[(j, d)] = self._rest_of_setup(roots[d], cands[j], seeds[d])
            return s

        best = self._halving(
            len(cands),
            lambda j, k: end_of_setup(j, k % n_det).copy(),
            playouts,
            me,
            info,
            self.setup_turns,
            deadline,
        )
        return cands[best]

    def _halving(
        self,
        n: int,
        start: Callable[[int, int], GameState],
        budget: int,
        me: int,
        info: F.BoardInfo,
        turns: int = 0,
        deadline: float | None = None,
    ) -> int:
        """The best of ``n`` candidates by playouts (``_playout``), ``start(j, k)`` the state
        playout ``k`` of candidate ``j`` begins from. Successive halving: each round spends
        an equal share of ``budget`` on the candidates left, then keeps the better half;
        playout ``k`` has the same random numbers for every candidate (common random
        numbers). Ties go to the one ranked higher before. ``turns`` > 0: playouts stop
        after that many turns (``_playout``). With a ``deadline`` (``time.perf_counter``)
        round ``r`` of ``R`` also ends once ``(r + 1) / R`` of the time to it is spent,
        after at least one playout per candidate left; playout ``k`` is played for every
        candidate left before ``k + 1``, so that a round cut short still compares them
        on the same games."""
        alive = list(range(n))
        rounds = max(1, (n - 1).bit_length())
        totals = [0.0] * n
        counts = [0] * n
        k = 0
        play_seeds: list[int] = []
        began = time.perf_counter()
        for r in range(rounds):
            per = max(1, budget // rounds // len(alive))
            while len(play_seeds) < k + per:
                play_seeds.append(self.rng.getrandbits(64))
            stop = None if deadline is None else began + (deadline - began) * (r + 1) / rounds
            played = 0
            for i in range(k, k + per):
                for j in alive:
                    totals[j] += self._playout(start(j, i), me, play_seeds[i], info, turns)
                    counts[j] += 1
                played += 1
                self.playouts_played += len(alive)
                if stop is not None and time.perf_counter() >= stop:
                    break
            k += played
            if r < rounds - 1:
                alive.sort(key=lambda j: -totals[j] / counts[j])  # stable: ties keep order
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        return max(alive, key=lambda j: totals[j] / counts[j])

    def _playout(
        self, s: GameState, me: int, seed: int, info: F.BoardInfo, turns: int = 0
    ) -> float:
        """Play ``s`` out to the end by the ``playout`` bots (weighted: fast); 1 if ``me``
        wins, else 0 (past ``PLAYOUT_TURNS``, or ``turns`` > 0 turns from now: its learned
        chance to win, by the value ``cut_value`` names)."""
        stop = min(PLAYOUT_TURNS, s.turn + turns - 1) if turns else PLAYOUT_TURNS
        policy = GreedyBot if self.playout == "greedy" else WeightedBot
        bots = [policy(random.Random(seed + p), **PLAYOUT_BOT) for p in range(s.n)]
        # The match's lean path (``match.py``): a bare sampled state, the engine's own bots
        # choosing from the list (trusted), views without ``since`` (they keep no memory).
        Match(
            s,
            bots,
            chance=random.Random(seed),
            max_turns=stop,
            max_steps=GAME_CAP,
            since=False,
            trusted=True,
        ).run()
        if self.cut_value == "learned2":
            return learned2_value(s, me, info)
        return learned_value(s, me, info)

    def _setup_by_learned_value(
        self, view: View, cands: list[Action], me: int, info: F.BoardInfo
    ) -> Action:
        """The site with the best learned win chance at the end of the set-up, over up to
        two sampled states."""
        totals = [0.0] * len(cands)
        for _ in range(max(1, min(self.iterations, 2))):
            seed = self.rng.getrandbits(64)
            root = determinize(view, random.Random(seed))
            for j, a in enumerate(cands):
                totals[j] += learned_value(self._rest_of_setup(root, a, seed), me, info)
        return cands[max(range(len(cands)), key=lambda j: totals[j])]

    def _rollout(
        self, root: GameState, view: View, a: Action, seed: int, info: F.BoardInfo
    ) -> tuple[float, GameState]:
        """Apply ``a`` on a copy of ``root``, play the turn out greedily; the end's value
        and the end."""
        me = view.viewer
        assert me is not None
        s = root.copy()
        rng = random.Random(seed)
        bots: dict[int, GreedyBot] = {}
        turn = s.turn
        _step(s, a, rng)
        own = GreedyBot(random.Random(seed + me), **self.greedy_options)
        own.continue_from(self.greedy, view)
        own.taken(a)
        bots[me] = own
        round_ = self.horizon == "round"
        for _ in range(ROUND_CAP if round_ else ROLLOUT_CAP):
            if s.phase == Phase.GAME_OVER:
                break
            if round_:
                if s.turn != turn and s.current == me:  # back to its own turn, before the roll
                    break
            elif s.phase == Phase.SPECIAL_BUILD or s.turn != turn:
                break
            self._greedy_step(s, bots, seed, rng)
        return self.leaf_value(s, me, info), s

    def _greedy_step(
        self, s: GameState, bots: dict[int, GreedyBot], seed: int, rng: random.Random
    ) -> None:
        """One step of a playout: the seat to move plays greedily on its own view of ``s``
        (its bot made on first need, seeded from ``seed``), a forced move without asking."""
        p = to_move(s)
        acts = legal_actions(s, p)
        if len(acts) == 1:
            act = acts[0]
        else:
            bot = bots.get(p)
            if bot is None:
                bot = bots[p] = GreedyBot(random.Random(seed + p), **self.greedy_options)
            act = bot.choose(observe(s, p), acts)
        _step(s, act, rng)

    def leaf_value(self, s: GameState, me: int, info: F.BoardInfo) -> float:
        """The value of sampled state ``s`` to seat ``me`` (module docstring, "Leaf value")."""
        if self.value == "learned":
            return learned_value(s, me, info)
        if self.value == "learned2":
            return learned2_value(s, me, info)
        value = position_value(observe(s, me), info)
        if self.opp and s.phase != Phase.GAME_OVER:
            value -= self.opp * max(
                position_value(observe(s, q), info) for q in range(s.n) if q != me
            )
        return value


def learned_value(s: GameState, me: int, info: F.BoardInfo) -> float:
    """Seat ``me``'s learned chance to win in ``s`` (``value_model``), 1 or 0 when over."""
    if s.phase == Phase.GAME_OVER:
        return 1.0 if s.winner == me else 0.0
    scores = [VM.score(VM.features(observe(s, q), info)) for q in range(s.n)]
    return VM.win_chances(scores)[me]


def learned2_value(s: GameState, me: int, info: F.BoardInfo) -> float:
    """Seat ``me``'s chance to win in ``s`` by the model trained on self-play
    (``bots/learn``: every seat's features from its own view of ``s``), 1 or 0 when over."""
    from .learn import features as LF  # (imported on first use: the bots load without it)
    from .learn import model as LM

    if s.phase == Phase.GAME_OVER:
        return 1.0 if s.winner == me else 0.0
    xs = [LF.features(observe(s, q), info) for q in range(s.n)]
    return LM.current().win_chances(xs)[me]


def _step(s: GameState, a: Action, rng: random.Random) -> None:
    """Apply ``a``, its chance outcome (if any) drawn from the engine's list with ``rng``."""
    oc = chance_outcomes(s, a)
    if oc:
        apply(s, a, rng.choices([o for o, _ in oc], [p for _, p in oc])[0])
    else:
        apply(s, a)


register_bot("expert", ExpertBot)
register_option_specs("expert", (*EXPERT_SPECS, *GREEDY_SPECS))
