"""Saved games: one file per game in the data directory's games/ folder (the engine record
plus names, colours and bot seats), written atomically, checked by one schema when read, and
moved aside (never overwritten) when damaged; one instance per game is play/lock.py's.
A problem is a SaveError: a kind and fields, worded by the front end (tui.save.<reason>)."""

from __future__ import annotations

import json
import os
import re
import stat
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    field_validator,
)

from jorvik.engine import Action, CardSet, GameState, Phase
from jorvik.engine.names import name_problem, shown
from jorvik.engine.record import OtherCardFile, RecordError, RecordWithoutDeck, make_record
from jorvik.outside import DataFileError, read_json_file
from jorvik.recordschema import problem_lines, replay_record
from jorvik.settings import atomic_write, data_dir

from .errors import SaveError, replay_refusal
from .lock import GameLock, lock_game  # noqa: F401  (named here for the callers of saves)
from .seats import RemoteChange, SeatChange, Seats, bots_before

SAVE_FORMAT = "jorvik-save/2"
OLD_SAVE_FORMAT = "jorvik-save/1"  # before one file per game: read, then continued in a new file
MAX_ID = 120  # a game's id, e.g. 20261201-012816-anna-bela (five names of 10 letters at most)


@dataclass
class SaveData:
    record: dict[str, Any]
    seats: Seats
    cards_path: str | None
    actions: list[Action]
    game_id: str | None = None
    started: str | None = None
    current: bool = True  # written by this version (continued in place; else in a new file)
    notes: list[dict[str, Any]] = field(default_factory=list)  # the log's kept notes
    seat_changes: list[SeatChange] = field(default_factory=list)  # seats that changed hands
    remote_changes: list[RemoteChange] = field(default_factory=list)  # hosted seats that moved
    #                                                                   between machines


# ---------------------------------------------------------------- where games live

def games_dir() -> Path:
    return data_dir() / "games"


def crash_dir() -> Path:
    return data_dir() / "crashes"


def legacy_autosave_path() -> Path:
    """The single autosave of earlier versions (read once by --resume, never written)."""
    return data_dir() / "autosave.json"


def now_text() -> str:
    """Local time to the millisecond: the games played last sort first."""
    from datetime import datetime
    return datetime.now().isoformat(timespec="milliseconds")


# Letters NFKD does not take apart, transliterated for game ids (ð→d, þ→th, æ→ae, …).
_LETTERS = str.maketrans({"ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "æ": "ae", "Æ": "Ae",
                          "ø": "o", "Ø": "O", "ß": "ss", "œ": "oe", "Œ": "Oe", "ł": "l",
                          "Ł": "L", "đ": "d", "Đ": "D", "ı": "i"})


def _slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name.translate(_LETTERS)).encode(
        "ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "", ascii_name.lower())[:10] or "p"


def claim_new_game(names: list[str]) -> tuple[str, Path, GameLock]:
    """A fresh id (the start time and the players, e.g. 20261201-012816-anna-bela), its file
    and the lock on it: no other game has or gets that file, even one started in the same
    second by another window."""
    base = time.strftime("%Y%m%d-%H%M%S-") + "-".join(_slug(n) for n in names)
    games_dir().mkdir(parents=True, exist_ok=True)  # OSError: the folder cannot hold games
    for k in range(1, 1000):
        game_id = base if k == 1 else f"{base}-{k}"
        path = game_path(game_id)
        if _taken(path):
            continue
        lock = GameLock(path)
        if not lock.acquire():
            continue
        if _taken(path):  # written by another window between the two looks
            lock.release()
            continue
        return game_id, path, lock
    raise OSError(f"no free game file name in {games_dir()}")


def _taken(path: Path) -> bool:
    """Whether a file is at `path`; OSError when the folder cannot be looked into."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return False
    return True


def game_path(game_id: str) -> Path:
    return games_dir() / f"{game_id}.json"


def in_games_dir(path: Path) -> bool:
    try:
        return Path(path).resolve().parent == games_dir().resolve()
    except OSError:
        return False


def default_save_path() -> Path:
    return data_dir() / "saves" / time.strftime("jorvik-%Y%m%d-%H%M%S.json")


# ---------------------------------------------------------------- writing

def save_text(first: GameState, actions: list[Action], deck: list[str], bag: list[str],
              seats: Seats, cards_path: str | None, game_id: str, started: str,
              state: GameState, notes: list[dict[str, Any]] | None = None,
              seat_changes: list[SeatChange] | None = None,
              remote_changes: list[RemoteChange] | None = None) -> str:
    """The save file of a game as it is now (`state` gives the round and whether it is over,
    for `jorvik games`, which lists without replaying). `notes`: the log's notes kept with the
    game ({"move", "kind", "player"}: a hint used, a bot playing as 'easy'), the first
    MAX_NOTES of them. `seats` are the seats as they are now; `seat_changes` the seats that
    changed hands on the way, in order (an earlier version reads the seats as they are now
    and leaves the changes aside). `remote_changes`: the seats of a hosted game that moved
    between the host's keyboard and another machine, in order (written only when there are
    some: a game played at one machine saves as before)."""
    extra: dict[str, Any] = {}
    if remote_changes:
        extra["remote_changes"] = [c.to_json() for c in remote_changes]
    return json.dumps({
        "format": SAVE_FORMAT,
        "id": game_id or None,  # a game played without a file of its own has no id
        "started": started,
        "saved": now_text(),
        "finished": state.phase == Phase.END,
        "round": state.round,
        "seats": seats.to_json(),
        "cards_path": cards_path,
        "record": make_record(first, actions, deck=deck, bag=bag),
        "notes": list(notes or [])[:MAX_NOTES],
        "seat_changes": [c.to_json() for c in seat_changes or []],
        **extra,
    }, ensure_ascii=False, indent=1)


def write_save(path: Path, text: str) -> None:
    """Write, fsync, rename: a killed process leaves the old file or the new one, whole."""
    atomic_write(Path(path), text)


def move_aside(path: Path) -> Path:
    """Move a save that cannot be read to NAME.damaged-<time>.json, so nothing writes over
    it; returns where it is now."""
    path = Path(path)
    stem = path.name[:-5] if path.name.endswith(".json") else path.name
    target = path.with_name(f"{stem}.damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
    k = 1
    while target.exists():
        k += 1
        target = path.with_name(f"{stem}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{k}.json")
    os.replace(path, target)
    return target


# ---------------------------------------------------------------- reading

class SeatModel(BaseModel):
    model_config = ConfigDict(extra="ignore")
    name: StrictStr = Field(max_length=100)
    colour: Literal["red", "blue", "green", "yellow", "white"]
    bot: StrictStr | None = Field(default=None, max_length=20)

    @field_validator("name")
    @classmethod
    def _name(cls, name: str) -> str:
        if name_problem(name) is not None:
            raise ValueError(f"the name {shown(name)} is not a valid player name")
        return name


NOTE_KINDS = ("hint", "bot_fallback", "bot_failed")
MAX_NOTES = 2000


class NoteModel(BaseModel):
    """A note of the game log kept with the game: after `move` moves, `player` used a hint
    (or their bot could not play: 'easy' played for it). Its words come from the catalogue
    and the seats, never from the file."""
    model_config = ConfigDict(extra="forbid")
    move: StrictInt = Field(ge=0, le=100_000)
    kind: Literal["hint", "bot_fallback", "bot_failed"]
    player: StrictInt = Field(ge=0, le=4)


MAX_SEAT_CHANGES = 2000


class SeatChangeModel(BaseModel):
    """A seat that changed hands (play.seats.SeatChange): after `move` moves, seat `seat`
    went from the bot level `was` to `bot` (None: a human), asked by `by` (None: the table)."""
    model_config = ConfigDict(extra="forbid")
    move: StrictInt = Field(ge=0, le=100_000)
    seat: StrictInt = Field(ge=0, le=4)
    bot: StrictStr | None = Field(max_length=20)
    was: StrictStr | None = Field(max_length=20)
    by: StrictInt | None = Field(default=None, ge=0, le=4)


class RemoteChangeModel(BaseModel):
    """A hosted seat that moved between machines (play.seats.RemoteChange): after `move`
    moves, seat `seat` went to another machine (`remote` true) or to the host's keyboard."""
    model_config = ConfigDict(extra="forbid")
    move: StrictInt = Field(ge=0, le=100_000)
    seat: StrictInt = Field(ge=0, le=4)
    remote: StrictBool


class SaveModel(BaseModel):
    """The shape of a save file around its engine record (checked by the engine's model)."""
    model_config = ConfigDict(extra="ignore")
    format: Literal["jorvik-save/1", "jorvik-save/2"]
    id: StrictStr | None = Field(default=None, max_length=MAX_ID, pattern=r"^[A-Za-z0-9._-]+$")
    started: StrictStr | None = Field(default=None, max_length=40)
    saved: StrictStr | None = Field(default=None, max_length=40)
    finished: StrictBool = False
    round: StrictInt = Field(default=0, ge=0, le=100)
    seats: list[SeatModel] = Field(min_length=2, max_length=5)
    cards_path: StrictStr | None = Field(default=None, max_length=4096)
    record: dict[str, Any]
    notes: list[NoteModel] = Field(default_factory=list, max_length=MAX_NOTES)  # older saves: none
    seat_changes: list[SeatChangeModel] = Field(default_factory=list,
                                                max_length=MAX_SEAT_CHANGES)  # older: none
    remote_changes: list[RemoteChangeModel] = Field(default_factory=list,
                                                    max_length=MAX_SEAT_CHANGES)  # older: none

    @field_validator("cards_path")
    @classmethod
    def _printable(cls, value: str | None) -> str | None:
        if value is not None and not value.isprintable():
            raise ValueError("has a control character")
        return value


def _problems(error: ValidationError) -> str:
    return "; ".join(problem_lines(error)[:6])


def read_save(path: Path) -> dict[str, Any]:
    """The raw JSON object of a save file (a regular file, at most a few MB, nested at most
    a few levels); SaveError if it is missing or cannot be read as one."""
    where = str(path)
    try:
        data = read_json_file(Path(path))
    except DataFileError as e:
        if e.reason == "missing":
            raise SaveError("not_found", path=where, kind="missing") from None
        if e.reason in ("not_a_file", "folder"):
            raise SaveError("not_a_file", path=where, kind="missing") from None
        if e.reason == "too_big":
            raise SaveError("too_big", path=where, kind="missing") from None
        if e.reason == "unreadable":
            raise SaveError("unreadable", path=where, error=e.detail,
                            kind="missing") from None
        raise SaveError("corrupt", path=where, error=e.detail) from None
    if not isinstance(data, dict):
        raise SaveError("corrupt", path=where, error="not a JSON object")
    return data


def _checked(data: dict[str, Any], path: Path) -> SaveModel:
    try:
        return SaveModel.model_validate(data)
    except ValidationError as e:
        raise SaveError("incompatible", path=str(path), error=_problems(e)) from None


def saved_card_file(data: dict[str, Any], path: Path) -> str | None:
    """The card file a save was played with, read only after the save's shape is checked
    (so a path with an escape sequence never gets as far as a message); None for the
    packaged cards or a bare engine record."""
    if data.get("format") in (SAVE_FORMAT, OLD_SAVE_FORMAT):
        return _checked(data, path).cards_path or None
    return None


def save_players(path: Path) -> int | None:
    """How many players the save at `path` has (read, not replayed); None when it cannot
    be read as a save or a record (opening it will say why)."""
    try:
        data = read_save(path)
    except SaveError:
        return None
    record = data.get("record") if "format" in data else data
    players = record.get("players") if isinstance(record, dict) else None
    return len(players) if isinstance(players, list) and 2 <= len(players) <= 5 else None


def open_save(path: Path, cards: CardSet, own_cards: bool = True,
              stacked_ok: bool = False) -> tuple[SaveData, CardSet]:
    """Read, check and replay the save at `path` (what `play --load` and `review` both do):
    its data and the cards it is played with — the card file it names when `own_cards`,
    else `cards`. SaveError (one line) when it cannot be used."""
    from jorvik.carddata import CardFileError, load_cards
    data = read_save(path)
    saved_cards = saved_card_file(data, path)
    if own_cards and saved_cards is not None:
        try:
            cards = load_cards(saved_cards)
        except CardFileError as e:
            raise SaveError("needs_cards", path=str(path), cards=saved_cards,
                            error=str(e), kind="cards") from None
    return parse_save(data, cards, path, stacked_ok), cards


@dataclass
class _Parts:
    """What a save holds around its engine record (a bare record: nothing but the record)."""
    record: Any
    seats: list[SeatModel] | None = None
    cards_path: str | None = None
    game_id: str | None = None
    started: str | None = None
    current: bool = False
    notes: list[dict[str, Any]] = field(default_factory=list)
    seat_changes: list[SeatChange] = field(default_factory=list)
    remote_changes: list[RemoteChange] = field(default_factory=list)


def parse_save(data: dict[str, Any], cards: CardSet, path: Path,
               stacked_ok: bool = False) -> SaveData:
    """Check a save (ours, or a bare engine record) and replay it; SaveError when unusable
    (kind 'cards' or 'old' for a save that is fine but cannot be played here)."""
    parts = _parts(data, path)
    actions = _replayed(parts, cards, path, stacked_ok)
    names = list(parts.record["players"])
    seats = _seats(parts.seats, names, path)
    _check_notes(parts, len(actions), seats, path)
    return SaveData(record=parts.record, seats=seats, cards_path=parts.cards_path,
                    actions=actions, game_id=parts.game_id, started=parts.started,
                    current=parts.current, notes=parts.notes, seat_changes=parts.seat_changes,
                    remote_changes=parts.remote_changes)


def _parts(data: dict[str, Any], path: Path) -> _Parts:
    """The save's parts, its shape checked; SaveError when it is neither a save nor a
    record."""
    if data.get("format") in (SAVE_FORMAT, OLD_SAVE_FORMAT):
        model = _checked(data, path)
        return _Parts(
            model.record, model.seats, model.cards_path, model.id, model.started,
            model.format == SAVE_FORMAT, [n.model_dump() for n in model.notes],
            [SeatChange(c.move, c.seat, c.bot, c.was, c.by) for c in model.seat_changes],
            [RemoteChange(c.move, c.seat, c.remote) for c in model.remote_changes])
    if "actions" in data:  # a bare engine record: default colours, all human
        return _Parts(data)
    fmt = data.get("format")
    error = (f"format {shown(fmt)} is not {SAVE_FORMAT}" if fmt is not None
             else "neither a save (no format) nor a game record (no actions)")
    raise SaveError("incompatible", path=str(path), error=error)


def _replayed(parts: _Parts, cards: CardSet, path: Path, stacked_ok: bool) -> list[Action]:
    """The record's actions, replayed by the rules; SaveError (in the player's words) when
    the record cannot be played here."""
    where = str(path)
    try:
        _, actions = replay_record(parts.record, cards, stacked_ok=stacked_ok)
    except RecordWithoutDeck:
        raise SaveError("no_deck", path=where, kind="old") from None
    except OtherCardFile as e:
        raise _other_cards(e, cards, parts.cards_path, where) from None
    except RecordError as e:   # an action the rules refuse: why, in the player's words
        error: Any = replay_refusal(e, cards) or "; ".join(e.problems[:6])
        raise SaveError("incompatible", path=where, error=error) from None
    return actions


def _other_cards(e: OtherCardFile, cards: CardSet, cards_path: str | None,
                 where: str) -> SaveError:
    """A save played with other cards: which card file, and (for cards of an earlier
    version) which cards play differently."""
    from jorvik.carddata import cards_differ
    differ = cards_differ(e.cards_hash, cards)
    fields: dict[str, Any] = {"path": where, "kind": "cards"}
    if differ is not None:  # cards of an earlier version: name what plays differently
        fields["differ"] = ", ".join(differ[:8]) + (" …" if len(differ) > 8 else "")
    reason = ("other_cards" if cards_path else "other_packaged_cards") + \
        ("_known" if differ is not None else "")
    if cards_path:
        fields["cards"] = cards_path
    return SaveError(reason, **fields)


def _seats(seats_data: list[SeatModel] | None, names: list[str], path: Path) -> Seats:
    """The seats of the save (a bare record's: the players, human, in the usual colours)."""
    if seats_data is None:
        return Seats.default(names)
    colours: list[str] = [s.colour for s in seats_data]
    if [s.name for s in seats_data] != names or len(set(colours)) != len(colours):
        raise SaveError("incompatible", path=str(path),
                        error="the seats do not match the players")
    return Seats(names, colours, [s.bot for s in seats_data])


def _check_notes(parts: _Parts, moves: int, seats: Seats, path: Path) -> None:
    """The kept notes and the seat changes name moves and players the game has, in order,
    and the seat changes lead from the seats the game began with to the seats now."""
    if any(n["move"] > moves or n["player"] >= len(seats) for n in parts.notes):
        raise SaveError("incompatible", path=str(path),
                        error="a note names a move or a player the game does not have")
    if not seat_changes_fit(parts.seat_changes, seats.bots, moves):
        raise SaveError("incompatible", path=str(path),
                        error="the seat changes do not match the seats or the moves")
    if not remote_changes_fit(parts.remote_changes, len(seats), moves):
        raise SaveError("incompatible", path=str(path),
                        error="the seats moved between machines do not match the game")


def seat_changes_fit(changes: list[SeatChange], bots: list[str | None], moves: int) -> bool:
    """Whether `changes` can have led to the seats `bots` in a game of `moves` moves: each
    at a move the game has, in order, of a seat it has, each from the hands the seat was
    in then to other hands."""
    level = bots_before(bots, [c for c in changes if c.seat < len(bots)])
    last = 0
    for c in changes:
        if not (last <= c.move <= moves and c.seat < len(bots) and level[c.seat] == c.was != c.bot
                and (c.by is None or c.by == c.seat)):
            return False
        level[c.seat], last = c.bot, c.move
    return level == bots


def remote_changes_fit(changes: list[RemoteChange], players: int, moves: int) -> bool:
    """Whether `changes` can be a hosted game's moves between machines: each at a move the
    game has, in order, of a seat it has, each seat's changes going one way then the other
    (its first may go either way: which seats were remote when hosting began is the
    sidecar's)."""
    last = 0
    now: dict[int, bool] = {}
    for c in changes:
        if not (last <= c.move <= moves and c.seat < players and now.get(c.seat) != c.remote):
            return False
        now[c.seat], last = c.remote, c.move
    return True


# ---------------------------------------------------------------- the list of games

@dataclass
class GameInfo:
    """One saved game as `jorvik games` lists it (read without replaying)."""
    path: Path
    game_id: str
    mode: str = "?"
    players: tuple[str, ...] = ()
    round: int = 0
    saved: str = ""
    finished: bool = False
    damaged: bool = False

    @property
    def unfinished(self) -> bool:
        return not self.finished and not self.damaged


def game_info(path: Path) -> GameInfo:
    stem = path.name.removesuffix(".json")
    info = GameInfo(path=path, game_id=stem if stem.isprintable() else shown(stem, 60))
    try:
        data = read_save(path)
        model = SaveModel.model_validate(data)
        rec = model.record
        info.mode = str(rec.get("mode"))
        players = rec.get("players")
        info.players = tuple(shown(p, 26) if name_problem(p) else p for p in players) \
            if isinstance(players, list) else ()
        info.round, info.finished = model.round, model.finished
        info.saved = model.saved or ""
    except (SaveError, ValidationError, AttributeError):
        from datetime import datetime
        info.damaged = True
        info.saved = datetime.fromtimestamp(_mtime(path)).isoformat(timespec="milliseconds")
    return info


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def list_games() -> list[GameInfo]:
    """Every game in games/, the most recently played first (moved-aside files are left out)."""
    folder = games_dir()
    if not folder.is_dir():
        return []
    paths = [p for p in folder.glob("*.json") if ".damaged-" not in p.name]
    games = [game_info(p) for p in paths]
    games.sort(key=lambda g: (g.saved, _mtime(g.path)), reverse=True)
    return games


def latest_unfinished() -> Path | None:
    """The save --resume continues: the most recently played unfinished game (or a damaged
    file newer than it, so that the player hears of it; or, before the first game of this
    version, the old single autosave)."""
    games = list_games()
    for g in games:
        if g.unfinished or g.damaged:
            return g.path
    legacy = legacy_autosave_path()
    if not games and legacy.is_file():
        return legacy
    return None


def find_game(game_id: str) -> Path | None:
    """The save of the game with this id (as `jorvik games` shows it); None for an id no game
    can have. OSError when the games folder cannot be looked into."""
    if not is_game_id(game_id):
        return None
    path = game_path(game_id.removesuffix(".json"))
    try:
        return path if stat.S_ISREG(os.stat(path).st_mode) else None
    except FileNotFoundError:
        return None


def is_game_id(text: str) -> bool:
    """Whether `text` could be a game's id (a save's own pattern and length)."""
    return (len(text) <= MAX_ID and re.fullmatch(r"[A-Za-z0-9._-]+", text) is not None
            and not text.startswith("."))
