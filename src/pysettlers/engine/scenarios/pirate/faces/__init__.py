"""The 1996 pirate's faces: what the adapters show of it (``pysettlers.faces``).

Never imported by the engine; each module is read by one adapter."""
