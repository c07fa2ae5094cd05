"""``pysettlers arena`` as a language-model benchmark, on the local fake endpoint: two ``llm``
entrants (one that builds, one whose every reply is illegal) against ``random``; the models'
table, the same bytes for the same seed but the wall clock, the page, and a run replayed
from its cassettes without the endpoint. Nothing here leaves localhost."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pysettlers.cli import main
from pysettlers.llm.endpoint import reset_ledgers
from pysettlers.llm.fake import FakeEndpoint


@pytest.fixture(autouse=True)
def _fresh_ledgers() -> Iterator[None]:
    reset_ledgers()
    yield
    reset_ledgers()


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeEndpoint]:
    with FakeEndpoint() as f:
        yield f


def _entrants(url: str, **extra: str) -> list[str]:
    tail = {k: "".join(f":{o}" for o in v.split(",")) for k, v in extra.items()}
    return [
        f"llm:model=fake-builds:base_url={url}:price_in=1.5:price_out=6{tail.get('builds', '')}",
        f"llm:model=fake-illegal:base_url={url}:retries=1{tail.get('illegal', '')}",
        "random",
    ]


def _arena(
    entrants: list[str], out: Path, capsys: pytest.CaptureFixture[str], *extra: str
) -> tuple[dict[str, Any], str]:
    argv = ["arena", *entrants, "--players", "3", "--games", "3", "--seed", "5"]
    assert main([*argv, "--quiet", "--out", str(out), *extra]) == 0
    return json.loads(out.read_text()), capsys.readouterr().out


def _without_wall_clock(doc: dict[str, Any]) -> dict[str, Any]:
    games = [{k: v for k, v in g.items() if k != "wall_clock"} for g in doc["games"]]
    models = [{k: v for k, v in m.items() if k != "wall_clock"} for m in doc["models"]]
    return {**doc, "games": games, "models": models}


def test_llm_entrants_are_measured_beside_their_ratings(
    fake: FakeEndpoint, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "results.md"
    doc, printed = _arena(_entrants(fake.url), tmp_path / "a.json", capsys, "--page", str(page))
    builds, illegal = doc["config"]["entrants"][0]["label"], doc["config"]["entrants"][1]["label"]
    models = {m["label"]: m for m in doc["models"]}
    assert set(models) == {builds, illegal}  # random keeps no stats: not a model
    bad, good = models[illegal], models[builds]
    # Every reply of fake-illegal is refused, so every decision falls back, by "refused".
    assert bad["refused_rate"] == bad["illegal_rate"] == 1.0
    assert bad["fallback_rate"] == 1.0 and bad["fallback_total"] > 0
    assert bad["totals"]["fallbacks"] == {"refused": bad["fallback_total"]}
    assert bad["totals"]["retries"] == bad["fallback_total"]  # retries=1: one each
    assert good["refused_rate"] == 0.0 and good["fallback_total"] == 0
    # Tokens and cost per game: priced for fake-builds only (1.5 and 6 a million).
    t = good["totals"]
    assert t["tokens_in"] > 0 and t["tokens_out"] > 0
    assert good["per_game"]["cost"] == pytest.approx(
        (t["tokens_in"] * 1.5 + t["tokens_out"] * 6) / 1e6 / good["seat_games"], abs=1e-6
    )
    assert bad["per_game"]["cost"] is None and bad["totals"]["cost"] is None
    assert good["seat_games"] == bad["seat_games"] == 3
    # Per game, per seat: the bots' stats where an llm sat, null where random did.
    for g in doc["games"]:
        for seat, entrant in enumerate(g["seats"]):
            assert (g["bots"][seat] is None) == (entrant == 2)
            assert "latency_total" not in (g["bots"][seat] or {})
            assert (g["wall_clock"][seat] is None) == (entrant == 2)
    assert "Language models, per seat-game" in printed
    assert "100.0% (refused " in printed
    text = page.read_text()
    assert "## Language models" in text and f"| {illegal} | " in text


def test_the_same_seed_gives_the_same_bytes_but_the_wall_clock(
    fake: FakeEndpoint, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, _ = _arena(_entrants(fake.url), tmp_path / "1.json", capsys)
    reset_ledgers()
    two, _ = _arena(_entrants(fake.url), tmp_path / "2.json", capsys)
    assert _without_wall_clock(one) == _without_wall_clock(two)
    # Read back (--from), the same document: nothing is lost on the way.
    assert main(["arena", "--from", str(tmp_path / "1.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == one


def test_an_arena_replays_from_its_cassettes_without_the_endpoint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tapes = {k: f"cassette={tmp_path / k}.jsonl" for k in ("builds", "illegal")}
    with FakeEndpoint() as f:
        url = f.url
        recorded, _ = _arena(_entrants(url, **tapes), tmp_path / "rec.json", capsys)
    reset_ledgers()
    again = {k: v + ",replay=true" for k, v in tapes.items()}
    replayed, _ = _arena(_entrants(url, **again), tmp_path / "rep.json", capsys)
    assert replayed["summary"]["errors"] == 0

    def games(doc: dict[str, Any]) -> list[dict[str, Any]]:
        out = []
        for g in _without_wall_clock(doc)["games"]:
            bots = [None if b is None else {**b, "replayed": 0} for b in g["bots"]]
            out.append({**g, "bots": bots})
        return out

    assert games(replayed) == games(recorded)
    assert all(m["totals"]["replayed"] > 0 for m in replayed["models"])
