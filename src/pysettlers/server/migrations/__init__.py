"""Alembic migrations of the server's database, shipped inside the package so that a plain
``pip install`` can create and upgrade a database (``store.migrate``); no ``alembic.ini``."""
