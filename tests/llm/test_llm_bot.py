"""The ``llm`` bot against the local fake endpoint (``pysettlers.llm.fake``): retries with
the refusal shown, fallbacks counted, timeouts, 429 back-off, the concurrency cap, the spend
cap, the accounting, the prompt log, cassette replay, and whole games. Nothing here leaves
localhost."""

from __future__ import annotations

import dataclasses
import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pysettlers.bots import make_bot
from pysettlers.cli import main
from pysettlers.engine import (
    Action,
    ChatLine,
    Game,
    Rules,
    determinize,
    legal_actions,
    observe,
    to_move,
)
from pysettlers.llm.bot import LlmBot
from pysettlers.llm.cassette import ReplayMiss
from pysettlers.llm.endpoint import reset_ledgers
from pysettlers.llm.fake import FakeEndpoint
from pysettlers.match import Match
from pysettlers.sim.runner import FINISHED, parse_players, play_game

KEY = "sk-never-in-a-log-0123456789"


@pytest.fixture(autouse=True)
def _fresh_ledgers() -> Iterator[None]:
    reset_ledgers()  # each test is a run of its own
    yield
    reset_ledgers()


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeEndpoint]:
    with FakeEndpoint(slow=1.0, retry_after=0.01) as f:
        yield f


def _bot(url: str, model: str, **options: Any) -> LlmBot:
    bot = make_bot("llm", random.Random(7), model=model, base_url=url, **options)
    assert isinstance(bot, LlmBot)
    return bot


def _decision(seed: int = 1) -> tuple[Any, list[Action]]:
    """The first set-up decision of a game: its seat's view and the legal actions."""
    s = Game.new(Rules(seed=seed)).state
    return observe(s, to_move(s)), legal_actions(s)


def test_a_good_reply_is_played_and_counted(fake: FakeEndpoint) -> None:
    view, legal = _decision()
    bot = _bot(fake.url, "fake-first")
    before = len(fake.requests)
    assert bot.choose(view, legal) == legal[0]
    st = bot.stats()
    assert (st.decisions, st.model_calls, st.retries, st.fallbacks) == (1, 1, 0, {})
    sent = fake.requests[before]
    assert sent["json"] is True  # structured output asked for
    system, user = sent["messages"]
    assert "The game's rules, in brief" in system["content"] and "notation" in system["content"]
    assert user["content"].startswith("# pysettlers-seat-text/1")
    # Tokens are the endpoint's usage numbers.
    chars = len(system["content"]) + len(user["content"])
    assert st.tokens_in == chars // 4 and st.tokens_out > 0
    assert st.cost is None  # no prices given
    assert st.latency_max >= st.latency_median > 0


def test_plain_text_mode_reads_one_line(fake: FakeEndpoint) -> None:
    view, legal = _decision()
    bot = _bot(fake.url, "fake-builds", structured=False)
    before = len(fake.requests)
    assert bot.choose(view, legal) in legal
    assert fake.requests[before]["json"] is False


def test_a_refused_reply_is_retried_with_the_refusal_shown() -> None:
    view, legal = _decision()
    with FakeEndpoint(script={1: "illegal", 2: "malformed"}) as f:
        bot = _bot(f.url, "fake-first")
        assert bot.choose(view, legal) == legal[0]
        third = f.requests[2]["messages"]
    st = bot.stats()
    assert (st.illegal, st.malformed, st.retries, st.model_calls) == (1, 1, 2, 3)
    assert st.fallbacks == {}
    # The model sees its own reply and why it was refused, in order.
    assert [m["role"] for m in third] == [
        "system",
        "user",
        "assistant",
        "user",
        "assistant",
        "user",
    ]
    assert (
        "refused" in third[3]["content"] and "not one of your legal actions" in third[3]["content"]
    )
    assert "not JSON" in third[5]["content"]


def test_when_the_retries_are_spent_the_fallback_decides_and_is_counted(
    fake: FakeEndpoint,
) -> None:
    view, legal = _decision()
    bot = _bot(fake.url, "fake-illegal", retries=1, fallback="random")
    assert bot.choose(view, legal) in legal
    st = bot.stats()
    assert (st.illegal, st.retries, st.model_calls) == (2, 1, 2)
    assert st.fallbacks == {"refused": 1} and st.fallback_total == 1


@pytest.mark.parametrize(
    ("model", "options", "reason", "field"),
    [
        ("fake-slow", {"timeout": 0.2}, "timeout", "timeouts"),
        ("fake-500", {}, "error", "errors"),
    ],
)
def test_a_slow_or_failing_endpoint_falls_back(
    fake: FakeEndpoint, model: str, options: dict[str, Any], reason: str, field: str
) -> None:
    view, legal = _decision()
    bot = _bot(fake.url, model, **options)
    assert bot.choose(view, legal) in legal
    st = bot.stats()
    assert st.fallbacks == {reason: 1} and getattr(st, field) == 1


def test_a_429_is_waited_out_as_retry_after_says() -> None:
    view, legal = _decision()
    with FakeEndpoint(retry_after=0.01) as f:
        bot = _bot(f.url, "fake-429")
        assert bot.choose(view, legal) == legal[0]  # refused once, then answered
        assert len(f.requests) == 2
    st = bot.stats()
    assert (st.rate_limited, st.model_calls, st.fallbacks) == (1, 2, {})
    # A Retry-After past the decision's time is not waited for: the fallback decides at once.
    with FakeEndpoint(retry_after=30) as f:
        bot = _bot(f.url, "fake-429", timeout=5)
        assert bot.choose(view, legal) in legal
        assert len(f.requests) == 1
    assert bot.stats().fallbacks == {"rate_limit": 1}
    # ... and max_wait bounds what a server asks.
    with FakeEndpoint(retry_after=30) as f:
        bot = _bot(f.url, "fake-429", timeout=5, max_wait=0.01)
        assert bot.choose(view, legal) == legal[0]
        assert len(f.requests) == 2


def test_requests_in_flight_to_one_endpoint_are_capped_process_wide() -> None:
    view, legal = _decision()
    with FakeEndpoint(slow=0.2) as f:
        bots = [_bot(f.url, "fake-slow", concurrency=2, timeout=20) for _ in range(6)]
        chosen: list[Action] = []
        threads = [
            threading.Thread(target=lambda b=b: chosen.append(b.choose(view, legal))) for b in bots
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert f.max_in_flight == 2 and len(f.requests) == 6
    assert chosen == [legal[0]] * 6
    with pytest.raises(ValueError, match="already capped at 2"):
        _bot(f.url, "fake-slow", concurrency=3)


def test_past_the_spend_cap_the_bot_falls_back_and_says_so(
    fake: FakeEndpoint, caplog: pytest.LogCaptureFixture
) -> None:
    view, legal = _decision()
    # 1 token of cost per prompt token: the first request spends far past the cap.
    bot = _bot(fake.url, "fake-first", price_in=1e6, price_out=0, max_cost_run=1.0)
    assert bot.choose(view, legal) == legal[0]
    st = bot.stats()
    assert st.cost == pytest.approx(st.tokens_in)
    with caplog.at_level("WARNING", logger="pysettlers.llm.bot"):
        bot.choose(view, legal)
    assert bot.stats().fallbacks == {"budget": 1} and bot.stats().model_calls == 1
    assert "budget is spent" in caplog.text
    # The cap is per run: another bot of the same endpoint and model finds it spent too.
    other = _bot(fake.url, "fake-first", max_tokens_run=1)
    other.choose(view, legal)
    assert other.stats().fallbacks == {"budget": 1} and other.stats().model_calls == 0


def test_the_log_holds_prompts_and_replies_but_never_the_key(
    fake: FakeEndpoint, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYS_TEST_KEY", KEY)
    log = tmp_path / "prompts.jsonl"
    view, legal = _decision()
    before = len(fake.requests)
    bot = _bot(fake.url, "fake-chatty", api_key_env="PYS_TEST_KEY", log=str(log))
    bot.choose(view, legal)
    assert fake.requests[before]["authorization"] == f"Bearer {KEY}"  # sent to the endpoint
    text = log.read_text()
    assert KEY not in text
    (entry,) = [json.loads(line) for line in text.splitlines()]
    assert entry["model"] == "fake-chatty" and entry["messages"][1]["role"] == "user"
    assert json.loads(entry["reply"])["say"] == "Anyone have brick?"
    assert bot.said() == "Anyone have brick?" and bot.said() is None  # said once
    assert bot.stats().chat_said == 1


def test_chat_heard_is_in_the_prompt_and_chat_can_be_off(fake: FakeEndpoint) -> None:
    class Line:
        def __init__(self, seat: int, text: str) -> None:
            self.seat, self.text = seat, text

    view, legal = _decision()
    bot = _bot(fake.url, "fake-chatty")
    bot.hear([Line(2, "who has ore? I offer brick #1")])
    before = len(fake.requests)
    bot.choose(view, legal)
    assert "who has ore? I offer brick #1" in fake.requests[before]["messages"][1]["content"]
    quiet = _bot(fake.url, "fake-chatty", chat=False)
    quiet.hear([Line(2, "who has ore?")])
    quiet.choose(view, legal)
    assert "who has ore?" not in fake.requests[-1]["messages"][1]["content"]
    assert quiet.said() is None


def _players(url: str, model: str, **extra: str) -> str:
    options = "".join(f":{k}={v}" for k, v in extra.items())
    return f"llm:model={model}:base_url={url}{options},weighted,weighted,weighted"


def test_a_cassette_replays_the_identical_game_without_the_model(tmp_path: Path) -> None:
    tape = tmp_path / "tape.jsonl"
    rules = Rules(seed=11)
    with FakeEndpoint(script={5: "illegal", 9: "500"}) as f:
        recorded = play_game(rules, parse_players(_players(f.url, "fake-chatty", cassette=tape)))
        url = f.url
    assert recorded.status == FINISHED
    # The server is gone: every reply comes from the cassette.
    specs = parse_players(_players(url, "fake-chatty", cassette=tape, replay="true"))
    replayed = play_game(rules, specs)
    assert replayed.game.to_json() == recorded.game.to_json()
    # Another game asks what the cassette does not hold: said, not papered over.
    other = play_game(Rules(seed=12), specs)
    assert other.status == "error" and ReplayMiss.__name__ in (other.error or "")


def test_the_bot_plays_a_whole_sim_game_and_its_chat_is_recorded(
    fake: FakeEndpoint, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    players = _players(fake.url, "fake-chatty")
    argv = ["sim", "--players", players, "--games", "1", "--seed", "3", "--out", str(out)]
    assert main([*argv, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 1
    record = json.loads(out.read_text().splitlines()[0])
    assert record["sim"]["status"] == FINISHED
    seat = record["sim"]["seats"].index(players.split(",")[0].replace(",", ":"))
    if "chat" not in record:
        pytest.skip("the game driver keeps no chat yet")
    said = [(s, t) for _, s, t in record["chat"]]
    assert (seat, "Anyone have brick?") in said
    assert all(s == seat for s, _ in said)  # only the chatty seat talks


@pytest.mark.parametrize("seed", [2, 4])
def test_the_prompt_holds_nothing_the_seat_cannot_see(fake: FakeEndpoint, seed: int) -> None:
    """No-leak: the messages the bot sends for a seat are the same in two games that differ
    only in what the seat cannot see (the others' hands, development cards and the deck
    dealt again with ``determinize``)."""
    game = Game.new(Rules(seed=seed))
    bots = [make_bot("weighted", random.Random(p)) for p in range(4)]
    Match(game, bots, max_steps=200).run()
    s = game.state
    p = to_move(s)
    mine = dataclasses.replace(observe(s, p), events=())  # (the dealt state has no history)
    other = determinize(mine, random.Random(seed))
    assert other.hands != s.hands or other.dev != s.dev  # a different deal of the secrets
    theirs = dataclasses.replace(observe(other, p), events=())
    sent = []
    for view, state in ((mine, s), (theirs, other)):
        bot = _bot(fake.url, "fake-first")
        bot.hear([ChatLine(0, 1, "hello")])
        bot.choose(view, legal_actions(state, p))
        sent.append(fake.requests[-1]["messages"])
    assert sent[0] == sent[1]
    assert len(legal_actions(s, p)) > 1  # (a real decision: the bot asked the model)


def test_offers_taken_count_its_own_offers_and_only_counters_taken_on_their_terms(
    fake: FakeEndpoint,
) -> None:
    from types import SimpleNamespace

    from pysettlers.engine import ActionKind
    from pysettlers.engine.events import Traded

    bot = _bot(fake.url, "fake-first")
    ore, wool, grain = (0, 0, 0, 0, 1), (0, 0, 1, 0, 0), (0, 0, 0, 1, 0)

    def view(offer_id: int, *events: Traded) -> Any:
        return SimpleNamespace(turn=3, viewer=1, offer_id=offer_id, events=list(events))

    def trade(offer: int, player: int, partner: int, give: Any, get: Any) -> Traded:
        return Traded(player=player, partner=partner, give=give, get=get, offer=offer)

    # Its own offer #5 (ore for wool), taken by seat 2.
    bot._count_offer(Action(1, ActionKind.OFFER_TRADE, give=ore, get=wool, to=0b100), view(4))
    bot._note(view(5, trade(5, 1, 2, ore, wool)))
    assert bot.stats().offers_accepted == 1
    # A counter (grain for ore) to seat 0's offer #6; seat 0 trades with it on the offer's
    # own terms instead: that is no counter taken.
    bot._count_offer(Action(1, ActionKind.COUNTER_TRADE, give=grain, get=ore, offer=6), view(6))
    bot._note(view(6, trade(6, 0, 1, wool, ore)))
    assert bot.stats().offers_accepted == 1
    # A counter to #7 that seat 0 takes on its terms: seat 0 gives ore and gets grain.
    bot._count_offer(Action(1, ActionKind.COUNTER_TRADE, give=grain, get=ore, offer=7), view(7))
    bot._note(view(7, trade(7, 0, 1, ore, grain)))
    assert bot.stats().offers_accepted == 2
    assert bot.stats().offers_proposed == 3
