"""The 1996 pirate on the terminal's board: its legend line (read by ``pysettlers.render``;
the contract is its ``FACE_MEMBERS``). The robber on a harbor is drawn by the board itself:
where the robber stands is a site of the topology, a hex or a harbor."""

from __future__ import annotations

LEGEND = "\n        ROBBER 2:1 ore: the robber on that harbor (the pirate), no trade there"
