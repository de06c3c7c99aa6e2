"""The key line at the bottom: the keys that work now (Textual's check_action decides, so
only legal moves show, greyed when disabled), each clickable.

Why not Textual's Footer: it composes a widget per key again whenever the bindings change,
which is on every phase change of the game (tens of milliseconds); this is one line of text."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from .lines import Lines
from .memo import component_style

NEEDED = {"request_quit", "quit_now", "help", "undo"}  # the keys every width shows


class KeyBar(Lines):
    COMPONENT_CLASSES = {"keybar--key", "keybar--disabled"}

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._line = Text()
        self._right = Text()
        self._items: list[Text] = []
        self._needed: set[int] = set()   # the items of NEEDED keys (kept at every width)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen) -> None:
        app = self.app
        line, right = Text(), Text()
        items: list[Text] = []
        needed: set[int] = set()
        seen: set[str] = set()
        key_style = component_style(self, "keybar--key")
        disabled = component_style(self, "keybar--disabled")
        for active in screen.active_bindings.values():
            binding, enabled = active.binding, active.enabled
            if binding.action in ("command_palette", "app.command_palette"):
                target = right
            elif not binding.show or binding.action in seen:
                continue
            else:
                target = Text()
                if binding.action.removeprefix("app.") in NEEDED:
                    needed.add(len(items))
                items.append(target)
            seen.add(binding.action)
            click = Style(meta={"@click": f"app.simulate_key({binding.key.split(',')[0]!r})"})
            target.append(" ")
            target.append(app.get_key_display(binding),
                          style=(key_style if enabled else disabled) + click)
            target.append(" " + binding.description + " ",
                          style=(Style() if enabled else disabled) + click)
        line = Text().join(items)
        if (line.markup, right.markup) != (self._line.markup, self._right.markup):
            self._line, self._right, self._items = line, right, items
            self._needed = needed
            self.changed()

    def build(self, width: int, height: int) -> list[Text]:
        # Whole keys only, in order, as many as fit: a label is never cut (the palette and
        # F1 list every key).
        # Quit, help and undo are kept at every width: the others take the room left.
        # Narrow: one space between keys instead of two, so that a language with longer
        # labels (Hungarian at 80 columns) keeps the same keys as English.
        room = width - self._right.cell_len
        items = self._items
        if sum(x.cell_len for x in items) > room:
            items = [item[:-1] if item.plain.endswith(" ") else item for item in items]
        if sum(x.cell_len for x in items) > room:
            room -= self._right.cell_len  # narrow: the palette's key gives way first
            right = Text()
        else:
            right = self._right
        room = width - right.cell_len
        needed = self._needed
        spare = room - sum(items[i].cell_len for i in needed)
        chosen = set(needed)
        for i, item in enumerate(items):
            if i in needed:
                continue
            if item.cell_len > spare:
                break
            spare -= item.cell_len
            chosen.add(i)
        left = Text()
        for i, item in enumerate(items):
            if i in chosen and left.cell_len + item.cell_len <= room:
                left.append_text(item)
        left.truncate(max(0, room), pad=True)
        return [Text.assemble(left, right)]
