"""Errors of the play layer as data: a kind and its fields, never words. A front end words
them in the player's language (`words`: the catalogue key `play.errors.<kind>`)."""

from __future__ import annotations

from typing import Any

from .words import Say


class PlayError(Exception):
    """Something a front end asked that cannot be done now. `kind` names it; `fields` are
    what the words need (a path, a seat, a detail); str() words it in the language now."""

    def __init__(self, kind: str, **fields: Any) -> None:
        super().__init__(kind)
        self.kind = kind
        self.fields = fields

    @property
    def words(self) -> Say:
        return Say(f"play.errors.{self.kind}", tuple(self.fields.items()))

    def __str__(self) -> str:
        from .words import say_text
        return say_text(self.words)
