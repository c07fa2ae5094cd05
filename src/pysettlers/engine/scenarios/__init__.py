"""Scenarios and variants, one package each, attached through ``scenario.py``'s hooks.

What this is for: importing this package registers every scenario the engine ships (the
engine package imports it once). Each subpackage registers its rules, hooks, events and
notation; the base game never imports any of them. Today: ``alternate`` (the 1996
alternate rules that add decisions: 1, 5 and 8), ``pirate`` (the 1996 pirate: the robber
on a harbor), ``islands`` (bridges on the 1996 Islands of Catan maps) and ``helpers``
(Helpers of CATAN) and ``ships`` (Seafarers ships, ``Rules.ships``): each a
:class:`~pysettlers.engine.scenario.Scenario` subclass whose ``enabled(rules)`` reads its
option in ``Rules``.

The import order is the order in which hooks run: the pirate's closed harbor is taken out
of the harbor rates before the helpers' changes (Jean's 2:1) apply on top of them.

What this is not: a plug-in system for third-party code.
"""

from __future__ import annotations

from . import alternate, islands, pirate, ships

# isort: split
from . import helpers

__all__ = ["alternate", "helpers", "islands", "pirate", "ships"]
