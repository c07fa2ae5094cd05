"""Language-model players: the ``llm`` bot, its endpoint, the texts it reads, a fake server.

What this is for: seating a language model behind any OpenAI-compatible chat-completions
endpoint (a hosted API; Ollama, llama.cpp's server or vLLM on your machine) at the table as
the bot ``llm`` (:mod:`.bot`), found as the ecosystem expects (:mod:`.endpoint`), reading
the rules in brief and the notation (:mod:`.texts`, also the MCP server's resources); and a
small local OpenAI-compatible server answering by rule (:mod:`.fake`) for tests and dry
runs without a model. ``docs/llm.md`` is the guide.

What this is not: part of the engine (which stays without dependencies): the bot needs the
``openai`` SDK, the ``llm`` extra (``pip install 'pysettlers[llm]'``), imported only when
the bot is built, so importing this package or the bot registry needs nothing.
"""

from __future__ import annotations

from .texts import notation_summary, rules_summary

__all__ = ["notation_summary", "rules_summary"]
