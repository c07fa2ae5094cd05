"""The frozen rules configuration: every option of a game in one value.

What this is for: players, VP target, discard limit, map kind, phase style and seed — the
whole of what distinguishes one game's rules from another's. Derived sizes (bank, deck,
piece limits, board shape) come from here, so later options (5–6 players, helpers, pirate)
extend this one value instead of adding globals.

What this is not: no game state and no rule logic.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from . import data

MAP_KINDS = ("beginner", "variable", "random")
TRADE_BUILD_STYLES = ("combined", "separate")


@dataclass(frozen=True, slots=True)
class Rules:
    """Options of one game. Invalid combinations raise ``ValueError`` naming the option.

    * ``players`` — 3 or 4 (R5); 2 is an unofficial option with no other rule change.
    * ``vp_target`` — points needed to win on one's own turn (R5: 10).
    * ``discard_limit`` — on a 7, players holding more than this discard half (R5: 7).
    * ``map_kind`` — ``beginner`` (Illustration A with its starting pieces), ``variable``
      (shuffled terrain and harbors, tokens A–R along the spiral) or ``random`` (shuffled
      terrain, harbors and tokens; no 6 or 8 touching another 6 or 8).
    * ``trade_build`` — ``combined`` trade/build phase (Almanac, the default) or the
      beginners' ``separate`` trade phase followed by a build phase.
    * ``seed`` — seeds the map and the game's own chance.
    """

    players: int = 4
    vp_target: int = 10
    discard_limit: int = 7
    map_kind: str = "variable"
    trade_build: str = "combined"
    seed: int = 0

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ValueError(f"players must be 2, 3 or 4 (got {self.players})")
        if not 3 <= self.vp_target <= 30:
            raise ValueError(f"vp_target must be between 3 and 30 (got {self.vp_target})")
        if not 2 <= self.discard_limit <= 30:
            raise ValueError(f"discard_limit must be between 2 and 30 (got {self.discard_limit})")
        if self.map_kind not in MAP_KINDS:
            raise ValueError(f"map_kind must be one of {MAP_KINDS} (got {self.map_kind!r})")
        if self.trade_build not in TRADE_BUILD_STYLES:
            raise ValueError(
                f"trade_build must be one of {TRADE_BUILD_STYLES} (got {self.trade_build!r})"
            )
        if not 0 <= self.seed < 2**63:
            raise ValueError(f"seed must be a non-negative 63-bit integer (got {self.seed})")

    # Derived component sizes (tables in data.py).
    @property
    def bank_per_resource(self) -> int:
        return data.BANK_PER_RESOURCE_BASE

    @property
    def deck(self) -> tuple[int, int, int, int, int]:
        return data.DECK_BASE

    @property
    def land(self) -> tuple[tuple[int, int], ...]:
        return data.BASE_LAND

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Rules:
        unknown = set(obj) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown rules options: {sorted(unknown)}")
        return cls(**obj)
