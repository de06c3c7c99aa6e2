"""The command palette: help, rules, language, save, undo, VP now, the game log, the board or
the players, quit and every card of the game."""

from __future__ import annotations

from functools import partial

from textual.command import Hit, Hits, Provider

from jorvik.engine import CardSet
from jorvik.i18n import LANGUAGES, get_language, language_name, t

from .text import card_name, card_text


def game_cards(cards: CardSet, mode: str, players: int) -> list:
    """The cards of one game (its deck and the final Picts card), for help and the palette."""
    return [c for c in cards.cards if c.season == "X" or not c.removed(players, mode)]


class GameCommands(Provider):
    """The command palette offers the help, the rules and every card of the game."""

    def _on_game(self, action: str) -> None:
        """Run a game screen's action (VP now, the log, the view), if the game is shown."""
        screen = self.app.screen_stack[-1] if self.app.screen_stack else None
        run = getattr(screen, f"action_{action}", None)
        if run is not None and getattr(screen, "session", None) is not None:
            run()

    async def search(self, query: str) -> Hits:
        app = self.app
        matcher = self.matcher(query)
        commands = [
            (t("tui.command.help"), partial(app.action_help, "keys"), t("tui.command.help_hint")),
            (t("tui.command.rules"), partial(app.action_help, "rules"), ""),
            (t("tui.command.cards"), partial(app.action_help, "cards"), ""),
            *((t("tui.command.language", language=language_name(lang)),
               partial(app.action_language, lang), t("tui.command.language_hint"))
              for lang in LANGUAGES if lang != get_language()),
            (t("tui.command.save_as"), app.action_save_as, ""),
            (t("tui.command.undo"), app.action_undo, ""),
            *((label, partial(self._on_game, action), "") for label, action in (
                (t("tui.command.scores"), "scores"), (t("tui.command.log"), "full_log"),
                (t("tui.command.view"), "view"))),
            (t("tui.command.quit"), app.action_request_quit, ""),
        ]
        for c in app.deck_cards():  # type: ignore[attr-defined]
            name = card_name(c)
            commands.append((t("tui.command.card", card=name),
                             partial(app.action_help, "cards", name), card_text(c)))
        seen = set()
        for label, cb, hint in commands:
            if label in seen:
                continue
            seen.add(label)
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), cb, help=hint or None)
