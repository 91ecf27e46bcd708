"""The one error type of the sharing code: what came in cannot be used, and why.

>>> error = ShareError("damaged", {}, "the link is damaged or cut short")
>>> error.code, str(error)
('damaged', 'damaged: the link is damaged or cut short')
"""

from __future__ import annotations

from typing import Any

from app import engine


class ShareError(ValueError):
    """A link, a file or a backup that cannot be used. ``code`` is stable (the UI translates it
    with ``params``); ``problems`` holds the engine's problems when the rules refused the game."""

    def __init__(
        self,
        code: str,
        params: dict[str, Any],
        detail: str,
        problems: list[engine.Problem] | None = None,
    ) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.params = params
        self.problems = problems or []
