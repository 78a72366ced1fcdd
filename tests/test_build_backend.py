"""Installs: a wheel compiles the hot modules, an editable install only when asked
(BGF_COMPILE=1), and nothing compiles with BGF_PURE_PYTHON=1 (build_backend.py)."""

from __future__ import annotations

import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("build_backend", ROOT / "build_backend.py")
assert _spec is not None and _spec.loader is not None
backend = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(backend)


@pytest.mark.parametrize(
    ("env", "wheel", "editable"),
    [
        ({}, True, False),
        ({"BGF_COMPILE": "1"}, True, True),
        ({"BGF_COMPILE": "0"}, True, False),
        ({"BGF_PURE_PYTHON": "1"}, False, False),
        ({"BGF_PURE_PYTHON": "1", "BGF_COMPILE": "1"}, False, False),
    ],
)
def test_which_installs_compile(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], wheel: bool, editable: bool
) -> None:
    monkeypatch.delenv("BGF_COMPILE", raising=False)
    monkeypatch.delenv("BGF_PURE_PYTHON", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert (backend.compiles("wheel"), backend.compiles("editable")) == (wheel, editable)


def test_the_kind_of_build_is_set_only_around_a_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []
    monkeypatch.delenv("BGF_BUILD_KIND", raising=False)
    hook = backend._as("editable", lambda: seen.append(backend.os.environ["BGF_BUILD_KIND"]))
    hook()
    assert seen == ["editable"]
    assert "BGF_BUILD_KIND" not in backend.os.environ
