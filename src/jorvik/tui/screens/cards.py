"""The cards view (c): every card on the board at once, whole — each space's card with its
goods, VP, coins or defence, a ship's cargo, the demand column's price, and its text; in
Jarl the reservation row too. Made for 80×24, where the card spaces show only a name."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from jorvik.engine import RESERVATION_ROW, CardType, GameState, Mode, fill_order
from jorvik.i18n import t

from ..keys import key, key_label, space_key, translated
from ..text import Seats, card_name, card_text, cubes
from ..widgets.column import card_values, price_text
from .message import Recompose


def _card_line(st: GameState, card, goods=None) -> Text:
    line = Text(card_name(card), style="bold")
    values = card_values(card)
    if values.plain.strip():
        line.append("  ")
        line.append_text(values)
    if card.type == CardType.SHIP or goods:
        line.append("  " + t("tui.board.cargo") + " ")
        line.append_text(cubes(goods) if goods else Text("-"))
    return line


def board_cards(st: GameState, seats: Seats) -> Table:
    """The whole board in words: one row per card space in use (its key, the card's name and
    values, a ship's cargo, the demand column and its price, the card's text), then the
    reservation row."""
    by_id = st.cards.by_id
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    for s in fill_order(st.n, st.mode):
        cid = st.spaces[s - 1]
        k = key_label(space_key(s))
        head = Text(str(s) + (f" [{k}]" if k != str(s) else ""), style="bold")
        if cid is None:
            table.add_row(head, Text(t("tui.board.empty"), style="dim"))
            continue
        card = by_id[cid]
        body = _card_line(st, card, st.space_goods[s - 1] if card.type == CardType.SHIP else None)
        if s <= 6:
            body.append("  ")
            for code in st.columns[s - 1]:
                body.append_text(seats.viking(code))
                body.append(" ")
            body.append(price_text(st, s), style="italic")
        body.append("\n")
        body.append(card_text(card), style="dim")
        table.add_row(head, body)
    if st.mode == Mode.JARL:
        row = Text(t("tui.board.reservation"), style="bold")
        if not st.reservation:
            row.append(" " + t("tui.board.reservation_empty"), style="dim")
        else:
            row.append("  " + price_text(st, RESERVATION_ROW), style="italic")
        table.add_row(Text("R", style="bold"), row)
        for i, (cid, code, goods) in enumerate(st.reservation):
            body = seats.viking(code)
            body.append(" ")
            body.append_text(_card_line(st, by_id[cid], goods or None))
            table.add_row(Text(f"R{i + 1}"), body)
    return table


@translated
class CardsScreen(Recompose, ModalScreen[None]):
    """c in the game: the board's cards, whole (↑/↓, PgUp/PgDn and the mouse scroll)."""
    KEYS = [key("escape,c,enter,q", "close", "tui.bind.close", id="cards-close")]

    def __init__(self, state: GameState, seats: Seats) -> None:
        super().__init__(id="cards-view", classes="dialog-screen")
        self.state = state
        self.seats = seats

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog cards-dialog"):
            yield Static(t("tui.cards_view.title"), classes="dialog-text")
            with VerticalScroll(id="cards-scroll"):
                yield Static(board_cards(self.state, self.seats), id="cards-text")
            yield Static(t("tui.cards_view.hint"), classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#cards-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
