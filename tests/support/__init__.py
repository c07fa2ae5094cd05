"""What the tests share that is not a fixture: position builders, the invariant harness, the
server and browser drivers, bot wrappers and the repository's paths. Fixtures are in the
``conftest.py`` files (``tests/`` for all, ``tests/web/`` for the browser's)."""
