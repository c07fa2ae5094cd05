"""What the PettingZoo and Gymnasium environments share: one game, its spaces and masks.

What this is for: a :class:`Table` holds one game (a state the environments never show),
the rules' action layout and observation encoder, and answers the three questions both
environments ask — the spaces, a seat's observation with its ``action_mask`` (the engine's
``legal_actions`` for that seat, put through the layout), and "apply action index ``i`` for
seat ``p``", which refuses an index that is not legal with :class:`IllegalActionIndex`
naming the action and what is legal — never replaces it.

What this is not: the PettingZoo or Gymnasium conventions (``aec.py``, ``gym_env.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from pysettlers.engine import (
    Action,
    GameState,
    IllegalActionError,
    Rules,
    apply,
    format_action,
    legal_actions,
    new_game,
    observe,
)

from .encode import Encoder, graph_edges
from .layout import action_layout, legal_index_map

I8 = npt.NDArray[np.int8]


OBS_HIGH = 255.0
"""Every observation entry lies in ``[0, 255]`` (counts: the largest bank has 38 of a kind)."""


class LegalDiscrete(spaces.Discrete):
    """``Discrete(N)`` whose :meth:`sample` without a mask draws among the legal actions now.

    Gymnasium's ``check_env`` and many training loops step ``action_space.sample()``; the
    environment refuses illegal actions, so the unmasked sample is a legal one (an explicit
    ``mask`` or ``probability`` is used as given, as by ``Discrete``)."""

    def __init__(self, n: int, legal_mask: Callable[[], I8] | None = None) -> None:
        super().__init__(n)
        self.legal_mask = legal_mask

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None and self.legal_mask is not None:
            try:
                legal = self.legal_mask()
            except RuntimeError:  # no game yet
                legal = None
            if legal is not None and legal.any():
                mask = legal
        return super().sample(mask=mask, probability=probability)

    def __eq__(self, other: object) -> bool:  # equal to the Discrete(N) it is
        return isinstance(other, spaces.Discrete) and super().__eq__(other)

    __hash__ = spaces.Discrete.__hash__

    def __getstate__(self) -> dict[str, Any]:
        # Sent to another process (an AsyncVectorEnv's spaces) without the environment it
        # samples from: there it is a plain Discrete(N).
        state = dict(self.__dict__)
        state["legal_mask"] = None
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuilt through the constructor, then given its state: compiled with mypyc (``make
        # mypyc``) the class is not made by ``__new__`` alone, as pickle's default would.
        return (LegalDiscrete, (int(self.n),), self.__getstate__())


class IllegalActionIndex(IllegalActionError):
    """An action index that is not legal for the deciding seat now (the state is unchanged)."""

    def __init__(self, message: str) -> None:
        super().__init__("RL action", message)


def check_rules(rules: Rules | Mapping[str, Any]) -> Rules:
    """The rules an environment plays: a :class:`Rules`, or its options as a plain mapping
    read as ``Rules.from_json`` reads them (``gym.make(ENV_ID, rules={"players": 4})``,
    where a config file or a command line gives plain data); ``ValueError`` naming a bad
    option, ``TypeError`` for anything else."""
    if isinstance(rules, Mapping):
        return Rules.from_json(dict(rules))
    if not isinstance(rules, Rules):
        raise TypeError(
            "rules must be a pysettlers.engine.Rules or a mapping of its options "
            f"(got {type(rules).__name__})"
        )
    return rules


class Table:
    """One game for the environments (see the module docstring).

    ``graph``: observations also carry the graph arrays (``hexes``, ``intersections``,
    ``paths``: ``encode.py``) besides the flat ``observation``. ``offers=False``: the seats
    in ``quiet`` never propose domestic trades (offers and counter-offers): their legal
    actions, and so their masks, are the engine's ``legal_actions(..., offers=False)``
    (they still answer other seats' offers); the action space stays the same.
    """

    def __init__(
        self, rules: Rules, *, graph: bool = False, quiet: frozenset[int] = frozenset()
    ) -> None:
        self.rules = check_rules(rules)
        self.layout = action_layout(rules)
        self.encoder = Encoder(rules)
        self.graph = graph
        self.n = rules.players
        self.quiet = quiet
        self.state: GameState | None = None
        # Where ``observation`` writes, when a vectorized env batches (``vector.py``).
        self.rows: tuple[npt.NDArray[np.float32], I8] | None = None
        self._maps: dict[int, dict[int, Action]] = {}
        self._version = -1
        sh = self.encoder.shapes
        parts: dict[str, spaces.Space[Any]] = {
            "observation": spaces.Box(0.0, OBS_HIGH, (sh.flat,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.layout.size,), np.int8),
        }
        if graph:
            for name in ("hexes", "intersections", "paths"):
                parts[name] = spaces.Box(0.0, OBS_HIGH, getattr(sh, name), np.float32)
        self.observation_space = spaces.Dict(parts)

    def action_space_for(self, seat: Callable[[], int]) -> LegalDiscrete:
        """The action space of the seat ``seat()`` names (sampling its legal actions)."""
        return LegalDiscrete(self.layout.size, lambda: self.mask(seat()))

    def new_game(self, seed: int) -> GameState:
        self.state = new_game(replace(self.rules, seed=seed))
        self._maps = {}
        self._version = -1
        return self.state

    @property
    def s(self) -> GameState:
        if self.state is None:
            raise RuntimeError("the environment has no game yet: call reset() first")
        return self.state

    def legal_map(self, seat: int) -> dict[int, Action]:
        """The legal actions of ``seat`` now, by index (cached until the state changes)."""
        s = self.s
        if self._version != s.version:
            self._maps = {}
            self._version = s.version
        got = self._maps.get(seat)
        if got is None:
            got = self._maps[seat] = legal_index_map(
                self.layout, legal_actions(s, seat, offers=seat not in self.quiet), s.topo
            )
        return got

    def mask(self, seat: int) -> I8:
        out = np.zeros(self.layout.size, np.int8)
        _mark(out, self.legal_map(seat))
        return out

    def observation(self, seat: int) -> dict[str, Any]:
        """``seat``'s observation: its view encoded, and its action mask. With ``rows`` set
        (a batch's rows: ``vector.py``) the flat observation and the mask are written into
        them, and the observation holds those rows, not fresh arrays."""
        view = observe(self.s, seat)
        if self.rows is not None:  # (speed, issue 32: the vectorized env's batch, in place)
            flat_row, mask_row = self.rows
            self.encoder.encode_into(view, flat_row)
            mask_row[:] = 0
            _mark(mask_row, self.legal_map(seat))
            obs: dict[str, Any] = {"observation": flat_row, "action_mask": mask_row}
            if self.graph:
                obs.update(self.encoder.encode(view, True)[1])
            return obs
        flat, parts = self.encoder.encode(view, self.graph)
        obs = {"observation": flat, "action_mask": self.mask(seat)}
        if parts:
            obs.update(parts)
        return obs

    def action_of(self, seat: int, index: object) -> Action:
        """The legal action ``index`` names for ``seat``; :class:`IllegalActionIndex` if none."""
        if isinstance(index, np.ndarray) and index.shape == ():
            index = index.item()
        if isinstance(index, np.integer):
            index = int(index)
        if not isinstance(index, int) or isinstance(index, bool):
            raise IllegalActionIndex(f"an action is an int index (got {index!r})")
        legal = self.legal_map(seat)
        a = legal.get(index)
        if a is None:
            if not 0 <= index < self.layout.size:
                why = f"outside the action space Discrete({self.layout.size})"
            else:
                why = f"'{self.layout.describe(index)}' is not legal for p{seat} now"
            topo = self.s.topo
            shown = ", ".join(
                f"{i}: {format_action(b, topo)}" for i, b in list(sorted(legal.items()))[:8]
            )
            more = "" if len(legal) <= 8 else f", ... ({len(legal)} in all)"
            raise IllegalActionIndex(
                f"action {index} is illegal: {why}; legal now: {shown or 'none'}{more}"
            )
        return a

    def play(self, seat: int, index: object) -> Action:
        """Apply the action ``index`` names for ``seat`` (chance drawn from the game's own
        seeded generator); refused with :class:`IllegalActionIndex`, state unchanged."""
        a = self.action_of(seat, index)
        apply(self.s, a)
        return a

    def render(self) -> str:
        from pysettlers.render import render_state

        return render_state(self.s)


def _mark(mask: I8, legal: dict[int, Action]) -> None:
    """Set the mask's entries of the legal indices to 1 (the rest are 0 already)."""
    # (speed, issue 32) A decision has a handful of legal actions (3.7 on average, random
    # play without offers), set one by one faster than numpy converts a list of indices;
    # a long list (the set-up's 54 sites) goes through ``np.fromiter``, which converts fast.
    if len(legal) <= 16:
        for i in legal:
            mask[i] = 1
    else:
        mask[np.fromiter(legal, np.intp, len(legal))] = 1


def graph_of(rules: Rules) -> dict[str, Any]:
    """The static graph of the rules' frame (:func:`encode.graph_edges`)."""
    return graph_edges(rules)
