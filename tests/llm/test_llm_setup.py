"""The ``llm`` bot's set-up without a model: endpoint resolution, the masked key, specs with
colons, the strict reading of replies, and the texts it reads (``pysettlers.llm``)."""

from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pysettlers.bots import bot_rng, make_bot
from pysettlers.engine import Action, ActionKind, Game, Rules, legal_actions, observe, to_move
from pysettlers.llm import notation_summary, rules_summary
from pysettlers.llm.endpoint import DEFAULT_BASE_URL, Secret, resolve
from pysettlers.llm.reply import ILLEGAL, MALFORMED, read_plain, read_structured
from pysettlers.match import Match
from pysettlers.sim.runner import parse_players, parse_spec

KEY = "sk-test-0123456789abcdef"

# -- the endpoint ---------------------------------------------------------------------------------


def test_the_standard_variables_are_read_and_options_win() -> None:
    env = {"OPENAI_BASE_URL": "http://env-host:1/v1", "OPENAI_API_KEY": KEY}
    e, _ = resolve({"model": "m"}, env)
    assert (e.base_url, e.model, e.key.reveal()) == ("http://env-host:1/v1", "m", KEY)
    e, _ = resolve({"model": "m"}, {})
    assert e.base_url == DEFAULT_BASE_URL and e.key.source.startswith("nowhere")
    e, _ = resolve({"model": "m", "base_url": "http://other:2/v1/"}, env)
    assert e.base_url == "http://other:2/v1"
    # OPENAI_API_KEY travels only to OPENAI_BASE_URL: another URL gets the key it names.
    assert e.key.reveal() != KEY
    e, _ = resolve(
        {"model": "m", "base_url": "http://other:2/v1", "api_key_env": "MINE"}, {"MINE": "sk-mine"}
    )
    assert e.key.reveal() == "sk-mine" and e.key.source == "MINE"


@pytest.mark.parametrize(
    ("options", "env", "words"),
    [
        ({}, {}, "needs a model"),
        ({"model": "m", "api_key_env": "NOPE"}, {}, "NOPE is not set"),
        ({"model": "m", "base_url": "ftp://x"}, {}, "base_url must start"),
    ],
)
def test_bad_endpoint_options_are_refused_by_name(
    options: dict[str, str], env: dict[str, str], words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        resolve(options, env)


def test_profiles_come_from_the_toml_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "llm.toml"
    f.write_text(
        '[profiles.local]\nbase_url = "http://localhost:11434/v1"\nmodel = "llama3.1:8b"\n'
        "structured = false\n[profiles.bad]\napi_key = 'sk-x'\n"
    )
    monkeypatch.setenv("PYSETTLERS_LLM_PROFILES", str(f))
    e, merged = resolve({"profile": "local"})
    assert (e.base_url, e.model, e.profile) == ("http://localhost:11434/v1", "llama3.1:8b", "local")
    assert merged["structured"] is False
    e, _ = resolve({"profile": "local", "model": "qwen2.5:7b"})  # the spec's own option wins
    assert e.model == "qwen2.5:7b"
    with pytest.raises(ValueError, match=r"no profile 'nope'.*known: bad, local"):
        resolve({"profile": "nope"})
    with pytest.raises(ValueError, match="write no key in a file"):
        resolve({"profile": "bad"})


def test_the_key_is_never_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYS_TEST_KEY", KEY)
    bot = make_bot(
        "llm", random.Random(0), model="m", base_url="http://x:1/v1", api_key_env="PYS_TEST_KEY"
    )
    e = bot.endpoint  # type: ignore[attr-defined]
    assert e.key.reveal() == KEY
    for shown in (repr(bot), str(bot), repr(e), str(e), repr(e.key), str(e.key), f"{e.key}"):
        assert KEY not in shown
    assert "PYS_TEST_KEY" in repr(e.key)
    with pytest.raises(TypeError, match="not pickled"):
        pickle.dumps(Secret(KEY, "X"))


def test_bad_bot_options_are_refused_when_the_bot_is_built() -> None:
    with pytest.raises(ValueError, match="no option 'colour'"):
        make_bot("llm", random.Random(0), model="m", colour="red")
    with pytest.raises(ValueError, match=r"retries=.*expected int"):
        make_bot("llm", random.Random(0), model="m", retries="many")
    with pytest.raises(ValueError, match="replay=true needs cassette"):
        make_bot("llm", random.Random(0), model="m", replay=True)
    with pytest.raises(ValueError, match="unknown bot 'nobot'"):
        make_bot("llm", random.Random(0), model="m", fallback="nobot")


def test_importing_the_bots_needs_no_model_sdk() -> None:
    code = (
        "import sys, pysettlers.bots as b; assert 'llm' in b.bot_names(); "
        "assert 'openai' not in sys.modules and 'pysettlers.llm' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- specs with colons ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "options"),
    [
        (
            "llm:model=llama3.1:8b:base_url=http://localhost:11434/v1",
            {"model": "llama3.1:8b", "base_url": "http://localhost:11434/v1"},
        ),
        ('llm:model="llama3.1:8b":timeout=30', {"model": "llama3.1:8b", "timeout": 30}),
        ("llm:model='qwen2.5:7b':retries='2'", {"model": "qwen2.5:7b", "retries": "2"}),
        (
            "llm:model=m:base_url=http://h:8000/v1?x=1",
            {"model": "m", "base_url": "http://h:8000/v1?x=1"},
        ),
        ("greedy:trade=0:noise=0.5", {"trade": 0, "noise": 0.5}),
    ],
)
def test_values_may_hold_colons(spec: str, options: dict[str, object]) -> None:
    _, target, parsed, _ = parse_spec(spec)
    assert target is None and dict(parsed) == options


def test_the_ambiguous_case_reads_as_an_option_unless_quoted() -> None:
    assert dict(parse_spec("llm:model=org:tag=v2")[2]) == {"model": "org", "tag": "v2"}
    assert dict(parse_spec("llm:model='org:tag=v2'")[2]) == {"model": "org:tag=v2"}


def test_a_players_list_with_urls_and_quotes() -> None:
    specs = parse_players("llm:model=m,base_url=http://h:1/v1,random,llm:model='a,b:c',weighted")
    assert [s.name for s in specs] == ["llm", "random", "llm", "weighted"]
    assert dict(specs[0].options) == {"model": "m", "base_url": "http://h:1/v1"}
    assert dict(specs[2].options) == {"model": "a,b:c"}
    with pytest.raises(ValueError, match="unclosed quote"):
        parse_players("llm:model='a,random")
    with pytest.raises(ValueError, match="bad part"):
        parse_spec("llm:8b")  # a continuation needs an option before it


# -- reading replies ------------------------------------------------------------------------------


def _played(rules: Rules, steps: int) -> Game:
    game = Game.new(rules)
    bots = [make_bot("weighted", bot_rng(rules.seed, p)) for p in range(rules.players)]
    Match(game, bots, max_steps=steps).run()
    return game


def _decision(seed: int = 1) -> tuple[Game, list[Action]]:
    game = Game.new(Rules(seed=seed))
    return game, legal_actions(game.state)


def test_plain_replies_are_read_strictly() -> None:
    game, legal = _decision()
    s = game.state
    view = observe(s, to_move(s))
    from pysettlers.engine import format_action

    first = format_action(legal[0], s.topo)
    for ok in (first, f"  `{first}`  ", f"- {first} — build here", f"action: {first}"):
        assert read_plain(ok, view, legal).action == legal[0], ok
    r = read_plain(f"<think>hmm</think>\n{first}\nsay: hello #1", view, legal)
    assert (r.action, r.say) == (legal[0], "hello #1")
    second = format_action(legal[1], s.topo)
    for bad, problem in [
        ("", MALFORMED),
        ("I would build a road", MALFORMED),
        (f"{first}\n{second}", MALFORMED),
        (f"{first} please", MALFORMED),
        ("p1 end", ILLEGAL),
    ]:
        r = read_plain(bad, view, legal)
        assert r.action is None and r.problem == problem and r.reason, bad


def test_structured_replies_are_read_strictly() -> None:
    game, legal = _decision()
    s = game.state
    view = observe(s, to_move(s))
    from pysettlers.engine import format_action

    first = format_action(legal[0], s.topo)
    r = read_structured(f'{{"action": "{first}", "say": "hi"}}', view, legal)
    assert (r.action, r.say) == (legal[0], "hi")
    r = read_structured(f'```json\n{{"action": "{first}", "say": null}}\n```', view, legal)
    assert r.action == legal[0] and r.say is None
    for bad in (first, '{"say": "x"}', '["p0 end"]', '{"action": "p3 end", "say": null}'):
        assert read_structured(bad, view, legal).action is None, bad


def test_a_composed_offer_is_accepted_only_as_the_rules_allow() -> None:
    game = _played(Rules(seed=3), 141)  # p0's main phase, offers among the legal actions
    s = game.state
    p = to_move(s)
    legal = legal_actions(s)
    view = observe(s, p)
    assert view.hand is not None
    have = next(r for r in range(5) if view.hand[r])
    want = (have + 1) % 5
    names = ["brick", "lumber", "wool", "grain", "ore"]
    ok = f"p{p} offer {view.hand[have]}{names[have]} for 2{names[want]} to p{(p + 1) % 4}"
    r = read_plain(ok, view, legal)
    assert r.action is not None and r.action.kind == ActionKind.OFFER_TRADE
    too_many = f"p{p} offer {view.hand[have] + 1}{names[have]} for 1{names[want]} to p{(p + 1) % 4}"
    assert "do not hold" in read_plain(too_many, view, legal).reason
    like = f"p{p} offer 1{names[have]} for 1{names[have]} to p{(p + 1) % 4}"
    assert "like resources" in read_plain(like, view, legal).reason
    to_self = f"p{p} offer 1{names[have]} for 1{names[want]} to p{p}"
    assert "other players" in read_plain(to_self, view, legal).reason
    # Without ``to`` (and without the seat) an offer is made to every other player.
    r = read_plain(f"offer 1{names[have]} for 1{names[want]}", view, legal)
    assert r.action is not None and r.action.player == p
    assert r.action.to == ((1 << 4) - 1) & ~(1 << p)


# -- the texts ------------------------------------------------------------------------------------


def test_the_rules_summary_names_the_scenarios_in_play() -> None:
    base = rules_summary()
    assert base.startswith("# The game's rules") and "Distance rule" in base
    assert rules_summary(Rules()) == base
    ships = rules_summary(Rules(ships=True, pirate=True, vp_target=12))
    assert "## In this game" in ships and "Ships:" in ships and "Pirate:" in ships
    assert "12 victory points" in ships
    assert "Special building" in rules_summary(Rules(players=5))


def test_every_notation_example_parses() -> None:
    from pysettlers.engine import parse_action

    topo = Game.new(Rules(seed=1)).state.topo
    examples = re.findall(r"`(p\d [^`]+)`", notation_summary())
    assert len(examples) >= 15
    for text in examples:
        assert parse_action(text, topo), text
