"""One true wording for cubes not assigned at the end of unloading (issue 31 §5): the menu and
the dialog both say they go to the common goods area (RULES.md: unassigned cubes go to the
common goods area), in both languages."""

from __future__ import annotations

from jorvik.i18n import set_language, t


def test_the_menu_and_the_dialog_say_the_same_thing():
    for lang, words in (("en", "common goods area"), ("hu", "közös árumező")):
        set_language(lang)
        for count in (1, 2):
            menu = t("tui.choice.done_lose", count=count)
            dialog = t("tui.confirm.lose_cubes", count=count)
            assert words in menu and words in dialog, (lang, menu, dialog)
            assert "lost" not in menu and "elvész" not in menu
    set_language("en")
