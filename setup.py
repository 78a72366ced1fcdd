"""The build: setuptools reads the project from pyproject.toml; this file only adds the
compiled modules.

Lactorama's rules (``boardgames_fr/lactorama/rules.py``) and every game's encoder for
reinforcement learning (``boardgames_fr/<game>/encode.py``, ``core/encoding.py``) are
compiled with mypyc, the compiler that comes with mypy, into C extensions: the same
source, type-checked, run faster (Lactorama's random playouts about 1.5 times as fast,
the encoders' tensors and masks docs/rl.md). A wheel (``pip install .``) compiles them; an
editable install (``pip install -e .``) only with ``BGF_COMPILE=1``, so that it takes
seconds (build_backend.py). The Python source stays the reference. It
ships beside the extension, and ``boardgames_fr/_build.py`` imports it instead when
``BGF_PURE_PYTHON=1`` is set or when it has changed since the build (each extension is
written with the SHA-256 of its source). Nothing is compiled when ``BGF_PURE_PYTHON=1`` is
set at install, and a failed compilation (no C compiler, say) leaves the pure Python
install, with a warning from setuptools.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# The modules compiled, by module name: their source files (boardgames_fr/_build.py lists
# the same names). A module is worth compiling when a game's playouts spend most of their
# time in it (benchmarks/playouts.py), or an environment step of boardgames_fr.rl
# (benchmarks/rl.py: the observation tensor and the legal mask).
COMPILED = {
    "boardgames_fr.core.encoding": "boardgames_fr/core/encoding.py",
    "boardgames_fr.dorge_et_ble.encode": "boardgames_fr/dorge_et_ble/encode.py",
    "boardgames_fr.fromage.encode": "boardgames_fr/fromage/encode.py",
    "boardgames_fr.lactorama.autoplay": "boardgames_fr/lactorama/autoplay.py",
    "boardgames_fr.lactorama.cards": "boardgames_fr/lactorama/cards.py",
    "boardgames_fr.lactorama.encode": "boardgames_fr/lactorama/encode.py",
    "boardgames_fr.lactorama.farms": "boardgames_fr/lactorama/farms.py",
    "boardgames_fr.lactorama.negoce": "boardgames_fr/lactorama/negoce.py",
    "boardgames_fr.lactorama.rules": "boardgames_fr/lactorama/rules.py",
    "boardgames_fr.little_factory.encode": "boardgames_fr/little_factory/encode.py",
    "boardgames_fr.misere.encode": "boardgames_fr/misere/encode.py",
}

# The shared runtime of the compiled modules: boardgames_fr/native__mypyc.*.so, in the
# top package (importing it imports no game package: core.encoding is compiled too).
GROUP = "boardgames_fr.native"


def pure_python() -> bool:
    """Whether ``BGF_PURE_PYTHON`` asks for the Python source alone."""
    return os.environ.get("BGF_PURE_PYTHON", "") not in ("", "0")


class BuildExt(build_ext):
    """build_ext that writes, next to each compiled module, the SHA-256 of its source."""

    def build_extension(self, ext: Extension) -> None:
        super().build_extension(ext)  # raises on failure: no stamp then
        source = COMPILED.get(ext.name)
        if source is not None:
            digest = hashlib.sha256(Path(source).read_bytes()).hexdigest()
            _stamp(Path(self.get_ext_fullpath(ext.name))).write_text(digest)

    def copy_extensions_to_source(self) -> None:
        # An editable install builds elsewhere, then copies the extensions beside their
        # sources: the stamps go with them.
        super().copy_extensions_to_source()
        inplace, self.inplace = self.inplace, False  # where the build put them
        try:
            for name, source in COMPILED.items():
                built = _stamp(Path(self.get_ext_fullpath(name)))
                if built.exists():
                    shutil.copyfile(built, _stamp(Path(source)))
        finally:
            self.inplace = inplace


def _stamp(module_file: Path) -> Path:
    """The stamp of a module's file (``rules.py`` or ``rules.cpython-311-….so``)."""
    return module_file.with_name(module_file.name.split(".", 1)[0] + ".source-sha256")


def compiling() -> bool:
    """Whether this build compiles: a wheel does, an editable install only with
    ``BGF_COMPILE=1`` (build_backend.py sets ``BGF_BUILD_KIND``; a direct ``python
    setup.py`` run builds as a wheel), and nothing does with ``BGF_PURE_PYTHON=1``."""
    if pure_python():
        return False
    kind = os.environ.get("BGF_BUILD_KIND", "wheel")
    return kind == "wheel" or os.environ.get("BGF_COMPILE", "") not in ("", "0")


def ext_modules() -> list[Extension]:
    if not compiling():
        return []
    try:
        from mypyc.build import mypycify

        # The runtime the compiled modules share is one more extension module: named in
        # the package, it sits beside them wherever they are (mypyc's default is a hashed
        # top-level name, which an editable install puts at the project root, importable
        # only from there, and which a later pure reinstall forgets).
        extensions = mypycify(list(COMPILED.values()), opt_level="3", group_name=GROUP)
    except (Exception, SystemExit) as e:  # a type error or a mypyc bug: no compiled module
        print(f"boardgames_fr: not compiled ({type(e).__name__}: {e})", file=sys.stderr)
        return []
    for ext in extensions:
        ext.optional = True  # no C compiler: a warning, and the pure Python install
    return extensions


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExt})
