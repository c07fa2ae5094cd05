"""MkDocs hooks for the documentation site (``mkdocs.yml``: ``hooks``).

What this is for: the package's docstrings cross-reference in Sphinx's roles
(``:func:`apply```, ``:class:`~pysettlers.engine.View```), which mkdocstrings renders as
text. This hook turns each role into plain inline code in the rendered pages, the ``~``
form shortened to its last name as Sphinx shows it. What this is not: link resolution.
"""

from __future__ import annotations

import re
from typing import Any

# ":func:<code>apply</code>" as rendered; the role's text is the code element that follows.
_ROLE = re.compile(r":(?:func|class|meth|mod|attr|data|exc|obj|const|py:\w+):(<code>)")
_TILDE = re.compile(r"<code>~(?:[\w]+\.)*(\w+)</code>")


def on_page_content(html: str, **kwargs: Any) -> str:
    """The page's HTML with Sphinx roles turned into inline code."""
    return _TILDE.sub(r"<code>\1</code>", _ROLE.sub(r"\1", html))
