"""The Helpers of CATAN's faces: what the adapters show of them (``pysettlers.faces``).

Never imported by the engine; each module is read by one adapter."""
