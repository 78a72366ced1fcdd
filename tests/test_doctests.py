"""Every example in the docstrings of the shared modules runs and shows what it says."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import boardgames_fr as bgf

MODULES = [
    "boardgames_fr",
    "boardgames_fr.agents",
    "boardgames_fr.cli",
    "boardgames_fr.core",
    "boardgames_fr.core.components",
    "boardgames_fr.core.errors",
    "boardgames_fr.core.fast",
    "boardgames_fr.core.game",
    "boardgames_fr.core.labels",
    "boardgames_fr.core.match",
    "boardgames_fr.core.options",
    "boardgames_fr.core.persist",
    "boardgames_fr.core.registry",
    "boardgames_fr.core.rng",
    "boardgames_fr.core.serial",
    "boardgames_fr.core.svg",
    "boardgames_fr.search",
    "boardgames_fr.simulation",
    "boardgames_fr.testing",
    "boardgames_fr.web",
    "boardgames_fr.web.app",
    "boardgames_fr.web.session",
    "boardgames_fr.web.texts",
]
for _gid in bgf.GAME_IDS:
    _pkg = bgf.get_game(_gid)
    MODULES.append(_pkg.__name__)
    MODULES += [f"{_pkg.__name__}.{m.name}" for m in pkgutil.iter_modules(_pkg.__path__)]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
