"""Lines that never cut a word: a line is made of parts, each with a full form, a shorter
form and a priority; at a narrow width the parts take their short forms, then the parts of
lowest priority give way whole (the status line, the supply line, the legend)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text


@dataclass
class Part:
    full: Text
    short: Text | None = None   # None: no shorter form
    keep: int = 5               # higher: given up later

    def form(self, short: bool) -> Text:
        return self.short if short and self.short is not None else self.full


def fit_line(parts: list[Part], width: int, sep: str = " · ", lead: Text | None = None) -> Text:
    """The parts joined by `sep` in at most `width` cells: all full if they fit, else all in
    their short forms, else without the lowest-priority parts (whole parts only, in their
    order). A single part longer than the width is cut at a word with "…"."""
    lead = lead or Text()
    for short in (False, True):
        line = _join(parts, short, sep, lead)
        if line.cell_len <= width:
            return line
    kept = list(parts)
    while len(kept) > 1:
        drop = min(range(len(kept)), key=lambda i: (kept[i].keep, -i))
        del kept[drop]
        line = _join(kept, True, sep, lead)
        if line.cell_len <= width:
            return line
    line = _join(kept, True, sep, lead)
    return cut_at_word(line, width)


def _join(parts: list[Part], short: bool, sep: str, lead: Text) -> Text:
    out = lead.copy()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(part.form(short))
    return out


def cut_at_word(text: Text, width: int) -> Text:
    """`text` cut to `width` cells at the last space that fits, ending in "…"."""
    if text.cell_len <= width:
        return text
    plain = text.plain
    room = max(0, width - 1)
    cut = plain.rfind(" ", 0, room + 1)
    if cut <= 0:
        cut = room
    out = text[:cut]
    out.rstrip()
    out.append("…")
    return out


def fit_items(items: list[Text], width: int, height: int, sep: str = " · ") -> list[Text]:
    """Whole items in up to `height` lines of `width` cells, in order; an item that does not
    fit on the line begins the next one; on the last line, an item that does not fit is left
    out (a legend's marks: each is whole or absent, never cut mid-word)."""
    lines: list[Text] = []
    line = Text()
    for item in items:
        if item.cell_len > width:
            continue
        need = item.cell_len + (len(sep) if line.plain else 0)
        if line.cell_len + need <= width:
            if line.plain:
                line.append(sep)
            line.append_text(item)
        elif len(lines) + 1 < height:
            lines.append(line)
            line = item.copy()
    if line.plain:
        lines.append(line)
    return lines[:height]
