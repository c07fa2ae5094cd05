"""Where each adapter finds what a scenario package shows it: the scenarios' faces.

What this is for: a scenario (``engine/scenarios/<package>/``) is one package. Its rules
register with the engine when the package is imported; what the *adapters* need of it — the
words for its events and actions, its marks on the terminal's board, its part of a view as
JSON, the browser's drawing hints, its RL action families, the bots' hooks — lives in the
same package, in a ``faces`` subpackage with one module per face::

    engine/scenarios/pirate/
        __init__.py        the rules (registered with the engine)
        faces/
            words.py       read by pysettlers.words
            render.py      read by pysettlers.render
            view_json.py   read by the server's view JSON
            drawing.py     read by the server, sent to the browser
            rl.py          read by pysettlers.rl
            bots.py        read by pysettlers.bots

Each adapter says, in its own registry module, what a face module of its kind must define
(:data:`FACES` names them); a face module with nothing to show says so with
``NOTHING = "why"``. Adding a scenario is its package plus its line in
``engine/scenarios/__init__.py``: the adapters find its faces from the engine's registry.

The engine never imports a ``faces`` module (a face may import its adapter: the bots' face
uses the bots' features), so the rules stay free of presentation and of dependencies; the
adapters import faces lazily, through :func:`face`, when they first need them. Faces are not
compiled with mypyc (they run outside the game loop).

What this is not: a plug-in loader for third-party packages (the scenarios ship with the
engine), nor the rules' own registry (``engine/registry.py``).
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from pysettlers.engine.config import Rules

FACES: Final = ("words", "render", "view_json", "drawing", "rl", "bots")
"""The faces every scenario package has, each read by one adapter."""

_ROOT: Final = "pysettlers.engine.scenarios"


def packages() -> tuple[str, ...]:
    """The scenario packages registered with the engine, in registration order (a package
    may register several scenarios: the alternate rules register one per rule)."""
    from pysettlers.engine.registry import registered_scenarios

    seen: list[str] = []
    for scenario in registered_scenarios():
        module = type(scenario).__module__
        if not module.startswith(_ROOT + "."):
            raise ValueError(f"scenario {scenario.name!r} lives outside {_ROOT} ({module})")
        package = module[len(_ROOT) + 1 :].split(".", 1)[0]
        if package not in seen:
            seen.append(package)
    return tuple(seen)


def package_of(scenario_name: str) -> str:
    """The package of the registered scenario named ``scenario_name`` (``ValueError`` for a
    name the engine does not know)."""
    from pysettlers.engine.registry import registered_scenarios

    for scenario in registered_scenarios():
        if scenario.name == scenario_name:
            return type(scenario).__module__[len(_ROOT) + 1 :].split(".", 1)[0]
    raise ValueError(f"no scenario named {scenario_name!r} is registered")


@cache
def face(package: str, name: str) -> ModuleType:
    """Scenario package ``package``'s face ``name`` (one of :data:`FACES`), imported once.

    Raises ``ValueError`` naming what is missing: an unknown face, or a package without it
    (every registered package must have every face; ``tests/project/test_faces.py``)."""
    if name not in FACES:
        raise ValueError(f"unknown face {name!r} (faces: {', '.join(FACES)})")
    if package not in packages():
        raise ValueError(f"no scenario package {package!r} is registered")
    module = f"{_ROOT}.{package}.faces.{name}"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name != module and not module.startswith(f"{err.name}."):
            raise  # the face exists but imports something missing: not ours to hide
        raise ValueError(f"scenario package {package!r} has no {name} face ({module})") from None


def faces(name: str) -> tuple[tuple[str, ModuleType], ...]:
    """Face ``name`` of every registered package that shows something, as (package, module),
    in registration order — what an adapter iterates over."""
    out = []
    for package in packages():
        module = face(package, name)
        if not hasattr(module, "NOTHING"):
            out.append((package, module))
    return tuple(out)


def faces_on(name: str, rules: Rules) -> tuple[ModuleType, ...]:
    """Face ``name`` of each scenario package ``rules`` turn on (``Scenario.enabled``) that
    shows something, in registration order — what an adapter reads for one game. The seed
    never changes which scenarios are on, so it is left out of the remembered key (one entry
    per kind of game, not per game)."""
    return _faces_on(name, replace(rules, seed=0))


@cache
def _faces_on(name: str, rules: Rules) -> tuple[ModuleType, ...]:
    from pysettlers.engine.registry import registered_scenarios

    on = {package_of(s.name) for s in registered_scenarios() if s.enabled(rules)}
    return tuple(module for package, module in faces(name) if package in on)
