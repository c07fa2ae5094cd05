"""The positions of the helpers' rule tests, one builder per helper, shared with the
browser's helper test (``tests/web/test_web_helpers.py``), which puts the same positions in
front of a person."""

from __future__ import annotations

from typing import Any

from pysettlers.engine import GameState
from support.helper_builders import helper_position

# -- Candamir ------------------------------------------------------------------------------


def candamir_position(hands: str = "1lumber+1wool+1grain", **kw: Any) -> GameState:
    return helper_position({"p0": "candamir"}, hands={"p0": hands}, **kw)


# -- Hilde ---------------------------------------------------------------------------------

HILDE_PIECES = {  # p0 shows 1 point, p1 2, p2 1, p3 3
    "p0": {"settlements": ["(0,-1)N"]},
    "p1": {"settlements": ["(0,1)N", "(1,-1)N"]},
    "p2": {"settlements": ["(-1,1)N"]},
    "p3": {"settlements": ["(2,-1)S"], "cities": ["(-2,1)N"]},
}


def hilde_position(**kw: Any) -> GameState:
    kw.setdefault("pieces", HILDE_PIECES)
    kw.setdefault("hands", {"p1": "2ore+1wool", "p2": "3grain", "p3": "1brick"})
    return helper_position({"p0": "hilde"}, **kw)


# -- Lin -----------------------------------------------------------------------------------

LIN_PIECES = {"p1": {"settlements": ["(0,-1)S"]}, "p0": {"settlements": ["(1,1)S"]}}


def lin_position(**kw: Any) -> GameState:
    kw.setdefault("pieces", LIN_PIECES)
    kw.setdefault("robber", "(0,-1)")
    kw.setdefault("hands", {"p1": "2ore"})
    return helper_position({"p0": "lin"}, **kw)


# -- Louis ---------------------------------------------------------------------------------

LOUIS_TWO = {"p0": {"settlements": ["(0,1)N"], "roads": ["(0,0)E", "(1,-1)SW"]}}


def louis_position(pieces: Any = LOUIS_TWO, **kw: Any) -> GameState:
    return helper_position({"p0": "louis"}, pieces=pieces, hands={"p0": "1ore"}, **kw)


# -- Marianne ------------------------------------------------------------------------------

MARIANNE_PIECES = {"p1": {"settlements": ["(0,-1)N"]}, "p2": {"settlements": ["(0,1)N"]}}


def marianne_position(owner: str = "p2", **kw: Any) -> GameState:
    kw.setdefault("pieces", MARIANNE_PIECES)
    kw.setdefault("phase", "pre_roll")
    return helper_position({owner: "marianne", "p0": "hilde"}, **kw)


# -- Nassir --------------------------------------------------------------------------------

NASSIR_HANDS = {"p0": "1ore", "p1": "2wool+1brick", "p2": "1grain", "p3": "1wool"}


def nassir_position(**kw: Any) -> GameState:
    kw.setdefault("hands", NASSIR_HANDS)
    return helper_position({"p0": "nassir"}, **kw)


# -- Sean ----------------------------------------------------------------------------------


def sean_position(hands: dict[str, str], owner: str = "p2", **kw: Any) -> GameState:
    kw.setdefault("phase", "pre_roll")
    # Nobody else holds Marianne, who would be asked after the rolls that pay nothing.
    others = iter(("jean", "louis", "william"))
    helpers = {f"p{p}": "sean" if f"p{p}" == owner else next(others) for p in range(4)}
    return helper_position(helpers, hands=hands, **kw)


# -- Vincent -------------------------------------------------------------------------------

VINCENT_PIECES = {"p0": {"settlements": ["(0,1)N"], "roads": ["(0,0)E", "(1,-1)SW"]}}


def vincent_position(hands: str, knights: int = 1, **kw: Any) -> GameState:
    kw.setdefault("pieces", VINCENT_PIECES)
    return helper_position(
        {"p0": "vincent"}, hands={"p0": hands}, knights={"p0": knights, **kw.pop("more", {})}, **kw
    )


# -- William -------------------------------------------------------------------------------

WILLIAM_PIECES = {"p0": {"settlements": ["(0,1)N"], "roads": ["(0,0)E"]}}


def william_position(hands: str, **kw: Any) -> GameState:
    return helper_position({"p0": "william"}, pieces=WILLIAM_PIECES, hands={"p0": hands}, **kw)
