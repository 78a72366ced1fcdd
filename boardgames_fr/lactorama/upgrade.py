"""Older saves, actions and match logs in today's form (the core's ``upgrade`` hook)."""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.errors import InvalidStateError

__all__ = ["upgrade"]


def upgrade(data: Any, version: int) -> Any:
    """``data`` (a saved state, an action or a match log's options, as JSON values) of
    ``schema_version`` ``version``, in today's form.

    Example:
        >>> upgrade({"@": "EndYear"}, 1)
        {'@': 'EndYear'}
    """
    if version == 1:
        return data
    raise InvalidStateError("schema_version", f"{version!r} is not a version of lactorama")
