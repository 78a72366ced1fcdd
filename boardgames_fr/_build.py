"""Which modules run compiled and which run from their Python source.

The install compiles a few hot modules with mypyc (see ``setup.py``: Lactorama's rules,
the games' encoders): the same source, run as a C extension. Python imports an extension
before a ``.py`` file of the same name, so without care an extension would keep running
after its source has changed (an edited checkout, a ``git pull`` without a new install).
Each extension is therefore written with the SHA-256 of the source it was compiled from,
and this module, imported first by ``boardgames_fr``, makes Python import the source
instead whenever the two differ, or whenever the environment variable ``BGF_PURE_PYTHON``
is set (to anything but ``0``): the source is the reference, and the extension only ever
runs it faster.

Example:
    >>> from boardgames_fr import _build
    >>> "boardgames_fr.lactorama.rules" in _build.MODULES
    True
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["MODULES", "SourceFinder", "compiled", "pure_python", "up_to_date"]

# The modules setup.py compiles (keep the two lists the same).
MODULES = (
    "boardgames_fr.core.encoding",
    "boardgames_fr.dorge_et_ble.encode",
    "boardgames_fr.fromage.encode",
    "boardgames_fr.lactorama.autoplay",
    "boardgames_fr.lactorama.cards",
    "boardgames_fr.lactorama.encode",
    "boardgames_fr.lactorama.farms",
    "boardgames_fr.lactorama.negoce",
    "boardgames_fr.lactorama.rules",
    "boardgames_fr.little_factory.encode",
    "boardgames_fr.misere.encode",
)
_ROOT = Path(__file__).resolve().parent.parent


def pure_python() -> bool:
    """Whether ``BGF_PURE_PYTHON`` asks for the Python source of every module."""
    return os.environ.get("BGF_PURE_PYTHON", "") not in ("", "0")


def _source(name: str) -> Path:
    return _ROOT.joinpath(*name.split(".")).with_suffix(".py")


def up_to_date(source: Path) -> bool:
    """Whether the extension beside ``source`` was compiled from it as it is now: the
    stamp the build wrote (``rules.source-sha256`` for ``rules.py``) holds its SHA-256."""
    stamp = source.with_name(source.stem + ".source-sha256")
    try:
        built = stamp.read_text(encoding="ascii").strip()
        return built == hashlib.sha256(source.read_bytes()).hexdigest()
    except OSError:  # no stamp: no extension, or one this build did not make
        return False


class SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the listed modules in their ``.py`` files, before any extension."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        return importlib.util.spec_from_file_location(fullname, _source(fullname))


def _install() -> None:
    names = MODULES if pure_python() else tuple(n for n in MODULES if not up_to_date(_source(n)))
    if names:
        sys.meta_path.insert(0, SourceFinder(names))


def compiled(name: str) -> bool:
    """Whether module ``name`` (imported here if need be) runs as a compiled extension.

    Example:
        >>> compiled("boardgames_fr.core.game")  # never compiled
        False
    """
    module = importlib.import_module(name)
    return str(getattr(module, "__file__", "")).endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES)
    )


_install()
