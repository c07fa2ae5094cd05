"""The 1996 rules' alternate rules (003, "ALTERNATE RULES"): their text, and how each is read.

What this is for: one place that quotes each alternate rule the engine plays, says which
reading of its words the engine takes where they leave room, and holds the small tests the
rule modules ask (``Rules.alternate`` names the rules in play; ``Rules.has(name)``).

* **2. ``open_hands``** — "All players must play with their hand of Resource cards face up
  (useful for beginners)." Every view shows every player's resource cards
  (``View.hands``); development cards stay hidden (the rule names resource cards only).
  The events of a steal stay redacted as usual: the hands show the card anyway.
* **3. ``development_after_roll``** — "Instead of playing Development cards at any time, a
  player cannot play them until after he rolls the dice on his turn." No development card
  is played before the roll (the base game allows a knight before it).
* **4. ``no_early_sevens``** — "In the first two complete turns, any roll of "7" is
  ignored and rolled again." A complete turn is a round in which every player has had a
  turn, so the rule covers turns 1 to ``2 × players``. The 7 has no effect at all (no
  discard, no robber); the same player rolls again, as a new roll action, so physical dice
  (a real table) work the same way; a ``SevenRerolled`` event says so.
* **6. ``no_trade_after_building``** — "Once a player starts building, he cannot make any
  more trades." The Almanac's separate trade and build phases are this rule (building a
  piece or buying a development card ends the trade phase), so ``Rules`` stores it as
  ``trade_build="separate"``.
* **7. ``keep_a_settlement``** — "At the end of a player's turn, he must have at least one
  settlement on the board." Nothing in the game takes a settlement off the board but its
  own upgrade to a city, so the rule is read as: a player may not upgrade their last
  settlement on the board. (Allowing it on the promise of a new settlement later in the
  turn could leave a player unable to end their turn.) A player who builds another
  settlement first may then upgrade either.

What this is not: the rule modules themselves (production, development, building and views
ask ``Rules.has``), nor rules 1, 5 and 8, which add decisions of their own and are scenarios
(``scenarios/alternate``).
"""

from __future__ import annotations

from .state import GameState

KEEP_A_SETTLEMENT_RULE = "Alternate rule 7 (keep a settlement)"


def early_turn(s: GameState) -> bool:
    """Whether the game is in its first two complete turns (alternate rule 4)."""
    return s.turn <= 2 * s.n


def settlements_on_board(s: GameState, p: int) -> int:
    """How many settlements (not cities) ``p`` has on the board."""
    lvl = s.building_level
    return sum(1 for v, o in enumerate(s.building_owner) if o == p and lvl[v] == 1)
