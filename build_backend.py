"""The build backend: setuptools', told which kind of install it is building.

A wheel (``pip install .``, ``python -m build``) compiles the hot modules with mypyc, so
it asks for mypy and what the compiled modules import; an editable install (``pip install
-e .``, the README's Quick start) is pure Python unless ``BGF_COMPILE=1`` asks for the
compiled modules, and then needs nothing but setuptools: it takes seconds instead of a
minute or two. ``BGF_PURE_PYTHON=1`` compiles nothing in either. setup.py reads the kind
from ``BGF_BUILD_KIND``, set here around each of setuptools' hooks (setuptools runs
setup.py in this process).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (
    build_sdist,
    get_requires_for_build_sdist,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
]

# What mypyc needs to type-check the compiled modules (mypy, the compiler, is pinned to the
# dev extra's version so that both read the code alike).
COMPILE_REQUIRES = ["mypy==2.4.1", "attrs>=23.1", "numpy>=1.26"]


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def compiles(kind: str) -> bool:
    """Whether a build of this kind ("wheel" or "editable") compiles."""
    if _flag("BGF_PURE_PYTHON"):
        return False
    return kind == "wheel" or _flag("BGF_COMPILE")


@contextmanager
def _kind(kind: str) -> Iterator[None]:
    before = os.environ.get("BGF_BUILD_KIND")
    os.environ["BGF_BUILD_KIND"] = kind
    try:
        yield
    finally:
        if before is None:
            del os.environ["BGF_BUILD_KIND"]
        else:
            os.environ["BGF_BUILD_KIND"] = before


def _as(kind: str, hook: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        with _kind(kind):
            return hook(*args, **kwargs)

    run.__name__ = hook.__name__
    return run


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    extra = COMPILE_REQUIRES if compiles("wheel") else []
    with _kind("wheel"):
        return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]


def get_requires_for_build_editable(config_settings: Any = None) -> list[str]:
    extra = COMPILE_REQUIRES if compiles("editable") else []
    with _kind("editable"):
        return [*_setuptools.get_requires_for_build_editable(config_settings), *extra]


build_wheel = _as("wheel", _setuptools.build_wheel)
build_editable = _as("editable", _setuptools.build_editable)
prepare_metadata_for_build_editable = _as(
    "editable", _setuptools.prepare_metadata_for_build_editable
)
prepare_metadata_for_build_wheel = _as("wheel", _setuptools.prepare_metadata_for_build_wheel)
