"""Errors of the play layer as data: a kind and its fields, never words. A front end words
them in the player's language from `words` (catalogue keys: play.errors.<kind> for a
PlayError, tui.save.<reason> for a SaveError, play.refusals.<kind> for the engine's reason
why a move is illegal: refusal_words)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jorvik.engine import ACTION_TYPES, CardSet, Decision, Phase, RecordError, Refusal

from .words import Card, Say, Words, say_text


def refusal_words(reason: Refusal, names: Sequence[str] = (), cards: CardSet | None = None,
                  ) -> Say:
    """The engine's reason why a move is illegal (IllegalAction.reason) as words: its
    sentence play.refusals.<kind>, a player by their name in `names`, a card by its name in
    `cards` (else its id), a move, a decision and a phase by their names in the language."""
    fields: list[tuple[str, Any]] = []
    for k, v in reason.fields.items():
        if k == "card" and cards is not None and v in cards.by_id:
            v = Card(cards.by_id[v])
        elif k == "player":
            v = names[v] if isinstance(v, int) and 0 <= v < len(names) else f"#{v}"
        elif k == "action" and v in ACTION_TYPES:
            v = Say(f"play.actions.{v}")
        elif k == "decision" and v in Decision.KINDS:
            v = Say(f"play.decisions.{v}")
        elif k == "phase" and v in _PHASES:
            v = Say(f"cards.phases.{v}")
        fields.append((k, v))
    return Say(f"play.refusals.{reason.kind}", tuple(fields))


_PHASES = frozenset(p.value for p in Phase)


def replay_refusal(e: RecordError, cards: CardSet | None = None) -> Say | None:
    """A record whose action the rules refuse, as words ("action 4 cannot be replayed:" and
    the reason in the language); None for a record's other problems (their lines)."""
    if e.reason is None:
        return None
    return Say("play.errors.not_replayable",
               (("move", e.move), ("reason", refusal_words(e.reason, e.names, cards))))


class PlayError(Exception):
    """Something a front end asked that cannot be done now. `kind` names it; `fields` are
    what the words need (a path, a seat); str() words it in the language now. A move the
    rules refuse ('illegal_action') carries the engine's `reason` (a Refusal), the players'
    `names` and the game's `cards`, and is worded as that reason."""

    def __init__(self, kind: str, reason: Refusal | None = None, names: Sequence[str] = (),
                 cards: CardSet | None = None, **fields: Any) -> None:
        super().__init__(kind if reason is None else f"{kind}: {reason}")
        self.kind = kind
        self.reason = reason
        self.names = tuple(names)
        self.cards = cards
        self.fields = fields

    @property
    def words(self) -> Say:
        if self.reason is not None:
            return refusal_words(self.reason, self.names, self.cards)
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
    def words(self) -> Words:
        out: Words = (Say(f"tui.save.{self.reason}", tuple(self.fields.items())),)
        if self.moved_to is not None:
            out += ("\n", Say("tui.save.moved_aside", (("path", str(self.moved_to)),)))
        return out

    def __str__(self) -> str:
        return "".join(say_text(part) if isinstance(part, Say) else str(part)
                       for part in self.words)
