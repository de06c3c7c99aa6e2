"""The decision now, as a small menu tree built only from legal_actions(state): each choice
its key, its action (or the submenu it opens) and its label as words (catalogue keys and
fields, see play/words.py); a front end words and draws it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from jorvik.engine import (
    GOODS,
    RESERVATION_ROW,
    Action,
    Assign,
    Buy,
    Decline,
    Discard,
    Done,
    GameState,
    GiveUp,
    Harbour,
    Pass,
    Phase,
    Place,
    PlayerState,
    Reserve,
    Sell,
    Steal,
    Swap,
    Take,
    TakeOff,
    Trade,
    UseCard,
    current_player,
    empty_fields,
    legal_actions,
    price_due,
)

from .keys import BACK_KEY, CHOICE_KEYS, TAG_KEYS, space_key
from .words import Card, Cube, Cubes, Part, Player, Say, Tone, Viking, Words, say

Label = TypeVar("Label")      # what a choice and a prompt show: Words here
Warning = TypeVar("Warning")  # what a choice asks before it is done: a Say here
Label2 = TypeVar("Label2")
Warning2 = TypeVar("Warning2")
MenuPath = tuple[Any, ...]    # a submenu: ("cube", good), ("swap", column, position), …


@dataclass
class ChoiceOf(Generic[Label, Warning]):
    """One choice of a menu, whatever its label is made of: the play layer's words
    (`Choice`), or a front end's text once it words them (tui/choices.py, `MenuOf.worded`)."""
    label: Label
    key: str | None = None
    action: Action | None = None
    submenu: MenuPath | None = None
    warn: Warning | None = None  # ask before doing it (cubes that would be lost)
    space: int | None = None     # board space it concerns (highlighted on the board)
    tag: str = ""                # footer binding it answers to (buy, pass, done, ...)
    card: str | None = None      # card it is about (its whole text shows under the board)

    def __post_init__(self) -> None:
        if self.tag:  # a tagged choice's key is its binding's (the one table in keys.py)
            self.key = BACK_KEY if self.tag == "back" else TAG_KEYS[self.tag]


@dataclass
class MenuOf(Generic[Label, Warning]):
    """A menu: its prompt and choices, whatever their labels are made of (see ChoiceOf)."""
    prompt: Label
    choices: list[ChoiceOf[Label, Warning]] = field(default_factory=list)
    path: MenuPath = ()
    card: str | None = None      # card the whole decision is about (the one to buy)
    player: int | None = None    # who decides (None: the game is over)

    def by_key(self, key: str) -> ChoiceOf[Label, Warning] | None:
        for c in self.choices:
            if c.key == key:
                return c
        return None

    def worded(self, label: Callable[[Label], Label2],
               warn: Callable[[Warning], Warning2]) -> MenuOf[Label2, Warning2]:
        """The same menu with its prompt and labels put by `label` (and its warnings by
        `warn`) into what a front end shows."""
        return MenuOf(label(self.prompt),
                      [ChoiceOf(label(c.label), c.key, c.action, c.submenu,
                                None if c.warn is None else warn(c.warn), c.space, c.tag,
                                c.card)
                       for c in self.choices],
                      self.path, self.card, self.player)


Choice = ChoiceOf[Words, Say]   # the play layer's: labels as words (play/words.py)
Menu = MenuOf[Words, Say]


def _card(st: GameState, cid: str) -> Card:
    return Card(st.cards.by_id[cid])


def _on_space(st: GameState, space: int) -> str:
    """The card on board space `space` (1-based): a menu asks only about a space with one."""
    cid = st.spaces[space - 1]
    assert cid is not None, space
    return cid


def _number(choices: list[Choice], taken: set[str] | None = None) -> None:
    """Give the choices without a key the next free digit (then a free letter)."""
    used = {c.key for c in choices if c.key} | (taken or set())
    free = [k for k in CHOICE_KEYS if k not in used]
    for c in choices:
        if c.key is None and free:
            c.key = free.pop(0)


PROMPT_NAME = 16  # at most this many characters of the deciding player's name in a prompt


def build_menu(st: GameState, path: MenuPath = ()) -> Menu:
    """The menu of the decision in `st` at `path` (a submenu's path; () for the top)."""
    p = current_player(st)
    if p is None:
        return Menu((say("tui.prompt.game_over"),))
    legal = legal_actions(st)
    if st.pending:
        menu = _pending_menu(st, legal, p, path)
    else:
        menu = _PHASE_MENUS[st.phase](st, legal, p, path)
    # a long name ends in "…": the prompt keeps its numbers in view
    menu.prompt = (Player(p, PROMPT_NAME), ": ", *menu.prompt)
    menu.path = path
    menu.player = p
    if path:
        menu.choices.append(Choice((say("tui.choice.back"),), tag="back", submenu=()))
    _number(menu.choices)
    return menu


def _use_cards(st: GameState, legal: list[Action]) -> list[Choice]:
    return [Choice((say("tui.choice.use_card", card=_card(st, a.card)),), key=None, action=a,
                   card=a.card)
            for a in legal if isinstance(a, UseCard)]


# ---------------------------------------------------------------- demand
def _demand_menu(st: GameState, legal: list[Action], p: int, path: MenuPath) -> Menu:
    pl = st.players[p]
    brown = path == ("brown",)
    choices: list[Choice] = []
    for a in legal:
        if isinstance(a, Place) and a.brown == brown:
            pos = len(st.columns[a.column - 1]) + 1
            choices.append(Choice(
                (say("tui.choice.place", space=a.column, card=_card(st, _on_space(st, a.column)),
                     position=pos),),
                key=space_key(a.column), action=a, space=a.column,
                card=st.spaces[a.column - 1]))
        elif isinstance(a, Reserve) and a.brown == brown:
            choices.append(Choice(
                (say("tui.choice.reserve", space=a.space, card=_card(st, _on_space(st, a.space)),
                     slot=len(st.reservation) + 1),),
                key=space_key(a.space), action=a, space=a.space,
                card=st.spaces[a.space - 1]))
    if brown:
        return Menu((say("tui.prompt.place_brown", count=pl.brown),), choices)
    if any(getattr(a, "brown", False) for a in legal):
        choices.append(Choice((say("tui.choice.brown", count=pl.brown),), tag="brown",
                              submenu=("brown",)))
    for a in legal:
        if isinstance(a, Done):
            choices.append(Choice((say("tui.choice.stop_brown"),), tag="stop", action=a))
    choices.extend(_use_cards(st, legal))
    return Menu((say("tui.prompt.place", count=pl.vikings),), choices)


# ---------------------------------------------------------------- purchase
def _purchase_menu(st: GameState, legal: list[Action], p: int, path: MenuPath) -> Menu:
    price = price_due(st)  # what Buy charges
    if st.phase == Phase.PURCHASE:
        c = st.turn
        cid = _on_space(st, c + 1)
        prompt: Words = (say("tui.prompt.buy", card=_card(st, cid), space=c + 1, price=price,
                             count=st.players[p].coins),)
    else:
        cid = st.reservation[0].card
        prompt = (say("tui.prompt.buy_reserved", card=_card(st, cid), price=price,
                      count=st.players[p].coins),)
    choices: list[Choice] = []
    for a in legal:
        if isinstance(a, Buy) and not a.hall:
            choices.append(Choice((say("tui.choice.buy", count=price),), tag="buy", action=a))
        elif isinstance(a, Buy):
            choices.append(Choice((say("tui.choice.buy_hall"),), tag="hall", action=a))
        elif isinstance(a, Pass):
            label = ("tui.choice.pass" if st.phase == Phase.PURCHASE
                     else "tui.choice.pass_reserved")
            choices.append(Choice((say(label),), tag="pass", action=a))
    if not any(isinstance(a, Buy) for a in legal):
        prompt += (" ", say("tui.prompt.cannot_pay"))
    for ch in choices:  # about the card on sale: its space is marked on the board
        ch.card = cid
        ch.space = st.turn + 1 if st.phase == Phase.PURCHASE else None
    choices.extend(_use_cards(st, legal))
    return Menu(prompt, choices, card=cid)


# ---------------------------------------------------------------- unloading
def _source_label(pl: PlayerState, g: int) -> Words:
    parts: list[Part] = []
    for where, pool in (("hand", pl.hand), ("storage", pl.storage), ("warehouse", pl.warehouse)):
        k = pool.count(g)
        if k:
            if parts:
                parts.append(", ")
            parts.append(say(f"tui.where.{where}", count=k))
    return tuple(parts)


def _from_label(source: str | tuple[str, ...]) -> Words:
    """" (from the Warehouse)" for an action with an explicit cube source; nothing for the
    usual choice, which the menus pre-select without saying so."""
    if not source:
        return ()
    if isinstance(source, str):
        return (" (", say(f"tui.from.{source}"), ")")
    parts: list[Part] = [" ("]
    for i, s in enumerate(dict.fromkeys(source)):
        if i:
            parts.append(", ")
        parts += [f"{source.count(s)}× ", say(f"tui.from.{s}")]
    parts.append(")")
    return tuple(parts)


def assign_label(st: GameState, a: Assign) -> Words:
    if a.to == "craftsman":
        return (say("tui.choice.to_craftsman", card=_card(st, a.card)),)
    if a.to == "merchant":
        coins = st.cards.by_id[a.card].coins_per_good
        return (say("tui.choice.to_merchant", card=_card(st, a.card), count=coins),)
    if a.to == "prophecy":
        return (say("tui.choice.to_prophecy", card=_card(st, a.card)),)
    if a.to == "storage":
        return (say("tui.choice.to_storage"),)
    return (say("tui.choice.to_warehouse"),)


def destinations(st: GameState, p: int) -> list[tuple[str, str]]:
    """Every place a cube of player p can ever go in this unloading, in a fixed order
    (craftsmen, prophecies, merchants, storage, Warehouse): a destination's key is its place
    here, so it is the same for every cube."""
    by_id = st.cards.by_id
    cards = st.players[p].cards
    out = [(kind, c) for kind in ("craftsman", "prophecy", "merchant")
           for c in cards if by_id[c].type == kind]
    out.append(("storage", ""))
    out += [("warehouse", c) for c in cards if by_id[c].effect == "warehouse"]
    return out


def _cube_choices(st: GameState, p: int, actions: list[Assign]) -> list[Choice]:
    """The destinations of one cube, each under its fixed key; one that completes a
    craftsman first."""
    keys = {d: CHOICE_KEYS[i] for i, d in enumerate(destinations(st, p)) if i < len(CHOICE_KEYS)}
    choices: list[Choice] = []
    firsts: list[Choice] = []
    seen: set[tuple[str, str]] = set()
    for a in actions:
        dest = (a.to, a.card or "") if a.to != "warehouse" else ("warehouse", a.card or "")
        if dest not in keys and a.to == "warehouse":
            dest = next((d for d in keys if d[0] == "warehouse"), dest)
        label = assign_label(st, a) + _from_label(a.source)
        c = Choice(label, key=keys.get(dest) if dest not in seen else None, action=a,
                   card=a.card or None)
        seen.add(dest)
        if a.to == "craftsman" and _completes(st, p, a):
            c.label += (Tone(("  ", say("tui.choice.completes", vp=st.cards.by_id[a.card].vp)),
                             "completes"),)
            firsts.append(c)
        else:
            choices.append(c)
    _number(firsts + choices, set(keys.values()))
    return firsts + choices


def _completes(st: GameState, p: int, a: Assign) -> bool:
    """Whether this cube is the last one the craftsman needs."""
    return empty_fields(st, st.players[p], a.card) == [a.good]


def _unloading_menu(st: GameState, legal: list[Action], p: int, path: MenuPath) -> Menu:
    """The unloading turn's menu, or the submenu `path` opens (see _UNLOADING_SUBMENUS)."""
    if path and path[0] in _UNLOADING_SUBMENUS:
        return _UNLOADING_SUBMENUS[path[0]](st, legal, p, path)
    pl = st.players[p]
    choices = _goods_choices(pl, legal)
    for kind, cls in _EXCHANGES.items():
        if any(isinstance(a, cls) for a in legal):
            choices.append(Choice((say(f"tui.choice.{kind}"),), tag=kind, submenu=(kind,)))
    choices.extend(_use_cards(st, legal))
    # Giving up a stored cube (RULES.md §6): last before "done", so that it is never the first
    # choice while anything else can be done (a turn with nothing else ends by itself).
    if any(isinstance(a, GiveUp) for a in legal):
        choices.append(Choice((say("tui.choice.give_up"),), submenu=("give_up",)))
    choices += _done_choices(pl, legal)
    prompt: Words = (say("tui.prompt.unload"),)
    if pl.hand:
        prompt += (" ", Cubes(tuple(pl.hand)))
    _number(choices, set(CHOICE_KEYS[:len(GOODS)]))  # the goods' keys stay theirs
    return Menu(prompt, choices)


def _goods_choices(pl: PlayerState, legal: list[Action]) -> list[Choice]:
    """A choice per good that can be unloaded, opening where it can go. Each good keeps its
    key while the list shrinks (amber 1, iron 2, …): a player who pressed 2 for iron a moment
    ago never gets jet with it."""
    goods = sorted({a.good for a in legal if isinstance(a, Assign)})
    return [Choice((Cube(g, named=True), " (", *_source_label(pl, g), ") →"),
                   submenu=("cube", g), key=CHOICE_KEYS[g] if g < len(GOODS) else None)
            for g in goods]


def _done_choices(pl: PlayerState, legal: list[Action]) -> list[Choice]:
    """Done (saying how many cubes in hand it loses, and asking first when it loses any)."""
    lost = len(pl.hand)
    label = say("tui.choice.done_lose", count=lost) if lost else say("tui.choice.done")
    warn = say("tui.confirm.lose_cubes", count=lost) if lost else None
    return [Choice((label,), tag="done", action=a, warn=warn)
            for a in legal if isinstance(a, Done)]


def _cube_menu(st: GameState, legal: list[Action], p: int, path: MenuPath) -> Menu:
    """Where the cube of good path[1] goes."""
    g = path[1]
    choices = _cube_choices(st, p, [a for a in legal if isinstance(a, Assign) and a.good == g])
    return Menu((say("tui.prompt.assign_where"), " ", Cube(g, named=True)), choices)


def _exchange_menu(st: GameState, legal: list[Action], p: int, path: MenuPath) -> Menu:
    """Which cubes to give for a trade, a sale or the harbour (path[0])."""
    cls = _EXCHANGES[path[0]]
    choices = [Choice((say("tui.choice.give"), " ", Cubes(tuple(a.give)),
                       *_from_label(a.source)), action=a)
               for a in legal if isinstance(a, cls)]
    return Menu((say(f"tui.prompt.{path[0]}"),), choices)


def _give_up_menu(st: GameState, legal: list[Action], p: int, path: MenuPath) -> Menu:
    """Which stored cube to give up."""
    choices = [Choice((Cube(a.good, named=True), *_from_label(a.source)), action=a)
               for a in legal if isinstance(a, GiveUp)]
    return Menu((say("tui.prompt.give_up"),), choices)


# The unloading turn's exchanges, in the order its menu offers them.
_EXCHANGES: dict[str, type[Trade | Sell | Harbour]] = {
    "trade": Trade, "sell": Sell, "harbour": Harbour}
# The unloading turn's submenus, by the first part of their path.
_UNLOADING_SUBMENUS: dict[str, Callable[[GameState, list[Action], int, MenuPath], Menu]] = {
    "cube": _cube_menu, "trade": _exchange_menu, "sell": _exchange_menu,
    "harbour": _exchange_menu, "give_up": _give_up_menu}


# The menu of each phase in which a player decides (with no decision pending).
_PHASE_MENUS: dict[Phase, Callable[[GameState, list[Action], int, MenuPath], Menu]] = {
    Phase.DEMAND: _demand_menu,
    Phase.PURCHASE: _purchase_menu,
    Phase.RESERVATION: _purchase_menu,
    Phase.UNLOADING: _unloading_menu,
}


# ---------------------------------------------------------------- sub-decisions
def _viking_at(st: GameState, col: int, pos: int) -> Words:
    if col == RESERVATION_ROW:
        r = st.reservation[pos]
        card, code = r.card, r.viking
        return (Viking(code), " ", say("tui.choice.viking_reserved", slot=pos + 1,
                                       card=_card(st, card)))
    code = st.columns[col - 1][pos]
    return (Viking(code), " ", say("tui.choice.viking_at", space=col, position=pos + 1))


def _take_menu(st: GameState, legal: list[Action], p: int, path: MenuPath,
        dec: Any) -> Menu:
    choices = [Choice((say("tui.choice.take"), " ", Cube(a.good, named=True)), action=a)
               for a in legal if isinstance(a, Take)]
    return Menu((say("tui.prompt.take"),), choices)


def _place_cube_menu(st: GameState, legal: list[Action], p: int, path: MenuPath,
        dec: Any) -> Menu:
    choices = _cube_choices(st, p, [a for a in legal if isinstance(a, Assign)])
    for a in legal:
        if isinstance(a, Discard):
            choices.append(Choice((say("tui.choice.discard"),), tag="discard", action=a))
    return Menu((say("tui.prompt.place_cube"), " ", Cube(dec.good, named=True)), choices)


def _workshop_menu(st: GameState, legal: list[Action], p: int, path: MenuPath,
        dec: Any) -> Menu:
    choices: list[Choice] = []
    for a in legal:
        if isinstance(a, TakeOff):
            choices.append(Choice((say("tui.choice.take_off", card=_card(st, a.card)), " ",
                                   Cube(a.good)), action=a, card=a.card))
        elif isinstance(a, Decline):
            choices.append(Choice((say("tui.choice.stop"),), tag="decline", action=a))
    return Menu((say("tui.prompt.workshop", count=dec.left),), choices)


def _theft_menu(st: GameState, legal: list[Action], p: int, path: MenuPath,
        dec: Any) -> Menu:
    choices = [Choice((say("tui.choice.steal", card=_card(st, a.card)), " ", Cube(a.good),
                       " (", Player(a.player), ")"), action=a, card=a.card)
               for a in legal if isinstance(a, Steal)]
    return Menu((say("tui.prompt.theft"),), choices)


def _trickery_menu(st: GameState, legal: list[Action], p: int, path: MenuPath,
        dec: Any) -> Menu:
    swaps = [a for a in legal if isinstance(a, Swap)]
    choices: list[Choice] = []
    if path and path[0] == "swap" and len(path) == 1:
        firsts = sorted({(a.column_a, a.position_a) for a in swaps}
                        | {(a.column_b, a.position_b) for a in swaps})
        choices = [Choice(_viking_at(st, c, i), submenu=("swap", c, i), space=c)
                   for c, i in firsts]
        return Menu((say("tui.prompt.swap_first"),), choices)
    if path and path[0] == "swap":
        c0, i0 = path[1], path[2]
        for a in swaps:
            if (a.column_a, a.position_a) == (c0, i0):
                choices.append(Choice(_viking_at(st, a.column_b, a.position_b),
                                      action=a, space=a.column_b))
            elif (a.column_b, a.position_b) == (c0, i0):
                choices.append(Choice(_viking_at(st, a.column_a, a.position_a),
                                      action=a, space=a.column_a))
        return Menu((say("tui.prompt.swap_second"), " ", *_viking_at(st, c0, i0)), choices)
    if swaps:
        choices.append(Choice((say("tui.choice.swap", card=_card(st, dec.card)),),
                              submenu=("swap",), card=dec.card))
    for d in legal:
        if isinstance(d, Decline):
            choices.append(Choice((say("tui.choice.decline"),), tag="decline", action=d))
    choices.extend(_use_cards(st, legal))
    return Menu((say("tui.prompt.trickery"),), choices)


def _attack_menu(st: GameState, legal: list[Action], p: int, path: MenuPath,
        dec: Any) -> Menu:
    """Glory or Danegeld: the card that changes the attack's result (`dec.value` VP gained or
    lost), or the plain result."""
    kind = dec.kind
    choices: list[Choice] = []
    for a in legal:
        if isinstance(a, UseCard) and a.card == dec.card:
            choices.append(Choice((say(f"tui.choice.{kind}", value=dec.value),), action=a,
                                  card=a.card))
        elif isinstance(a, Decline):
            choices.append(Choice((say(f"tui.choice.no_{kind}", value=dec.value),),
                                  tag="decline", action=a))
    choices.extend(_use_cards(st, [a for a in legal if isinstance(a, UseCard)
                                   and a.card != dec.card]))
    return Menu((say(f"tui.prompt.{kind}", value=dec.value),), choices)


def raw_menu(st: GameState, legal: list[Action], p: int, path: MenuPath,
        dec: Any) -> Menu:
    """A decision kind without a menu of its own: its name and each legal action by its
    move's name and fields, so that a new kind never blocks a game."""
    choices = [Choice((say(f"play.actions.{a.type}"), *_raw_fields(a)), action=a)
               for a in legal]
    return Menu((say(f"play.decisions.{dec.kind}"),), choices)


def _raw_fields(a: Action) -> tuple[str, ...]:
    """An action's fields as they are in its JSON form (" good=wool"); none: nothing."""
    fields = {k: v for k, v in a.to_json().items() if k != "type"}
    return tuple(f" {k}={v}" for k, v in fields.items())


# The menu of each pending decision kind (engine Decision.kind); a kind not listed gets
# raw_menu. A new decision kind adds its builder here and its words to the catalogues.
PendingMenu = Callable[[GameState, list[Action], int, MenuPath, Any], Menu]
PENDING_MENUS: dict[str, PendingMenu] = {
    "take": _take_menu,
    "place_cube": _place_cube_menu,
    "workshop": _workshop_menu,
    "theft": _theft_menu,
    "trickery": _trickery_menu,
    "glory": _attack_menu,
    "danegeld": _attack_menu,
}


def _pending_menu(st: GameState, legal: list[Action], p: int, path: MenuPath) -> Menu:
    dec = st.pending[-1]
    menu: PendingMenu = PENDING_MENUS.get(dec.kind, raw_menu)
    return menu(st, legal, p, path, dec)
