"""One player's area in a compact notation: coins, VP now and if the game ended now, vikings,
the loading area, storage and Warehouse, and every card grouped by kind with counts (the legend
of the notation is in F1 and under the board)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rich.text import Text

from jorvik.engine import (
    GOODS,
    CardType,
    GameState,
    complete,
    current_player,
    defence,
    holds,
    storage_capacity,
)
from jorvik.i18n import get_language, t
from jorvik.play.scores import projected_vp

from .. import theme
from ..text import Seats, card_name, clamp, cube, cubes, good_letter, good_name
from .lines import Lines
from .memo import Memo

# Kinds in the order the panel shows them; those shown by name carry no label (the name says
# the kind: "Loki: Trickery", "Skald of Trade"), so no name is doubled.
KIND_ORDER = (CardType.CRAFTSMAN, CardType.MERCHANT, CardType.PROPHECY, CardType.WARRIOR,
              CardType.DEFENCE, CardType.FEAST, CardType.JOURNEY, CardType.SHIP, CardType.SKALD,
              CardType.BUILDING, CardType.LOKI)
MISSING_STYLE = "dim underline"


def _label(key: str) -> Text:
    return Text(t(f"tui.short.{key}") + " ", style=theme.label())


def _counted(names: list[str]) -> str:
    """Names grouped with counts, first-seen order: "Knarr ×2, Longship"."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return ", ".join(n if k == 1 else f"{n} ×{k}" for n, k in counts.items())


def craftsman_token(st: GameState, p: int, cid: str, click: str | None = None) -> Text:
    """A craftsman as its fields: a filled field is its cube, a missing one a dim lower-case
    letter; then ✓VP when complete, else →VP."""
    card = st.cards.by_id[cid]
    filled = list(st.players[p].filled.get(cid, ()))
    out = Text()
    for g in card.goods:
        if g in filled:
            filled.remove(g)
            out.append_text(cube(g, click.format(good=g) if click else None))
        else:
            out.append(good_letter(g).lower(), style=MISSING_STYLE)
    if complete(st, st.players[p], cid):
        out.append(f"✓{card.vp}", style=theme.completes())
    else:
        out.append(f"→{card.vp}", style="dim")
    return out


def panel_segments(st: GameState, p: int) -> list[Text]:
    """Player p's position as short pieces of text, packed into lines by PlayerPanel: the
    goods (goods_segments), then the cards grouped by kind in KIND_ORDER (card_segment)."""
    groups: dict[str, list[str]] = {}
    for c in st.players[p].cards:
        groups.setdefault(st.cards.by_id[c].type, []).append(c)
    out = goods_segments(st, p)
    for kind in KIND_ORDER:
        seg = card_segment(st, p, kind, groups[kind]) if groups.get(kind) else None
        if seg is not None:
            out.append(seg)
    return out


def _click(p: int, where: str) -> str:
    """The action a click on one of player p's cubes runs (GameScreen.action_cube)."""
    return f"screen.cube({p}, {{good}}, '{where}')"


def _cubes_or_dash(goods: Sequence[int], click: str | None = None) -> Text:
    return cubes(goods, click=click) if goods else Text("-", style="dim")


def goods_segments(st: GameState, p: int) -> list[Text]:
    """Where player p's goods are: the loading area (its ships and their cubes), the cubes in
    hand while unloading, the storage space and the Warehouse (cubes and room)."""
    pl = st.players[p]
    by_id = st.cards.by_id
    out: list[Text] = []
    if pl.loading:
        seg = _label("loading")
        seg.append(_counted([card_name(by_id[c]) for c in pl.loading]))
        seg.append(" ")
        seg.append_text(_cubes_or_dash(pl.ship_goods))
        out.append(seg)
    if pl.hand:
        out.append(Text.assemble((t("tui.player.hand") + " ", theme.hand()),
                                 cubes(pl.hand, click=_click(p, "hand"))))
    board, wh = storage_capacity(st, p)
    store = _label("storage")
    store.append_text(_cubes_or_dash(pl.storage, _click(p, "storage")))
    store.append(f" {len(pl.storage)}/{board}", style="dim")
    out.append(store)
    warehouse = holds(st, pl, "warehouse")
    if warehouse is not None and wh:
        # a piece of its own: beside the storage space when there is room, else whole on
        # the next line ("Raktár - 0/4" was split after "Raktár -" in a narrow area)
        house = Text(card_name(by_id[warehouse]) + " ", style=theme.label())
        house.append_text(_cubes_or_dash(pl.warehouse, _click(p, "warehouse")))
        house.append(f" {len(pl.warehouse)}/{wh}", style="dim")
        out.append(house)
    return out


def _spaced(label: str, tokens: Iterable[Text]) -> Text:
    """A kind's label, then its cards' tokens with a space between them."""
    seg = _label(label)
    for i, token in enumerate(tokens):
        if i:
            seg.append(" ")
        seg.append_text(token)
    return seg


def _craftsmen(st: GameState, p: int, ids: list[str]) -> Text:
    return _spaced("craftsman", (craftsman_token(st, p, c, _click(p, "card:" + c))
                                 for c in ids))


def _merchants(st: GameState, p: int, ids: list[str]) -> Text:
    """A merchant as its good's cube and its coins a good: "A2"."""
    cards = [st.cards.by_id[c] for c in ids]
    return _spaced("merchant", (Text.assemble(cube(card.goods[0]), str(card.coins_per_good))
                                for card in cards))


def _prophecies(st: GameState, p: int, ids: list[str]) -> Text:
    seg = _label("prophecy")
    seg.append_text(cubes([st.cards.by_id[c].goods[0] for c in ids]))
    return seg


def _warriors(st: GameState, p: int, ids: list[str]) -> Text:
    seg = _label("defence")
    seg.append(str(defence(st, p)), style="bold")
    seg.append(" ⚔" + "+".join(str(st.cards.by_id[c].defence) for c in ids), style="dim")
    return seg


def _counted_kind(label: str) -> Callable[[GameState, int, list[str]], Text]:
    """A kind shown by its count: "Feast ×2"."""
    def segment(st: GameState, p: int, ids: list[str]) -> Text:
        seg = _label(label)
        seg.append(f"×{len(ids)}")
        return seg
    return segment


def _journeys(st: GameState, p: int, ids: list[str]) -> Text:
    seg = _label("journey")
    seg.append(" ".join(str(st.cards.by_id[c].vp) for c in ids))
    return seg


# The kinds with a notation of their own; every other kind is shown by its cards' names.
KIND_SEGMENTS: dict[str, Callable[[GameState, int, list[str]], Text]] = {
    CardType.CRAFTSMAN: _craftsmen,
    CardType.MERCHANT: _merchants,
    CardType.PROPHECY: _prophecies,
    CardType.WARRIOR: _warriors,
    CardType.FEAST: _counted_kind("feast"),
    CardType.JOURNEY: _journeys,
    CardType.SHIP: _counted_kind("ship"),
}


def card_segment(st: GameState, p: int, kind: str, ids: list[str]) -> Text | None:
    """Player p's cards of one kind (`ids`, in the order they were taken) as one piece: the
    kind's notation, else the cards' names with counts (the Warehouse leaves the buildings:
    it has a piece of its own); None when nothing is left to show."""
    segment = KIND_SEGMENTS.get(kind)
    if segment is not None:
        return segment(st, p, ids)
    warehouse = holds(st, st.players[p], "warehouse")
    names = [card_name(st.cards.by_id[c]) for c in ids
             if not (kind == CardType.BUILDING and c == warehouse)]
    if not names:
        return None
    return Text(_counted(names), style=theme.effects() if kind != CardType.DEFENCE else "")


def pack(segments: list[Text], width: int, gap: str = "  ") -> list[Text]:
    """Pieces side by side while they fit, a new line when not; a piece longer than the
    width is wrapped at its spaces (never cut)."""
    lines: list[Text] = []
    line: Text | None = None
    for seg in segments:
        if line is not None and line.cell_len + len(gap) + seg.cell_len <= width:
            line.append(gap)
            line.append_text(seg)
            continue
        if line is not None:
            lines.append(line)
        if seg.cell_len <= width:
            line = seg.copy()
        else:
            parts = clamp(seg, width, 1000)
            lines += parts[:-1]
            line = parts[-1] if parts else None
    if line is not None:
        lines.append(line)
    return lines


def panel_head(st: GameState, seats: Seats, p: int) -> tuple[Text, Text]:
    """The name (with bot and start-player marks), and coins, VP, projected VP, vikings."""
    pl = st.players[p]
    head = Text()
    head.append(f" {pl.name} ", style=seats.badge(p))
    if seats.is_bot(p):
        head.append(" [" + t("tui.player.bot") + "]", style="dim")
    if st.start_player == p:
        head.append(" ⚒", style="bold")
    stats = Text(t("tui.player.coins", coins=pl.coins) + " ", style=theme.coins())
    stats.append(t("tui.player.vp", vp=pl.vp, projected=projected_vp(st)[p]), style="bold")
    stats.append(" " + t("tui.player.vikings", vikings=pl.vikings))
    if pl.brown:
        stats.append(" " + t("tui.player.brown", count=pl.brown), style=theme.brown_vikings())
    return head, stats


def panel_lines(head: tuple[Text, Text], segments: list[Text], width: int) -> list[Text]:
    """A player's area at `width`: the head (stats beside the name when they fit), then the
    pieces packed into lines."""
    name, stats = head
    if name.cell_len + 1 + stats.cell_len <= width:
        out = [Text.assemble(name, " ", stats)]
    else:
        # the marks after the name ("[bot]", "⚒") go with the numbers, so that a long name
        # cut to the width never takes them along
        end = name.spans[0].end if name.spans else len(name.plain)
        name, marks = name[:end], name[end:]
        if name.cell_len > width:  # a long name ends in "…" (the log has it whole)
            name.truncate(width, overflow="ellipsis")
        pieces = _stat_pieces(stats) + [m for m in marks.split(" ") if m.plain]
        both = Text.assemble(stats, marks)
        lines = [both] if both.cell_len <= width else _first_fit(pieces, width)
        out = [name, *lines[:4]]
    return out + pack(segments, width)


def _first_fit(pieces: list[Text], width: int) -> list[Text]:
    """Each piece on the first line with room for it ("5é V3" / "10▸10 GyP" in 11 cells); a
    piece wider than the area goes word by word, in order, from a new line."""
    lines: list[Text] = []
    for piece in pieces:
        if piece.cell_len > width:
            lines.append(Text())
            for word in (w for w in piece.split(" ") if w.plain):
                if lines[-1].plain and lines[-1].cell_len + 1 + word.cell_len > width:
                    lines.append(Text())
                if lines[-1].plain:
                    lines[-1].append(" ")
                lines[-1].append_text(word)
            continue
        for line in lines:
            if line.cell_len + 1 + piece.cell_len <= width:
                line.append(" ")
                line.append_text(piece)
                break
        else:
            lines.append(piece.copy())
    return lines


def _stat_pieces(stats: Text) -> list[Text]:
    """The head's numbers as pieces that are never split: a word without a digit (the unit,
    "GyP" / "VP") stays with the number before it ("5é" · "10▸10 GyP" · "V3")."""
    out: list[Text] = []
    for word in stats.split(" "):
        if not word.plain:
            continue
        if out and not any(c.isdigit() for c in word.plain):
            out[-1].append(" ")
            out[-1].append_text(word)
        else:
            out.append(word)
    return out


class PlayerPanel(Memo, Lines):
    """Player p's area. Its cubes can be clicked: the game screen picks the choice about that
    cube when there is one (the action `screen.cube(player, good, where)`)."""

    def __init__(self, player: int) -> None:
        super().__init__(id=f"player-{player}", classes="player")
        self.player = player
        self._colour: str | None = None
        self._head: tuple[Text, Text] = (Text(), Text())
        self._segments: list[Text] = []

    def show(self, st: GameState, seats: Seats) -> None:
        p = self.player
        pl = st.players[p]
        active = current_player(st) == p
        sig = (active, st.start_player, pl.coins, pl.vp, pl.vikings, pl.brown, pl.loading,
               pl.ship_goods, pl.cards, tuple(sorted((pl.filled or {}).items())), pl.storage,
               pl.warehouse, pl.hand, seats.names[p], seats.colours[p], get_language())
        if self.unchanged(sig):
            return
        if active != self.has_class("-active"):
            self.set_class(active, "-active")
        colour = seats.fg(p)  # the player's colour in the theme now
        if self._colour != colour:
            self._colour = colour
            self.styles.border_left = ("thick", colour)
        self._head = panel_head(st, seats, p)
        self._segments = panel_segments(st, p)
        self.changed()

    def lines(self, width: int) -> list[Text]:
        """Everything the panel shows at this width, however many lines it takes."""
        return panel_lines(self._head, self._segments, width)

    def build(self, width: int, height: int) -> list[Text]:
        out = self.lines(width)
        if len(out) > height > 0:  # more than there is room for: say so on the last line
            out = out[:height]
            out[-1] = (clamp(Text.assemble(out[-1], " …"), width, 1) or [Text("…")])[0]
        return out

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.lines(width))


def legend(full: bool = True) -> Text:
    """What every letter and mark of the board and the players' areas means (in brief for
    the details line; in full, with every goods letter, for F1)."""
    if not full:
        return Text(t("tui.legend.short"))  # the details line gives it its colour
    out = Text(t("tui.legend.marks"))
    out.append("  ")
    for g in range(len(GOODS)):
        out.append_text(cube(g))
        out.append(" " + good_name(g) + " ")
    return out
