"""Errors of the play layer as data: a kind and its fields, never words. A front end words
them in the player's language from `words` (catalogue keys: play.errors.<kind> for a
PlayError, tui.save.<reason> for a SaveError)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .words import Say, say_text


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
        return say_text(self.words)


class SaveError(Exception):
    """A save file that cannot be used, as data: `reason` names the words (the catalogue's
    tui.save.<reason>) and `fields` fill them; `kind` says what the caller may do: 'missing',
    'damaged' (moved aside when `moved_to` is set), 'cards' (another card file: left in
    place), 'old' (made before saves kept their deck: left in place), 'locked'. `words` is
    the message as words; str() words it in the language of the moment."""

    def __init__(self, reason: str, kind: str = "damaged", moved_to: Path | None = None,
                 **fields: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind = kind
        self.moved_to = moved_to
        self.fields = fields

    @property
    def words(self) -> tuple:
        out: tuple = (Say(f"tui.save.{self.reason}", tuple(self.fields.items())),)
        if self.moved_to is not None:
            out += ("\n", Say("tui.save.moved_aside", (("path", str(self.moved_to)),)))
        return out

    def __str__(self) -> str:
        return "".join(part if isinstance(part, str) else say_text(part) for part in self.words)
