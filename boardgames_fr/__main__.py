"""``python -m boardgames_fr``: the ``boardgames-fr`` command, where the script is not on
PATH (a venv not activated, Windows)."""

from __future__ import annotations

import sys

from boardgames_fr.cli import main

if __name__ == "__main__":
    sys.exit(main())
