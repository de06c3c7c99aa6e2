"""One player's area: coins, VP, vikings, loading area, card area by kind, storage."""

from __future__ import annotations

from rich.text import Text

from jorvik.engine import GameState, current_player, defence, storage_capacity
from jorvik.i18n import get_language, t

from ..text import Seats, card_name, clamp, cube, cubes, good_letter
from .lines import Lines

KIND_ORDER = ("craftsman", "merchant", "prophecy", "warrior", "defence", "ship", "feast",
              "journey", "skald", "building", "loki")


class PlayerPanel(Lines):
    """Player p's area. Its cubes can be clicked: the game screen picks the choice about that
    cube when there is one (the action `screen.cube(player, good, where)`)."""

    def __init__(self, player: int) -> None:
        super().__init__(id=f"player-{player}", classes="player")
        self.player = player
        self._sig: tuple | None = None
        self._colour: str | None = None
        self._head: tuple[Text, Text] = (Text(), Text())
        self._lines: list[Text] = []

    def forget(self) -> None:
        self._sig = None

    def show(self, st: GameState, seats: Seats) -> None:
        p = self.player
        pl = st.players[p]
        by_id = st.cards.by_id
        active = current_player(st) == p
        sig = (active, st.start_player, pl.coins, pl.vp, pl.vikings, pl.brown, pl.loading,
               pl.ship_goods, pl.cards, tuple(sorted((pl.filled or {}).items())), pl.storage,
               pl.warehouse, pl.hand, seats.names[p], seats.colours[p], get_language())
        if sig == self._sig:
            return
        self._sig = sig
        if active != self.has_class("-active"):
            self.set_class(active, "-active")
        if self._colour != seats.colours[p]:
            self._colour = seats.colours[p]
            self.styles.border_left = ("thick", seats.fg(p))

        def click(where: str) -> str:
            return f"screen.cube({p}, {{good}}, '{where}')"

        head = Text()
        head.append(f" {pl.name} ", style=seats.badge(p))
        if seats.is_bot(p):
            head.append(" [" + t("tui.player.bot") + "]", style="dim")
        if st.start_player == p:
            head.append(" ⚒", style="bold")
        stats = Text(t("tui.player.stats", coins=pl.coins, vp=pl.vp, vikings=pl.vikings))
        if pl.brown:
            stats.append(" " + t("tui.player.brown", count=pl.brown), style="#c08040")
        self._head = (head, stats)
        lines: list[Text] = []
        if pl.loading:
            ln = Text(t("tui.player.loading") + " ", style="bold")
            ln.append(", ".join(card_name(by_id[c]) for c in pl.loading), style="")
            if pl.ship_goods:
                ln.append(" ")
                ln.append_text(cubes(pl.ship_goods))
            lines.append(ln)
        if pl.hand:
            lines.append(Text.assemble((t("tui.player.hand") + " ", "bold #ffcc66"),
                                       cubes(pl.hand, click=click("hand"))))
        before_cards = len(lines)  # the storage line goes here: never cut off at the bottom
        groups: dict[str, list[str]] = {}
        for c in pl.cards:
            groups.setdefault(by_id[c].type, []).append(c)
        for kind in KIND_ORDER:
            ids = groups.get(kind)
            if not ids:
                continue
            ln = Text(t(f"tui.kind.{kind}", count=len(ids)) + ": ", style="bold")
            if kind == "craftsman":
                for i, c in enumerate(ids):
                    if i:
                        ln.append(", ")
                    ln.append(card_name(by_id[c]) + " ")
                    filled = list(pl.filled.get(c, ()))
                    for g in by_id[c].goods:
                        if g in filled:
                            filled.remove(g)
                            ln.append_text(cube(g, click("card:" + c).format(good=g)))
                        else:
                            ln.append(good_letter(g).lower(), style="dim underline")
                    if len(pl.filled.get(c, ())) == len(by_id[c].goods):
                        ln.append(" ✓" + t("tui.values.vp", vp=by_id[c].vp), style="green")
            elif kind == "warrior":
                ln.append(t("tui.player.defence", defence=defence(st, p)) + " ")
                ln.append(" ".join(str(by_id[c].defence) for c in ids), style="dim")
            elif kind == "feast":
                ln.append(str(len(ids)))
            elif kind in ("merchant", "prophecy"):
                for i, c in enumerate(ids):
                    if i:
                        ln.append(", ")
                    ln.append_text(cube(by_id[c].goods[0]))
                    ln.append(" " + card_name(by_id[c]))
            else:
                ln.append(", ".join(card_name(by_id[c]) for c in ids))
            lines.append(ln)
        board, wh = storage_capacity(st, p)
        store = Text(t("tui.player.storage") + " ", style="bold")
        store.append_text(cubes(pl.storage, click=click("storage")) if pl.storage
                          else Text("-", style="dim"))
        store.append(f" ({len(pl.storage)}/{board})", style="dim")
        if wh:
            store.append("  " + t("tui.player.warehouse") + " ", style="bold")
            store.append_text(cubes(pl.warehouse, click=click("warehouse")) if pl.warehouse
                              else Text("-", style="dim"))
            store.append(f" ({len(pl.warehouse)}/{wh})", style="dim")
        lines.insert(before_cards, store)
        self._lines = lines
        self.changed()

    def build(self, width: int, height: int) -> list[Text]:
        head, stats = self._head
        # The stats go beside the name when they fit, else whole on the next line.
        if head.cell_len + 1 + stats.cell_len <= width:
            out = [Text.assemble(head, " ", stats)]
        else:
            out = [head, *clamp(stats, width, 2)]
        for line in self._lines:
            out += clamp(line, width, height)
        if len(out) > height > 0:  # more than there is room for: say so on the last line
            out = out[:height]
            out[-1] = (clamp(Text.assemble(out[-1], " …"), width, 1) or [Text("…")])[0]
        return out
