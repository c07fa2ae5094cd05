"""This scenario's part of a view as JSON: nothing of its own here (read by
``pysettlers.server.viewjson``)."""

NOTHING = (
    "the 1996 alternate rules add no part to a view (hands face up are the view's "
    "public hands), so there is nothing to serialize"
)
