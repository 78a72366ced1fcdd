"""The encode modules' shared part (`boardgames_fr.core.encoding`): the mask from move
numbers and numbers by identity (a state's legal moves by number are the adapters':
tests/test_rl.py)."""

from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path

import attrs
import numpy as np
import pytest

from boardgames_fr import _build
from boardgames_fr.core import encoding
from boardgames_fr.core.encoding import IdentityIndex, mask_of


@attrs.frozen
class Move:
    space: int


def test_mask_of_sets_each_index_and_only_those() -> None:
    mask = mask_of([4, 0, 4], 6)
    assert mask.dtype == np.bool_ and mask.shape == (6,)
    assert mask.tolist() == [True, False, False, False, True, False]
    assert mask_of([], 3).tolist() == [False, False, False]
    # A new array each time: writing one leaves the next alone.
    mask[1] = True
    assert mask_of([4, 0], 6).tolist() == [True, False, False, False, True, False]
    with pytest.raises(IndexError):
        mask_of([6], 6)


def test_identity_index_finds_the_rules_objects_and_equal_ones() -> None:
    table = {Move(i): 10 + i for i in range(3)}
    ix = IdentityIndex(table, keep=2)
    first, second, third = Move(0), Move(1), Move(2)
    assert ix.indices([first, second, first]) == [10, 11, 10]
    # Past ``keep`` objects, the others are still numbered, by value.
    assert ix(third) == 12 and ix(Move(2)) == 12
    assert len(ix._kept) == 2 and ix._kept == [first, second]
    with pytest.raises(KeyError):
        ix(Move(9))
    with pytest.raises(TypeError):
        ix([1])  # a list cannot be hashed: not a move


def test_docstring_examples() -> None:
    # tests/test_doctests.py lists the core's modules one by one; this one runs here. A
    # compiled build (setup.py) runs the module as an extension, whose functions doctest
    # cannot find: their examples are run from the Python source, loaded beside it.
    module = encoding
    if _build.compiled(encoding.__name__):
        source = Path(_build.__file__).parent / "core" / "encoding.py"
        spec = importlib.util.spec_from_file_location("_encoding_source", source)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 5


def test_identity_index_numbers_known_objects_up_front_and_keeps_no_other() -> None:
    known = [Move(0), Move(1)]
    table = {Move(i): i for i in range(3)}
    ix = IdentityIndex(table, keep=0, known=known)
    assert ix._by_id == {id(known[0]): 0, id(known[1]): 1}
    other = Move(2)
    assert ix(other) == 2 and ix(Move(0)) == 0
    assert ix._kept == known  # ``keep=0``: only the known objects
