"""This scenario's part of a view as JSON: nothing of its own here (read by
``pysettlers.server.viewjson``)."""

NOTHING = (
    "the bridges add no part to a view (a bridge is a road piece; the water and port "
    "hexes are the board's JSON), so there is nothing to serialize"
)
