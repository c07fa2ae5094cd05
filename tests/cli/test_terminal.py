"""``pysettlers play --terminal``: a person against bots in the terminal (issue 12, point 9;
issue 28, point 8).

The person is played by a scripted reader that types legal actions (and, once, a refused
one and a malformed one); the game must reach its end with the refusals explained. Then
the command itself runs in a pseudo-terminal (the standard library's ``pty``), typed to as
a person would: Tab completes an action without the seat, ``help`` lists the commands,
bots answer the person's offer before the person is asked again, what happens is printed
in words, and the board is drawn again only when a piece or the robber moved.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Sequence

from pysettlers.engine import Rules, is_over, replay
from pysettlers.terminal import HELP, play_terminal
from pysettlers.words.speaker import count
from support.paths import SRC


def test_a_whole_terminal_game_with_refusals_explained() -> None:
    rng = random.Random(7)
    typed: list[str] = []
    prompts: list[Sequence[str]] = []

    def read(prompt: str, legal: Sequence[str]) -> str:
        prompts.append(legal)
        if len(prompts) == 1:
            text = "p0 city (0,0)N"  # refused: no settlement there yet
        elif len(prompts) == 2:
            text = "p0 fly"  # not notation
        elif len(prompts) == 3:
            text = "?"
        else:
            quiet = [a for a in legal if " offer " not in a] or list(legal)
            text = rng.choice(quiet)
        typed.append(text)
        return text

    out = io.StringIO()
    game = play_terminal(Rules(players=3, vp_target=4, seed=11), bot="random", read=read, out=out)
    text = out.getvalue()
    assert is_over(game.state)
    assert "Refused: " in text and "(rule: " in text
    assert "unknown action 'fly'" in text
    assert "Legal now (type one; Tab completes):\n  settlement (" in text
    assert "Build a settlement at the corner of the " in text  # each action in words
    assert "Game over: p" in text
    # Every legal list offered to the person was the engine's, and the record replays.
    assert all(all(a.startswith("p0 ") for a in legal) for legal in prompts)
    assert replay(game.to_json()).state.winner == game.state.winner


def test_play_without_terminal_points_to_the_server(capsys: object) -> None:
    from pysettlers.cli import main

    assert main(["play"]) == 1


# -- through a pseudo-terminal ---------------------------------------------------------------

PROMPT = b"p0> "
# A line of the log: an event in words (never its notation's coordinates).
EVENT_LINE = re.compile(r"^  (You|Your|p\d|The|Nothing|Turn|Rolls|Nobody) ")
BOARD_LINE = re.compile(r"\(-?\d,-?\d\)")  # a hex's coordinate, drawn in the board
MOVES = re.compile(r"\bbuilds? an? |\bmoves? the robber|\bmoves? a ship")  # "You build a"


class Terminal:
    """``pysettlers play --terminal`` in a pseudo-terminal: type, and read up to a prompt."""

    def __init__(self, *argv: str) -> None:
        import os
        import pty
        import subprocess
        import sys

        self.fd, child = pty.openpty()
        env = dict(os.environ, TERM="xterm", PYTHONPATH=str(SRC))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pysettlers", "play", "--terminal", *argv],
            stdin=child,
            stdout=child,
            stderr=child,
            env=env,
            close_fds=True,
        )
        os.close(child)
        self.buf = b""

    def until(self, mark: bytes, timeout: float = 30.0) -> str:
        """Everything printed up to and including ``mark``."""
        import os
        import select
        import time

        end = time.monotonic() + timeout
        while mark not in self.buf:
            left = end - time.monotonic()
            assert left > 0, f"no {mark!r} in: {self.buf[-3000:].decode(errors='replace')}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    self.buf += os.read(self.fd, 1 << 16)
                except OSError:  # the child is gone
                    break
        i = self.buf.index(mark) + len(mark)
        text, self.buf = self.buf[:i], self.buf[i:]
        return text.decode(errors="replace").replace("\r\n", "\n")

    def type(self, text: str) -> str:
        """Type a line; what is printed after it (the terminal's echo of the line left
        out), up to the next prompt."""
        import os

        os.write(self.fd, text.encode())
        return self.until(PROMPT).split("\n", 1)[1]

    def close(self) -> None:
        import os

        self.proc.kill()
        self.proc.wait()
        os.close(self.fd)


def legal_now(term: Terminal) -> list[str]:
    """The actions ``?`` lists (each notation, without the seat)."""
    listed = term.type("?\n")
    lines = listed.split("Legal now (type one; Tab completes):\n", 1)[1].splitlines()
    return [m[1] for x in lines if (m := re.match(r"^  (\S.*?)  +\S", x))]


def test_terminal_play_in_a_pseudo_terminal() -> None:
    term = Terminal("--players", "3", "--seed", "5", "--bot", "weighted")
    try:
        first = term.until(PROMPT)
        assert "Type help for the commands" in first and "Legend:" in first
        blocks = [first]  # what was printed before each prompt
        assert "Commands:" in term.type("help\n") and "  quit " in HELP
        shown = term.type("board\n")  # drawn on request
        assert BOARD_LINE.search(shown)
        offered = answered = rolled_by_tab = False
        for _ in range(120):
            legal = legal_now(term)
            assert legal, "a prompt with nothing to do"
            if "roll" in legal and not rolled_by_tab:
                # Tab completes the action without the seat: "ro" + Tab is "roll ".
                block = term.type("ro\t\n")
                assert "You roll " in block, block[-500:]
                rolled_by_tab = True
            elif not offered and (offers := [a for a in legal if a.startswith("offer ")]):
                block = term.type(offers[0] + "\n")
                offered = True
                # The bots answered before the person is asked again (the offerer last):
                # each answer, or the trade, is in words in what was printed.
                answers = re.findall(r"^  p[12] (accepts|rejects|counters) offer #\d+", block, re.M)
                assert len(answers) == 2 or "trades" in block, block[-800:]
                answered = True
            else:
                pick = next(
                    (a for a in legal if a.split()[0] in ("roll", "cancel", "end")),
                    next((a for a in legal if not a.startswith(("offer", "maritime"))), legal[0]),
                )
                block = term.type(pick + "\n")
            blocks.append(block)
            if answered and len(blocks) > 40:
                break
        assert offered and answered and rolled_by_tab
        for block in blocks[1:]:
            events = [x for x in block.splitlines() if EVENT_LINE.match(x)]
            # The board is drawn again exactly when a piece or the robber moved.
            assert bool(BOARD_LINE.search(block)) == any(MOVES.search(x) for x in events), block
            # Events in words: production, steals and trades too, no coordinates.
            assert not any(BOARD_LINE.search(x) for x in events), events
        text = "".join(blocks)
        assert re.search(r"^  The \d+ produces: |^  Nothing is produced on the ", text, re.M)
        assert "received" not in text  # no raw production vectors
    finally:
        term.close()


def test_an_answer_typed_without_the_offers_number_answers_the_offer_shown() -> None:
    # The terminal stands still while the person types, so "reject" can only mean the
    # offer on the screen: it is taken as that offer's "reject #N".
    rng = random.Random(3)
    bare: list[str] = []

    def read(prompt: str, legal: Sequence[str]) -> str:
        named = next((a for a in legal if re.fullmatch(r"p0 reject #\d+", a)), None)
        if named is not None:
            bare.append(named)
            return "reject"
        quiet = [a for a in legal if " offer " not in a] or list(legal)
        return rng.choice(quiet)

    out = io.StringIO()
    game = play_terminal(Rules(players=4, vp_target=5, seed=5), bot="greedy", read=read, out=out)
    assert bare, "no bot offered the person a trade"
    texts = [item[0] for item in game.to_json()["actions"]]
    assert all(named in texts for named in bare)
    assert "Refused" not in out.getvalue()


def test_an_offer_typed_without_to_is_made_to_every_other_player() -> None:
    # "offer 1ore for 1brick" with no "to …" is offered to the table, as the help says.
    rng = random.Random(4)
    typed: list[str] = []

    def read(prompt: str, legal: Sequence[str]) -> str:
        if len(typed) == 2:
            return "quit"
        offer = next((a for a in legal if " offer " in a), None)
        if offer is not None:
            m = re.fullmatch(r"p0 offer (\S+) for (\S+) to \S+", offer)
            assert m is not None, offer
            # First without "for" (refused, saying how an offer is written), then right.
            typed.append(f"offer {m[1]} {m[2]}" if not typed else f"offer {m[1]} for {m[2]}")
            return typed[-1]
        return rng.choice(list(legal))

    out = io.StringIO()
    game = play_terminal(Rules(players=3, seed=6), bot="random", read=read, out=out)
    assert len(typed) == 2, "p0 never had an offer to make"
    texts = [item[0] for item in game.to_json()["actions"]]
    assert f"p0 {typed[1]} to p1,p2" in texts
    refusals = re.findall(r"^Refused: .*\n.*$", out.getvalue(), re.M)
    assert len(refusals) == 1 and "(rule: Notation)" in refusals[0], refusals
    assert "write it as offer 1ore for 1brick (to every other player) or" in refusals[0]
    assert "offer 1ore for 1brick\n" in HELP and "every other player" in HELP


def test_the_discard_prompt_says_how_many_cards_are_owed() -> None:
    # The rulebook: on a 7, a hand above the limit (7) discards half, rounded down. The
    # person is told the count when asked, not by a refusal; after a part, what is left.
    prompts: list[str] = []

    def read(prompt: str, legal: Sequence[str]) -> str:
        if "to discard" in prompt:
            prompts.append(prompt)
            if len(prompts) == 2:
                return "quit"
            return next(a for a in legal if " discard 1" in a)  # one card of the owed
        # Never build or trade: the hand grows until a 7 makes it discard.
        for a in legal:
            if a.endswith((" roll", " end")) or " settlement " in a or " road " in a:
                return a
        return legal[0]

    out = io.StringIO()
    play_terminal(Rules(players=3, seed=2), bot="random", read=read, out=out)
    assert len(prompts) == 2, "the person never discarded"
    first = re.match(
        r"p0 to discard (\d+) cards: a 7 was rolled and you hold (\d+), more than 7, so half",
        prompts[0],
    )
    assert first is not None, prompts[0]
    owed, held = int(first[1]), int(first[2])
    assert held > 7 and owed == held // 2
    assert prompts[1].startswith(f"p0 to discard {count(owed - 1, 'more card')} (a 7 was rolled")
    assert "Refused" not in out.getvalue()


def test_the_shorthands_are_written_out_as_notation() -> None:
    from pysettlers.shorthand import written_out

    assert written_out(" roll ", 1, 4) == "p1 roll"
    assert written_out("offer 1ore for 1brick", 2, 4) == "p2 offer 1ore for 1brick to p0,p1,p3"
    assert written_out("p0 offer 2wool for 1ore to p1", 0, 3) == "p0 offer 2wool for 1ore to p1"
    assert written_out("offer 1ore 1brick", 0, 3) == "p0 offer 1ore 1brick"  # (the engine says)
