"""Scenarios and variants, one package each, attached through ``scenario.py``'s hooks.

What this is for: importing this package registers every scenario the engine ships (the
engine package imports it once). Each subpackage registers its rules, hooks, events and
notation; the base game never imports any of them. Today: ``helpers`` (Helpers of CATAN)
``alternate`` (the 1996 alternate rules that add decisions: 1, 5 and 8) and ``islands``
(bridges on the 1996 Islands of Catan maps). 7–8 players,
the islands maps with bridges, Seafarers ships and the pirate are added the same way: a
:class:`~pysettlers.engine.scenario.Scenario` subclass whose ``enabled(rules)`` reads its
option in ``Rules``.

What this is not: a plug-in system for third-party code.
"""

from __future__ import annotations

from . import alternate, helpers, islands

__all__ = ["alternate", "helpers", "islands"]
