"""This scenario's part of a view as JSON: nothing of its own here (read by
``pysettlers.server.viewjson``)."""

NOTHING = (
    "the pirate adds no part to a view (the robber's site, a hex or a harbor, is the "
    "view's robber), so there is nothing to serialize"
)
