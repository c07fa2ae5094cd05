"""pysettlers: the CATAN board game rules in Python — engine, bots and tools.

The rules engine is :mod:`pysettlers.engine`; everything else adapts it.
"""

__version__ = "0.1.0"
