"""A player who plays the browser client by clicking only, for the browser tests.

What this is for: ``ClickPlayer`` reads the page (the status line, the highlighted targets,
the buttons, the hand's counts) and acts by clicking, as a person would; it never sends a
message of its own. It keeps score of what it did (a domestic offer answered by a bot, a
discard, a robber move with a steal, a development card bought and played) so a test can
assert the game covered them. With real dice (``manual_chance``) it chooses its own rolls:
a 7 once it holds more than 7 cards, so that a discard and a robber move happen.

What this is not: a strategy. It builds what is highlighted, trades a little, and ends
its turn; the game ends when someone (usually a bot) reaches the small target.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, WebSocketRoute
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from pysettlers.engine import (
    GameState,
    chance_outcomes,
    deciders,
    format_action,
    legal_actions,
    observe,
    parse_action,
)
from pysettlers.engine.actions import parse_outcome
from pysettlers.engine.game import apply_checked

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
TERRAIN = {
    "hills": "brick",
    "forest": "lumber",
    "pasture": "wool",
    "fields": "grain",
    "mountains": "ore",
}
DICE = {
    2: "1+1",
    3: "1+2",
    4: "1+3",
    5: "2+3",
    6: "3+3",
    8: "4+4",
    9: "4+5",
    10: "4+6",
    11: "5+6",
    12: "6+6",
}
CORNERS = {"N": (0, -2), "NE": (1, -1), "SE": (1, 1), "S": (0, 2), "SW": (-1, 1), "NW": (-1, -1)}
NAME = re.compile(r"\((-?\d+),(-?\d+)\)([NSEW]*)")

# What the page shows, read in the page (wait_for_function): whose move it is...
TURN = """() => {
  const g = document.querySelector('.game');
  if (!g) return null;
  if (g.dataset.status === 'finished') return 'over';
  if (document.querySelector('.modal')) return 'dialog';
  if (g.dataset.legal !== '0' && !document.querySelector('.controls.sent')) return 'mine';
  return null;
}"""
# ...whether the last click was answered (a dialog opened, or nothing waits for the server)...
SETTLED = "() => !!document.querySelector('.modal') || !document.querySelector('.controls.sent')"
# ...and whether a newer state came.
NEWER = "v => { const g = document.querySelector('.game'); return !g || g.dataset.version !== v; }"


def lattice(name: str) -> tuple[int, int]:
    """The lattice point of an intersection's name (topology.py's corner keys)."""
    m = NAME.fullmatch(name)
    assert m, name
    q, r = int(m.group(1)), int(m.group(2))
    dx, dy = CORNERS[m.group(3)]
    return 2 * q + r + dx, 3 * r + dy


@dataclass
class ClickPlayer:
    page: Page
    manual: bool = False
    did: dict[str, int] = field(default_factory=dict)
    rolls: int = 0
    offers: int = 0
    offer_turn: int | str = -1
    clicks: int = 0
    shots: Any = None  # a callable(name) that saves a screenshot, or None
    taken: set[str] = field(default_factory=set)
    looked_at: str = ""  # the version of the state the current decision was made on

    def snap(self, name: str) -> None:
        """A screenshot of the first time something is seen."""
        if self.shots is not None and name not in self.taken:
            self.taken.add(name)
            self.shots(name)

    def note(self, what: str) -> None:
        self.did[what] = self.did.get(what, 0) + 1

    # -- reading the page -------------------------------------------------------------------

    def game(self) -> dict[str, str]:
        out: dict[str, str] = self.page.eval_on_selector(".game", "e => ({...e.dataset})")
        return out

    def hand(self) -> dict[str, int]:
        cards = self.page.query_selector_all(".hand .card[data-res]")
        return {
            c.get_attribute("data-res") or "": int(c.get_attribute("data-count") or 0)
            for c in cards
        }

    def visible(self, selector: str) -> bool:
        el = self.page.query_selector(selector)
        return el is not None and el.is_visible()

    def click(self, selector: str) -> None:
        """Click as a person would. The game moves on by itself (bots answer an offer, a
        new state opens the discard picker, closes a dialog or redraws the controls): a
        click that a dialog now covers, or whose button the newer state no longer has, is
        not made — the next look at the page decides again."""
        outside = not selector.startswith(".modal")
        if outside and self.visible(".modal"):
            return
        try:
            self.page.click(selector, timeout=5_000)
        except PlaywrightTimeout:
            moved = self.game().get("version") != self.looked_at
            if moved or (outside and self.visible(".modal")):
                return
            raise
        self.clicks += 1

    # -- playing ----------------------------------------------------------------------------

    def wait_for_turn(self, timeout: float = 120) -> str:
        """Wait until this seat must decide, a dialog asks something, or the game is over —
        a condition the page is polled for, never a fixed wait."""
        handle = self.page.wait_for_function(TURN, timeout=timeout * 1000, polling=50)
        what: str = handle.json_value()
        return what

    def play(self, max_steps: int = 3000) -> None:
        """Decide until the game is over (and fail, not hang, if the game stops moving)."""
        same = 0
        for _ in range(max_steps):
            what = self.wait_for_turn()
            if what == "over":
                return
            version = self.game().get("version", "")
            same = same + 1 if version == self.looked_at else 0
            if same > 60:
                raise AssertionError(f"60 decisions without progress at version {version}")
            self.looked_at = version
            if what == "dialog":
                self.answer_dialog()
            else:
                self.decide()
            self.settle(version)
        raise AssertionError("the game did not end")

    def settle(self, version: str) -> None:
        """After a click: wait for its answer — a dialog, or the action sent and answered
        (the page drops its 'sent' mark when the next state or a refusal arrives)."""
        self.page.wait_for_function(SETTLED, timeout=60_000, polling=50)

    def next_state(self, version: str) -> None:
        """Wait for a state newer than ``version`` (someone else's move)."""
        self.page.wait_for_function(NEWER, arg=version, timeout=60_000, polling=50)

    def answer_dialog(self) -> None:
        head = self.page.query_selector(".modal h2")
        if head is None:
            return  # closed by a newer state meanwhile
        title = head.inner_text()
        self.snap("dialog-" + title.split()[0].lower())
        if title.startswith("Discard"):
            owed = int(title.split()[1])
            hand = self.hand()
            for _ in range(owed):
                r = max(hand, key=lambda k: hand[k])
                hand[r] -= 1
                self.click(f".modal .step-up[data-res={r}]")
            self.click(".modal .primary")
            self.note("discard")
        elif title.startswith("Enter the dice"):
            roll = self.best_roll()
            if (
                sum(self.hand().values()) > 7
                and not self.did.get("discard")
                and self.rich_opponent()
            ):
                roll = "3+4"  # a discard, then the robber steals from someone who has cards
            self.rolls += 1
            a, b = roll.split("+")
            self.click(f".modal [data-die='0-{a}']")
            self.click(f".modal [data-die='1-{b}']")
            self.click(".modal .primary")
        elif title.startswith("Which card was drawn"):
            self.click(".modal .choice >> text=knight")
        elif title.startswith("Which card was taken"):
            # At a real table the thief sees the card; here: try each until the engine agrees.
            tried = self.did.get("steal-tries", 0)
            self.note("steal-tries")
            self.click(f".modal .choice:nth-child({tried % 5 + 1})")
            self.note("robber-steal")
        elif title.startswith("Move the robber to"):
            # Steal from the victim who holds the most cards.
            held = self.cards_held()
            choices = self.page.query_selector_all(".modal .choice")
            words = [c.inner_text() for c in choices]
            names = self.page.eval_on_selector_all(
                ".player",
                "els => els.map(e => [e.dataset.seat,"
                " e.querySelector('.pname').firstChild.textContent])",
            )

            def rich(w: str) -> int:
                # ("... and steal from Ann (3 cards)")
                return max((held.get(q, 0) for q, n in names if f"from {n} (" in w), default=-1)

            best = max(range(len(choices)), key=lambda i: rich(words[i]))
            self.clicks += 1
            choices[best].click()
        elif title == "Game over":
            self.click(".modal .close")
        else:
            self.click(".modal .close")

    def site_value(self, target: Any) -> float:
        """Pips of the hexes around an intersection, ore, wool and grain counted double."""
        spot = lattice(target.get_attribute("data-name") or "")
        hexes = self.page.eval_on_selector_all(
            ".hex[data-number]",
            "els => els.map(e => [e.dataset.hex, e.dataset.terrain, +e.dataset.number])",
        )
        value = 0.0
        for hex_name, terrain, number in hexes:
            if number and spot in {lattice(hex_name + c) for c in CORNERS}:
                pips = 6 - abs(7 - number)
                value += pips * (2 if TERRAIN[terrain] in ("ore", "wool", "grain") else 1)
        return value

    def cards_held(self) -> dict[str, int]:
        """Each seat's hand size, from the players' panels (public)."""
        rows = self.page.eval_on_selector_all(
            ".player",
            "els => els.map(e => [e.dataset.seat, +e.querySelector('.stat b').textContent])",
        )
        return {seat: n for seat, n in rows}

    def rich_opponent(self) -> bool:
        """Another player holds at least two cards (read from the players' panels)."""
        seat = self.game().get("seat")
        counts = self.page.eval_on_selector_all(
            f".player:not([data-seat='{seat}']) .stat:first-child b",
            "els => els.map(e => +e.textContent)",
        )
        return any(c >= 2 for c in counts)

    def best_roll(self) -> str:
        """The total that pays this seat most, the resources it lacks counted double
        (read from the board: its pieces' corners and the hexes around them)."""
        seat = self.game().get("seat")
        mine = self.page.eval_on_selector_all(
            f".piece[data-seat='{seat}']",
            "els => els.map(e => [e.dataset.name, e.classList.contains('city')])",
        )
        hexes = self.page.eval_on_selector_all(
            ".hex[data-number]",
            "els => els.map(e => [e.dataset.hex, e.dataset.terrain, +e.dataset.number])",
        )
        hand = self.hand()
        score = dict.fromkeys(DICE, 0.0)
        for name, city in mine:
            spot = lattice(name)
            for hex_name, terrain, number in hexes:
                if not number:
                    continue
                corners = {lattice(hex_name + c) for c in CORNERS}
                if spot in corners:
                    res = TERRAIN[terrain]
                    need = 2.0 if hand.get(res, 0) == 0 else 1.0
                    if res in ("ore", "wool", "grain") and not self.did.get("buy"):
                        need *= 3  # a development card to buy
                    score[number] += need * (2 if city else 1)
        best = max(score.values())
        totals = [t for t in DICE if score[t] == best]
        return DICE[totals[self.rolls % len(totals)]]

    def decide(self) -> None:
        page = self.page
        g = self.game()
        phase = g.get("phase")
        if self.visible(".offer-box [data-act^='p'][data-act*='confirm']"):
            self.click(".offer-box [data-act*='confirm']")
            self.note("traded")
            self.note("offer-answered")
            return
        if self.visible(".offer-box [data-act=reject]"):
            # A bot's offer waits for my answer (accepting or not, it is never withdrawn
            # under me): this player keeps its own plans and says no.
            self.click(".offer-box [data-act=reject]")
            self.note("bot-offer-answered")
            return
        if self.visible(".offer-box"):
            self.snap("offer-answers")
        if self.visible(".offer-box [data-act=cancel]"):
            # My offer: wait for every answer, then withdraw it (nobody accepted).
            answers = page.inner_text(".offer-box .answers")
            if "pending" in answers:
                self.next_state(g.get("version", ""))  # the next answer
                return
            if "rejected" in answers or "counters" in answers:
                self.note("offer-answered")
            self.click(".offer-box [data-act=cancel]")
            return
        if self.visible("[data-act=discard]"):
            self.click("[data-act=discard]")
            return
        if phase == "move_robber":
            self.snap("robber")
            targets = page.query_selector_all(".target.hex")
            held = self.cards_held()
            # A hex where a victim holds cards (the players' panels show how many).
            steal = [
                t
                for t in targets
                if any(
                    held.get(a.split()[-1][1:], 0) > 0
                    for a in (t.get_attribute("data-acts") or "").split("|")
                    if len(a.split()) == 4
                )
            ]
            (steal or targets)[0].dispatch_event("click")
            self.clicks += 1
            return
        if self.visible("[data-act=roll]"):
            if self.visible("[data-act=play-knight]") and not self.did.get("knight"):
                self.click("[data-act=play-knight]")
                self.note("knight")
                return
            self.click("[data-act=roll]")
            return
        # Keep every card until the 7 is rolled (a discard needs more than seven), then build.
        # After it, build nothing before a development card is bought either.
        hoard = phase not in ("setup_settlement", "setup_road") and not self.did.get("discard")
        saving = hoard or not self.did.get("buy")
        if phase == "setup_settlement":
            # Settle where ore, wool and grain come often: a development card needs them.
            best = max(page.query_selector_all(".target.settlement"), key=self.site_value)
            best.dispatch_event("click")
            self.clicks += 1
            return
        for kind in ("city", "settlement", "road"):
            target = page.query_selector(f".target.{kind}")
            if target is None or (
                saving and phase not in ("road_building", "setup_settlement", "setup_road")
            ):
                continue
            if kind == "road" and phase == "main":
                if self.did.get("roads", 0) >= 5:
                    continue  # keep cards for settlements and cities
                self.note("roads")
            target.dispatch_event("click")
            self.clicks += 1
            return
        if self.visible("[data-act=buy]") and self.did.get("buy", 0) < 2 and not hoard:
            self.click("[data-act=buy]")
            self.note("buy")
            return
        if self.visible("[data-act=play-knight]") and not self.did.get("knight"):
            self.click("[data-act=play-knight]")
            self.note("knight")
            return
        if (
            self.visible("[data-act=trade]")
            and not hoard
            and not self.did.get("buy")
            and self.bank()
        ):
            return
        if (
            self.visible("[data-act=trade]")
            and self.offers < 6
            and self.offer_turn != g.get("turn")
        ):
            self.offer_turn = g.get("turn", "")
            if self.offer():
                return
        if self.visible("[data-act=end]"):
            self.click("[data-act=end]")
            return
        buttons = page.query_selector_all(".controls button.act")
        if buttons:  # (none: the state moved on meanwhile; look again)
            buttons[0].click()

    def bank(self) -> bool:
        """A maritime trade towards a development card (ore, wool, grain), if one is offered."""
        hand = self.hand()
        missing = [r for r in ("ore", "wool", "grain") if hand[r] == 0]
        spare = [r for r in RESOURCES if hand[r] >= 4 + (r in ("ore", "wool", "grain"))]
        if not missing or not spare:
            return False
        self.click("[data-act=trade]")
        if not self.visible(".modal [data-tab=bank]"):
            self.click(".modal .close")
            return False
        self.click(".modal [data-tab=bank]")
        give = self.page.query_selector(f".modal [data-give={spare[0]}]:not([disabled])")
        if give is None:
            self.click(".modal .close")
            return False
        give.click()
        self.click(f".modal [data-get={missing[0]}]")
        self.snap("trade-bank")
        self.click(".modal [data-send=maritime]")
        self.note("maritime")
        return True

    def offer(self) -> bool:
        """Offer one card of the most held resource for one of the least held, to everyone."""
        hand = self.hand()
        give = max(hand, key=lambda r: hand[r])
        get = min(hand, key=lambda r: hand[r])
        if hand[give] < 2 or give == get:
            return False
        self.click("[data-act=trade]")
        if not self.visible(".modal [data-tab=players]"):
            self.click(".modal .close")
            return False
        self.click(".modal [data-tab=players]")
        self.click(f".modal .offer-compose .stepper >> nth=0 >> [data-res={give}]")
        self.click(f".modal .offer-compose .stepper >> nth=1 >> [data-res={get}]")
        self.snap("trade-offer")
        self.click(".modal [data-send=offer]")
        self.offers += 1
        self.note("offer")
        return True


def seen(page: Page) -> dict[str, Any]:
    """The page's game dataset (version, seat, phase...)."""
    out: dict[str, Any] = page.eval_on_selector(".game", "e => ({...e.dataset})")
    return out


# -- a game whose seats the test holds: a situation set up quickly, then one seat handed to a page

Pick = tuple[str, str | None]  # an action in notation and its chance outcome (real dice)


class Table:
    """A game on the server with every seat human and held by the test (real dice: the
    test chooses rolls and cards). It acts for any seat over that seat's own WebSocket, as
    any client would, so a test reaches a situation in a few dozen actions; then
    :meth:`open` hands a seat to a browser page (its token in localStorage, as the lobby
    leaves it) and the test keeps playing the other seats."""

    def __init__(self, base: str, rules: dict[str, Any], *, name: str = "Ann") -> None:
        import httpx

        self.base = base
        n = int(rules.get("players", 4))
        body = {
            "rules": rules,
            "seats": [{"kind": "human"}] * n,
            "join": 0,
            "player_name": name,
            "public": False,
            "manual_chance": True,
            "absent_limit": 86400,  # nobody is replaced by a stand-in bot while the test waits
        }
        r = httpx.post(f"{base}/api/games", json=body, timeout=20)
        assert r.status_code == 201, r.text
        created = r.json()
        self.id: str = created["game"]["id"]
        self.n = n
        self.tokens: dict[int, str] = {0: created["you"]["token"]}
        self.names = {0: name}
        for inv in created["invites"]:
            who = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay"][inv["seat"]]
            j = httpx.post(
                f"{base}/api/games/{self.id}/join",
                json={"invite": inv["invite"], "name": who},
                timeout=20,
            ).json()
            self.tokens[j["seat"]] = j["token"]
            self.names[j["seat"]] = who
        self.socks: dict[int, Any] = {}
        self.states: dict[int, dict[str, Any]] = {}
        self.ids = 0
        for seat in range(n):
            self.connect(seat)

    # -- the seats' connections -------------------------------------------------------------

    def connect(self, seat: int) -> None:
        import json

        from websockets.sync.client import connect

        url = self.base.replace("http://", "ws://") + f"/ws/games/{self.id}"
        ws = connect(url, proxy=None, max_size=2**22, compression=None, legacy=True)
        ws.send(json.dumps({"type": "hello", "protocol": 1, "token": self.tokens[seat]}))
        self.socks[seat] = ws
        self.wait(lambda: seat in self.states, f"seat {seat}'s first state")

    def drain(self, block: float = 0.0) -> None:
        """Read every message waiting on the test's sockets (the newest state per seat)."""
        import json

        for seat, ws in list(self.socks.items()):
            timeout = block
            while True:
                try:
                    text = ws.recv(timeout=timeout)
                except TimeoutError:
                    break
                timeout = 0
                msg = json.loads(text)
                if msg["type"] == "state":
                    self.states[seat] = msg
                elif msg["type"] == "error":
                    raise AssertionError(f"seat {seat}: refused: {msg}")
            block = 0.0

    def wait(self, cond: Any, what: str, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while not cond():
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout} s for {what}")
            self.drain(block=0.05)

    def wait_past(self, version: int, what: str) -> None:
        """Wait until every held seat saw the game past ``version`` (an action the page
        sent was accepted)."""
        self.wait(lambda: all(s["version"] > version for s in self.states.values()), what)

    def state(self, seat: int | None = None) -> dict[str, Any]:
        """The newest state one of the test's seats holds (seat 0's if the test holds it)."""
        self.drain()
        if seat is None:
            seat = min(self.states, key=lambda q: (-self.states[q]["version"], q))
        return self.states[seat]

    @property
    def version(self) -> int:
        return int(self.state()["version"])

    def view(self, seat: int | None = None) -> dict[str, Any]:
        v: dict[str, Any] = self.state(seat)["view"]
        return v

    def act(self, seat: int, action: str, outcome: str | None = None) -> None:
        """One action of a seat the test holds, waited for until every held seat saw it."""
        import json

        st = self.state(seat)
        self.ids += 1
        msg = {"type": "action", "action": action, "version": st["version"], "id": f"t{self.ids}"}
        if outcome is not None:
            msg["outcome"] = outcome
        self.socks[seat].send(json.dumps(msg))
        v = st["version"] + 1
        self.wait(lambda: all(s["version"] >= v for s in self.states.values()), action)

    def deciding(self) -> list[int]:
        """The seats the test holds that must decide now."""
        self.drain()
        return [q for q in sorted(self.socks) if self.states[q]["legal"]]

    def play(self, choose: Any, until: Any, limit: int = 400) -> None:
        """Act for the test's seats with ``choose(table, seat, legal) -> (action, outcome)``
        until ``until(table)``; waits while a page's seat decides."""
        for _ in range(limit):
            if until(self):
                return
            seats = self.deciding()
            if not seats:
                self.drain(block=0.1)
                continue
            seat = seats[0]
            action, outcome = choose(self, seat, self.states[seat]["legal"])
            self.act(seat, action, outcome)
        raise AssertionError(f"not reached in {limit} actions: {self.view()['phase']}")

    # -- handing a seat to a page --------------------------------------------------------------

    def open(self, page: Page, seat: int = 0) -> None:
        """Give ``seat`` to the page: the test lets go of it, the page takes its token."""
        import json

        ws = self.socks.pop(seat, None)
        if ws is not None:
            ws.close()
            self.states.pop(seat, None)
        held = {self.id: {str(seat): {"token": self.tokens[seat], "name": self.names[seat]}}}
        page.goto(self.base + "/")
        page.evaluate("s => localStorage.setItem('pysettlers.seats', s)", json.dumps(held))
        page.goto(f"{self.base}/#/game/{self.id}")
        page.wait_for_selector(f".game[data-seat='{seat}'][data-version='{self.version}']")

    def close(self) -> None:
        for ws in self.socks.values():
            ws.close()
        self.socks.clear()


# -- steering a table: rolls and set-up that bring one seat the resources it wants -------------


def pips(number: int) -> int:
    return 0 if not number else 6 - abs(7 - number)


def site_income(view: dict[str, Any], name: str) -> dict[str, float]:
    """Pips per resource of the hexes around the intersection ``name``."""
    spot = lattice(name)
    out: dict[str, float] = dict.fromkeys(RESOURCES, 0.0)
    for hx in view["board"]["hexes"]:
        if hx["terrain"] in TERRAIN and spot in {lattice(hx["hex"] + c) for c in CORNERS}:
            out[TERRAIN[hx["terrain"]]] += pips(hx["number"])
    return out


@dataclass
class Steer:
    """A simple way to play every held seat: ``me`` settles where ``want`` is produced and
    every roll pays ``me`` what it lacks most; the others place the first site listed,
    never roll a 7, reject offers, pass and end their turns. ``buy``: the development cards
    ``me`` buys (the real-dice card drawn), in order, as soon as it can."""

    me: int = 0
    want: tuple[str, ...] = ("ore", "wool", "grain")
    buy: list[str] = field(default_factory=list)

    def __call__(self, t: Table, seat: int, legal: list[str]) -> Pick:
        view = t.view(seat)
        phase = view["phase"]
        first = legal[0]
        if phase == "setup_settlement" and seat == self.me:
            sites = [a for a in legal if " settlement " in a]

            def score(a: str) -> float:
                inc = site_income(view, a.split()[2])
                return sum(inc[r] for r in self.want) * 10 + sum(inc.values())

            return max(sites, key=score), None
        if f"p{seat} roll" in legal:
            return f"p{seat} roll", self.roll(t, view)
        if seat == self.me and f"p{seat} buy" in legal and self.buy:
            return f"p{seat} buy", self.buy.pop(0)
        for a in legal:
            if a.endswith(" reject") or a.endswith(" cancel"):
                return a, None
        if f"p{seat} end" in legal:
            return f"p{seat} end", None
        return first, None

    def roll(self, t: Table, view: dict[str, Any]) -> str:
        """The total that pays ``me`` most of what it holds least of (never a 7)."""
        me = self.me
        mine = [n for n, b in view["buildings"].items() if b["player"] == me]
        hand = dict.fromkeys(RESOURCES, 0)
        if me in t.states:  # (once the page holds ``me``, its hand is not known here)
            hand = t.states[me]["view"]["you"]["hand"]
        score = dict.fromkeys(DICE, 0.0)
        for name in mine:
            spot = lattice(name)
            level = 2 if view["buildings"][name]["kind"] == "city" else 1
            for hx in view["board"]["hexes"]:
                if hx["terrain"] not in TERRAIN or hx["hex"] == view["robber"]:
                    continue
                if spot in {lattice(hx["hex"] + c) for c in CORNERS}:
                    res = TERRAIN[hx["terrain"]]
                    weight = (3.0 if res in self.want else 1.0) / (1 + hand.get(res, 0))
                    score[hx["number"]] = score.get(hx["number"], 0) + weight * level
        best = max(DICE, key=lambda d: score.get(d, 0))
        return DICE[best]


# -- a page whose game the engine plays in the test, on a position --------------------------

GAME = "engine-side"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay"]


class EngineSide:
    """The server's side of one seat's connection, played by the engine on a position
    (``builders.position``): the page's WebSocket and its game's summary are answered in
    the test (Playwright's ``route_web_socket``) with the messages the server would send —
    ``observe`` views, the legal list in notation, ``accepted``, or an ``error`` for what
    the engine refuses. ``manual``: real dice, the page sends each chance outcome (and
    none where there is nothing to draw), as the server requires."""

    def __init__(self, s: GameState, seat: int, *, manual: bool = False) -> None:
        self.s = s
        self.seat = seat
        self.manual = manual
        self.outcomes: list[str | None] = []
        self.sent: list[str] = []
        self.refused: list[str] = []
        self.seats = [
            {
                "seat": q,
                "kind": "human",
                "name": NAMES[q],
                "bot": None,
                "taken": True,
                "connected": True,
                "stand_in": False,
            }
            for q in range(s.n)
        ]
        from pysettlers.server.drawing import hints
        from pysettlers.server.wordsjson import named_seats

        self.seats = named_seats(self.seats)  # (with their display names, as the server's)

        # The scenarios' drawing hints, as the server's welcome carries them (a test may
        # swap them to see that the page draws from them).
        self.drawing: dict[str, dict[str, Any]] = hints(s.rules)

    def state(self, since: int | None) -> str:
        import json

        s = self.s
        from pysettlers.server.wordsjson import seat_names, state_words

        legal = []
        actions = []
        if self.seat in deciders(s):
            actions = list(legal_actions(s, self.seat))
            legal = [format_action(a, s.topo) for a in actions]
        seen = observe(s, self.seat, since_version=since)
        view = seen.to_json()
        # The words the server sends beside the view (server/wordsjson.py).
        names = seat_names(self.seats)
        said = state_words(seen, names, zip(legal, actions), status="in_progress", log=s.log)
        message = {
            "type": "state",
            "game": GAME,
            "status": "in_progress",
            "version": s.version,
            "seat": self.seat,
            "legal": legal,
            "stand_in": False,
            "deadline": None,
            **said,
            "view": view,
        }
        return json.dumps(message)

    def serve(self, ws: WebSocketRoute) -> None:
        import json

        def on_message(text: str | bytes) -> None:
            msg = json.loads(text)
            if msg["type"] == "hello":
                welcome = {"type": "welcome", "protocol": 1, "game": GAME, "seat": self.seat}
                more = {"seats": self.seats, "chat": [], "drawing": self.drawing}
                ws.send(json.dumps({**welcome, **more}))
                ws.send(self.state(None))
            elif msg["type"] == "action":
                self.sent.append(msg["action"])
                self.outcomes.append(msg.get("outcome"))
                before = self.s.version
                try:
                    a = parse_action(msg["action"], self.s.topo)
                    outcomes = chance_outcomes(self.s, a)
                    outcome = outcomes[0][0] if outcomes else None
                    if self.manual and bool(outcomes) != ("outcome" in msg):
                        raise ValueError("the outcome is sent exactly when there is one")
                    if self.manual and outcomes:
                        outcome = parse_outcome(a.kind, msg["outcome"])
                    apply_checked(self.s, a, outcome)
                except Exception as e:  # the server's refusal, as the page would get it
                    from pysettlers.server.wordsjson import refusal_words, seat_names

                    self.refused.append(f"{msg['action']}: {e}")
                    # (in the table's words, as the server says it: server/play.py)
                    rule = getattr(e, "rule", None)  # (an IllegalActionError's, apart)
                    text = getattr(e, "message", None) if rule else str(e)
                    said = refusal_words(text or str(e), seat_names(self.seats), self.seat)
                    error = {"type": "error", "code": "illegal", "message": said}
                    ws.send(json.dumps({**error, "rule": rule, "id": msg["id"]}))
                    return
                ok = {"type": "accepted", "id": msg["id"], "version": self.s.version}
                ws.send(json.dumps({**ok, "duplicate": False}))
                ws.send(self.state(before))

        ws.on_message(on_message)

    def summary(self) -> dict[str, Any]:
        return {
            "id": GAME,
            "name": ", ".join(self.s.rules.scenarios).title() or "Base game",
            "status": "in_progress",
            "seats": self.seats,
            "manual_chance": self.manual,
            "public": False,
            "turn": self.s.turn,
            "version": self.s.version,
            "winner": None,
            # The game's own rules, as the server's summary gives them (its seed kept back).
            "rules": {k: v for k, v in self.s.rules.to_json().items() if k != "seed"},
        }

    def open(self, page: Page, base: str) -> None:
        """Route the page's game to this side and open it as the page's seat."""
        import json

        page.route(f"**/api/games/{GAME}", lambda route: route.fulfill(json=self.summary()))
        page.route_web_socket(f"**/ws/games/{GAME}", self.serve)
        page.goto(base + "/")
        held = {GAME: {str(self.seat): {"token": "t" * 16, "name": NAMES[self.seat]}}}
        page.evaluate("s => localStorage.setItem('pysettlers.seats', s)", json.dumps(held))
        page.goto(f"{base}/#/game/{GAME}")
        page.wait_for_selector(f".game[data-seat='{self.seat}'][data-legal]:not([data-legal='0'])")
