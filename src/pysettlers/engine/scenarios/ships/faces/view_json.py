"""This scenario's part of a view as JSON: nothing of its own here (read by
``pysettlers.server.viewjson``)."""

NOTHING = (
    "its part of a view (view.ext) serializes itself with its own to_json, which "
    "View.to_json and the server's ViewCache call for every part alike"
)
