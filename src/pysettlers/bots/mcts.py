"""The mcts bot: a plain determinized Monte-Carlo tree search (UCT) from its own view.

What this is for: the field's "plain MCTS" member (issue 33) — the textbook search, with no
hand-written move ordering, so that the other bots are rated against a player that decides
differently from the greedy family, and the groundwork for a search valued by a learned model.

**One decision** (any decision with more than one legal action, set-up included):

1. *Determinization*: each iteration samples a full state from the view with
   :func:`~pysettlers.engine.determinize`, the others' hands dealt within what
   :class:`~pysettlers.bots.memory.Memory` knows of the public card flow (``memory=on``).
2. *Tree* (single-observer information-set UCT, "open loop"): a node is a sequence of
   decisions from the root — its own and the other seats' alike — and is shared by every
   determinization; forced moves make no node. At a node the seat to move picks, among the
   children legal in this determinization, an untried action first (uniformly at random),
   else the one with the best UCB1 score for *that seat's* reward,
   ``mean + c · sqrt(ln(available) / visits)`` — ``available`` counts the visits to the
   parent in which the action was legal (the information-set form of the parent's visits).
   Domestic offers and counter-offers stay out of the tree while anything else is legal:
   listed in unit form they would multiply the branching by a dozen, and the rollout bots
   never answer them usefully.
3. *Chance* (dice, a card stolen, a development card drawn) is drawn from
   :func:`~pysettlers.engine.chance_outcomes` with its probabilities at every step, in the
   tree and out of it; the tree does not branch on it (open loop), so a node's mean is
   over the chance outcomes and the deals that led to it.
4. *Rollout*: from the new leaf every seat plays by the ``rollout`` policy until ``depth``
   turns past the decision's own have been played (the set-up counts as turn 0), or the
   game ends. ``weighted`` (the default) is the weighted bot without domestic offers:
   ~45 µs a decision, and its play is close enough to a real player's that a round played
   out by it says something about a position; ``random`` is uniform (no offers), a little
   cheaper but mostly noise over a round of a game where most legal actions are poor.
5. *Value*: a won game is 1 for the winner and 0 for the others; otherwise each seat's
   greedy value of its own view of the sampled state (``expert.position_value``, victory
   points plus production, hand, room to expand …) turned into shares that sum to one,
   ``softmax(v / TEMPERATURE)`` — a rough chance to win in [0, 1], the scale UCB1's
   constant is for. Each seat's node statistics use its own share (max-n).
6. *Choice*: the root's most visited action (the "robust child"), ties by the best mean.

Options: ``iterations`` (1–100000, default 120) iterations per decision; ``setup``
(0–100000, default 1000) iterations for a set-up settlement (0: as ``iterations``); ``ms``
(0–60000, default 0: by the iteration counts) a time budget per decision instead — with it
the iterations end when the time is up (or at ``iterations``/``setup`` when those are given
too), so results depend on the machine's speed; ``c`` (0–10, default 0.25) the exploration
constant of UCB1 (√2 is the textbook one for rewards in [0, 1]; the shares here sit within
about 0.05 of each other, and at 0.7 the visits were near uniform); ``rollout``
(``weighted``, default; or ``random``);
``depth`` (1–1000, default 4) the turns a rollout plays past the decision's turn;
``memory`` (bool, default on) deal the others' hands from the public card flow (off:
uniformly from the unseen cards). Defaults measured in docs/bots.md (a 4-player game with
one mcts bot: seconds, not minutes, on one core).

What this is not: the expert (no candidate pruning, no set-up playouts, no learned value,
no domestic offers of its own: it answers offers by its search) and no access to a game
state: it builds its own sampled states from its view. No tree is kept between decisions.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from time import perf_counter
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

from . import features as F
from .base import Bot, register_bot
from .expert import position_value
from .memory import Memory
from .options import check_options, option_bool, option_choice, option_float
from .random_bot import RandomBot
from .weighted import WeightedBot

K = ActionKind
MCTS_KEYS = ("iterations", "setup", "ms", "c", "rollout", "depth", "memory")
ROLLOUTS = ("weighted", "random")
TEMPERATURE = 1.0  # victory points of value per e-fold of the share (the leaf's softmax)
STEP_CAP = 400  # decisions one iteration may take past the root (a guard: no rule bounds a turn)
TALK = frozenset({K.OFFER_TRADE, K.COUNTER_TRADE})


class _Node:
    """A sequence of decisions from the root: its children by action, and the statistics of
    the edge into it (the reward of the seat that chose it)."""

    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def tree_actions(legal: Sequence[Action]) -> Sequence[Action]:
    """The actions the tree branches on: domestic talk only when nothing else is legal."""
    rest = [a for a in legal if a.kind not in TALK]
    return rest or legal


class MctsBot:
    """Determinized UCT over its own and the others' decisions (module docstring)."""

    name = "mcts"
    OPTIONS = MCTS_KEYS

    def __init__(self, rng: random.Random, **options: Any) -> None:
        check_options(self.name, options, self.OPTIONS)
        self.rng = rng
        n = self.name
        self.ms = option_float(n, "ms", options.get("ms", 0), 0, 60000)
        # With a time budget the counts are caps only when given.
        timed = self.ms > 0
        it = options.get("iterations", 10**9 if timed else 120)
        self.iterations = int(option_float(n, "iterations", it, 1, 10**9 if timed else 100000))
        su = options.get("setup", 10**9 if timed else 1000)
        self.setup = int(option_float(n, "setup", su, 0, 10**9 if timed else 100000))
        self.c = option_float(n, "c", options.get("c", 0.25), 0, 10)
        self.rollout = option_choice(n, "rollout", options.get("rollout", "weighted"), ROLLOUTS)
        self.depth = int(option_float(n, "depth", options.get("depth", 4), 1, 1000))
        self.use_memory = option_bool(n, "memory", options.get("memory", True))
        self.memory = Memory()
        self.searches = 0  # searched decisions (for tests and benchmarks)
        self.last_iterations = 0  # iterations of the latest search

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("there is no legal action to choose from")
        if view.viewer is None or view.hand is None:
            raise ValueError("a bot needs the view of its own seat")
        self.memory.update(view)
        if len(legal) == 1:
            return legal[0]
        return F.play_victory_point(view, legal, self._search(view, legal))

    # -- the search --------------------------------------------------------------------------

    def _search(self, view: View, legal: Sequence[Action]) -> Action:
        me = view.viewer
        assert me is not None
        root_actions = tree_actions(legal)
        if len(root_actions) == 1:
            return root_actions[0]
        self.searches += 1
        budget = self.iterations
        if view.phase == Phase.SETUP_SETTLEMENT and self.setup:
            budget = self.setup
        info = F.board_info(view.board)
        known = self.memory.known() if self.use_memory else None
        policy = self._rollout_bots(view.n)
        stop_turn = view.turn + self.depth
        root = _Node()
        deadline = perf_counter() + self.ms / 1000.0
        i = 0
        while i < budget:
            seed = self.rng.getrandbits(64)
            drng = random.Random(seed)
            try:
                s = determinize(view, drng, known)
            except ValueError:  # the bounds admit no deal: the view alone
                s = determinize(view, random.Random(seed))
            self._iterate(s, root, root_actions, me, drng, policy, stop_turn, info)
            i += 1
            if self.ms > 0 and perf_counter() >= deadline:
                break
        self.last_iterations = i
        # The most visited; among as many visits (a budget smaller than the choices), the
        # best mean; then the engine's order.
        return max(root_actions, key=lambda a: _rank(root, a))

    def _iterate(
        self,
        s: GameState,
        root: _Node,
        root_actions: Sequence[Action],
        me: int,
        rng: random.Random,
        policy: list[Bot],
        stop_turn: int,
        info: F.BoardInfo,
    ) -> None:
        """One iteration on the sampled state ``s``: select and expand in the tree, roll
        out, and back the seats' rewards up the path."""
        path: list[tuple[_Node, int]] = []  # (node entered, the seat that chose it)
        node = root
        steps = 0
        expanded = False
        acts: Sequence[Action] = root_actions
        p = me
        while True:
            children = node.children
            untried = [a for a in acts if a not in children]
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = children[a] = _Node()
                expanded = True
            else:
                a = self._select(node, acts, p)
                child = children[a]
            for b in acts:  # availability: the actions legal at this visit
                ch = children.get(b)
                if ch is not None:
                    ch.avail += 1
            path.append((child, p))
            node = child
            _step(s, a, rng)
            steps += 1
            # Forced moves make no node; the next decision with a choice is the next node.
            while not _done(s, stop_turn, steps):
                p = to_move(s)
                legal = legal_actions(s, p)
                if len(legal) > 1:
                    break
                _step(s, legal[0], rng)
                steps += 1
            if expanded or _done(s, stop_turn, steps):
                break
            acts = tree_actions(legal)
        while not _done(s, stop_turn, steps):  # the rollout
            p = to_move(s)
            legal = legal_actions(s, p)
            a = legal[0] if len(legal) == 1 else policy[p].choose(observe(s, p), legal)
            _step(s, a, rng)
            steps += 1
        rewards = leaf_rewards(s, info)
        for child, seat in path:
            child.visits += 1
            child.total += rewards[seat]

    def _select(self, node: _Node, acts: Sequence[Action], seat: int) -> Action:
        """UCB1 for ``seat`` among the children legal now (all tried); ties: listed order."""
        c = self.c
        best = acts[0]
        best_score = -math.inf
        children = node.children
        for a in acts:
            ch = children[a]
            score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail + 1) / ch.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    def _rollout_bots(self, n: int) -> list[Bot]:
        """One rollout bot per seat for this search, seeded from the bot's own stream."""
        out: list[Bot] = []
        for _ in range(n):
            r = random.Random(self.rng.getrandbits(64))
            if self.rollout == "random":
                out.append(RandomBot(r, offer_chance=0.0, counter_chance=0.0))
            else:
                out.append(WeightedBot(r, trade=False))
        return out


def leaf_rewards(s: GameState, info: F.BoardInfo) -> list[float]:
    """Each seat's reward in [0, 1] at the end of an iteration (module docstring, "Value")."""
    if s.phase == Phase.GAME_OVER:
        return [1.0 if q == s.winner else 0.0 for q in range(s.n)]
    values = [position_value(observe(s, q), info) / TEMPERATURE for q in range(s.n)]
    top = max(values)
    exps = [math.exp(v - top) for v in values]
    total = sum(exps)
    return [e / total for e in exps]


def _rank(node: _Node, a: Action) -> tuple[int, float]:
    ch = node.children.get(a)
    return (0, 0.0) if ch is None else (ch.visits, ch.total / ch.visits)


def _done(s: GameState, stop_turn: int, steps: int) -> bool:
    return s.phase == Phase.GAME_OVER or s.turn > stop_turn or steps >= STEP_CAP


def _step(s: GameState, a: Action, rng: random.Random) -> None:
    """Apply ``a``, its chance outcome (if any) drawn from the engine's list with ``rng``."""
    oc = chance_outcomes(s, a)
    if oc:
        apply(s, a, rng.choices([o for o, _ in oc], [p for _, p in oc])[0])
    else:
        apply(s, a)


# Off the lobby: a field member for rating other bots, weaker than the levels, and its
# iteration counts would let a table's creator spend the server's CPU at will.
register_bot("mcts", MctsBot, lobby=False)
