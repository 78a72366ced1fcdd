"""Every public function and class has a docstring with a short example (issue 7)."""

from __future__ import annotations

import importlib
import inspect

import pytest

import boardgames_fr as bgf

SHARED = [
    "boardgames_fr",
    "boardgames_fr.agents",
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
    "boardgames_fr.simulation",
    "boardgames_fr.testing",
    "boardgames_fr.web",
]


def public_objects(name: str) -> list[tuple[str, object]]:
    module = importlib.import_module(name)
    out = []
    for attr in getattr(module, "__all__", ()):
        obj = getattr(module, attr)
        if inspect.isfunction(obj) or inspect.isclass(obj):
            out.append((f"{name}.{attr}", obj))
    return out


@pytest.mark.parametrize("name", SHARED + [bgf.get_game(g).__name__ for g in bgf.GAME_IDS])
def test_public_names_have_examples(name: str) -> None:
    missing = []
    for qual, obj in public_objects(name):
        doc = inspect.getdoc(obj) or ""
        is_error = inspect.isclass(obj) and issubclass(obj, BaseException)
        if not doc or (">>>" not in doc and not is_error and not qual.endswith("Protocol")):
            missing.append(qual)
    assert not missing, f"public names without a docstring example: {missing}"


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_action_classes_have_examples(game_id: str) -> None:
    """A frontend builds actions itself (from JSON, from a menu): each class of a game's
    actions shows how, with a runnable example."""
    classes = bgf.get_game(game_id).GAME.action_types
    missing = [c.__name__ for c in classes if ">>>" not in (inspect.getdoc(c) or "")]
    assert not missing, f"action classes without a docstring example: {missing}"
