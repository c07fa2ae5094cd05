"""A scenario is one package (issue 30 point 2): every registered scenario package has every
face (``pysettlers.faces.FACES``), each face module defines what its adapter's contract asks
(or says ``NOTHING`` with a reason), and the engine imports no face.
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from pysettlers import faces

ADAPTERS = {
    "words": "pysettlers.words.scenarios",
    "render": "pysettlers.render",
    "view_json": "pysettlers.server.viewjson",
    "drawing": "pysettlers.server.drawing",
    "rl": "pysettlers.rl.scenarios",
    "bots": "pysettlers.bots.scenarios",
}
"""Where each face's contract is declared: the adapter module that reads the face, whose
``FACE_MEMBERS`` names what a face module of its kind may define."""

PACKAGES = faces.packages()


def test_every_face_has_an_adapter() -> None:
    assert set(ADAPTERS) == set(faces.FACES)
    assert {"alternate", "islands", "pirate", "ships", "helpers"} <= set(PACKAGES)


def _contract(name: str) -> dict[str, str]:
    adapter = importlib.import_module(ADAPTERS[name])
    members = getattr(adapter, "FACE_MEMBERS", None)
    assert isinstance(members, dict), f"{ADAPTERS[name]} declares no FACE_MEMBERS contract"
    return members


def _own_names(module: ModuleType) -> set[str]:
    """The names a face module assigns or defines at its top level (not those it imports)."""
    tree = ast.parse(Path(str(module.__file__)).read_text())
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
    return names


@pytest.mark.parametrize("name", faces.FACES)
@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_has_every_face(package: str, name: str) -> None:
    module = faces.face(package, name)  # ValueError naming what is missing
    contract = _contract(name)
    if hasattr(module, "NOTHING"):
        why = module.NOTHING
        assert isinstance(why, str) and len(why.split()) >= 5, f"{module.__name__}: say why"
        shown = set(contract) & set(vars(module))
        assert not shown, f"{module.__name__} says NOTHING but defines {sorted(shown)}"
        return
    defined = set(contract) & set(vars(module))
    assert defined, f"{module.__name__} defines none of {sorted(contract)} (nor NOTHING)"
    # An upper-case name outside the contract is a face member the adapter never reads
    # (a typo, or a contract to widen); helpers of the face's own stay lower-case or private.
    stray = {k for k in _own_names(module) if k.isupper() and k not in contract}
    stray -= {"SHIP_LETTERS"}  # the ships' letters, read by path_marks and the tests
    assert not stray, f"{module.__name__} defines {sorted(stray)}, not in its contract"


def test_the_face_tables_of_the_words_are_the_scenarios() -> None:
    """Each scenario's event kinds, action kinds and phases are said by its words face, and
    the tables the clients read include them (outputs pinned by tests/engine/test_words*)."""
    from pysettlers.engine.types import ActionKind, Phase
    from pysettlers.words import ACTION_WORDS, EVENT_WORDS, PHASE_WORDS
    from pysettlers.words.scenarios import gathered

    assert set(gathered("ACTIONS")) <= set(ACTION_WORDS)
    assert set(gathered("EVENTS")) <= set(EVENT_WORDS)
    assert set(PHASE_WORDS) == set(Phase)
    assert ActionKind.BUILD_SHIP in gathered("ACTIONS")
    assert Phase.HILDE_TAKE in gathered("PHASES")
    with pytest.raises(ValueError, match="no member 'EVENT'"):
        gathered("EVENT")


def test_drawing_hints_are_json_for_the_scenarios_in_play() -> None:
    from pysettlers.engine import Rules
    from pysettlers.server.drawing import hints

    for _package, module in faces.faces("drawing"):
        json.dumps(module.HINTS)  # sent to the browser as it is
    assert hints(Rules()) == {}
    on = hints(Rules(scenarios=("helpers", "ships"), seed=2))
    assert list(on) == ["ships", "helpers"]  # the scenarios in play, in registration order
    assert on["ships"]["longest_road"] == "Longest Trade Route"
    assert on["helpers"]["panel"]["part"] == "helpers"
    assert on["helpers"]["panel"]["member"] == "players"


def test_a_missing_face_is_named() -> None:
    with pytest.raises(ValueError, match="unknown face 'colour'"):
        faces.face("ships", "colour")
    with pytest.raises(ValueError, match="no scenario package 'nowhere'"):
        faces.face("nowhere", "words")


def test_the_engine_imports_no_face() -> None:
    """The rules stay free of presentation: importing the engine (and playing a game's
    first steps) loads no ``faces`` module; the adapters load them when first needed."""
    code = (
        "import sys\n"
        "import pysettlers.engine as e\n"
        "s = e.new_game(e.Rules(seed=1))\n"
        "e.apply(s, e.legal_actions(s)[0])\n"
        "print([m for m in sys.modules if '.faces.' in m or m.endswith('.faces')])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_the_bots_faces_members_have_their_shapes() -> None:
    """What each bots face defines is what ``bots/scenarios.py`` reads: path builds with
    their price, phases and moments the weighted bot knows, advantages and robber moves
    among the scenario's own kinds."""
    from pysettlers.bots import scenarios as hooks
    from pysettlers.engine import ActionKind, Phase
    from pysettlers.words.scenarios import gathered

    own_kinds = set(gathered("ACTIONS"))
    own_phases = set(gathered("PHASES"))
    for package, module in faces.faces("bots"):
        for kind, build in getattr(module, "PATH_BUILDS", {}).items():
            assert kind in own_kinds and isinstance(build, hooks.PathBuild), package
        assert set(getattr(module, "ADVANTAGES", ())) <= own_kinds, package
        assert set(getattr(module, "ROBBER_MOVES", {})) <= own_kinds, package
        assert set(getattr(module, "PHASES", {})) <= own_phases, package
        assert set(getattr(module, "WEIGHTED_TURN", {})) <= set(hooks.MOMENTS), package
    assert set(hooks.phases()) == {p for p in own_phases if p in hooks.phases()}
    assert hooks.path_builds()[ActionKind.BUILD_SHIP].road is False  # on the trade route
    assert Phase.HILDE_TAKE in hooks.phases()


BOT_MODULES = ("weighted", "random_bot", "features", "greedy")
"""The bots' modules that name no scenario: a scenario's part reaches them through the
hooks of ``bots/scenarios.py``."""


@pytest.mark.parametrize("name", BOT_MODULES)
def test_the_bots_name_no_scenario(name: str) -> None:
    """No scenario package is imported, and none of the action kinds or phases of a
    scenario with a bots face (its words face says which are its own) is named: adding a
    scenario touches no bot module. (The alternate rules' bots face says ``NOTHING``: their
    decisions are the bots' shared rules of thumb in ``features``.)"""
    module = importlib.import_module(f"pysettlers.bots.{name}")
    # (its source: beside the module, which in the compiled build is an extension module)
    tree = ast.parse((Path(str(module.__file__)).parent / f"{name}.py").read_text())
    own = {"HELPER_KINDS", "FIRST_HELPER_KIND"}
    for package, _ in faces.faces("bots"):
        words = faces.face(package, "words")
        own |= {k.name for k in getattr(words, "ACTIONS", {})}
        own |= {p.name for p in getattr(words, "PHASES", {})}
    assert {"BUILD_SHIP", "MOVE_PIRATE", "BUILD_BRIDGE", "HELPER_LIN", "HILDE_TAKE"} <= own
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert not (node.module or "").startswith("pysettlers.engine.scenarios"), name
            assert not {a.name for a in node.names} & own, name
        elif isinstance(node, ast.Attribute):
            assert node.attr not in own, f"{name} names {node.attr} (line {node.lineno})"
