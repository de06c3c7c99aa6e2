"""Saved games: the engine record plus names, colours and bot seats, written atomically."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from jorvik.engine import Action, CardSet, GameState, RecordError, replay
from jorvik.i18n import t
from jorvik.settings import atomic_write, data_dir

from .text import COLOURS, Seats

if TYPE_CHECKING:
    from .session import Session

SAVE_FORMAT = "jorvik-save/1"


class SaveError(Exception):
    """A save file that cannot be used; the message says why, in the player's language."""


@dataclass
class SaveData:
    record: dict[str, Any]
    seats: Seats
    cards_path: str | None
    actions: list[Action]


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def games_dir() -> Path:
    return data_dir() / "games"


def default_save_path() -> Path:
    return data_dir() / "saves" / time.strftime("jorvik-%Y%m%d-%H%M%S.json")


def to_json(session: Session) -> str:
    return snapshot(session)()


def snapshot(session: Session) -> Callable[[], str]:
    """The save text of the game as it is now, made when called (the session may go on
    meanwhile: only copies are kept)."""
    from jorvik.engine import make_record
    first, actions = session.first, tuple(session.actions)
    seats, cards_path = session.seats.to_json(), session.cards_path

    def text() -> str:
        return json.dumps({
            "format": SAVE_FORMAT,
            "saved": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "seats": seats,
            "cards_path": cards_path,
            "record": make_record(first, list(actions)),
        }, ensure_ascii=False, indent=1)
    return text


def write_save(path: Path, session: Session) -> None:
    atomic_write(Path(path), to_json(session))


class AutoSaver:
    """Writes the autosave in a background thread, so a move never waits for the disk (the
    write is fsync'ed). Only the newest snapshot matters: one not yet written is replaced.
    flush() waits until everything asked for is on disk (the app calls it when it ends)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: tuple[Path, Callable[[], str]] | None = None
        self._busy = False
        self._thread: threading.Thread | None = None
        self.error: OSError | None = None

    def submit(self, path: Path, text: Callable[[], str]) -> None:
        with self._cond:
            self._pending = (path, text)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="jorvik-autosave",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None:
                    self._cond.wait()
                path, text = self._pending
                self._pending = None
                self._busy = True
            try:
                atomic_write(path, text())
            except OSError as e:
                self.error = e
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> None:
        with self._cond:
            self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def take_error(self) -> OSError | None:
        error, self.error = self.error, None
        return error


AUTOSAVER = AutoSaver()


def save_finished(session: Session) -> Path:
    """Keep the record of a finished game beside the autosave."""
    path = games_dir() / time.strftime("game-%Y%m%d-%H%M%S.json")
    write_save(path, session)
    return path


def read_save(path: Path) -> dict[str, Any]:
    """The raw JSON of a save file; SaveError if missing or not JSON."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(t("tui.save.not_found", path=str(path))) from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(t("tui.save.unreadable", path=str(path), error=str(e))) from None
    try:
        data = json.loads(text)
    except ValueError as e:
        raise SaveError(t("tui.save.corrupt", path=str(path), error=str(e))) from None
    if not isinstance(data, dict):
        raise SaveError(t("tui.save.corrupt", path=str(path), error="not a JSON object"))
    return data


def parse_save(data: dict[str, Any], cards: CardSet, path: Path) -> SaveData:
    """Check a save (ours, or a bare engine record) and replay it; SaveError when unusable."""
    where = str(path)
    if data.get("format") == SAVE_FORMAT:
        record = data.get("record")
        seats_data = data.get("seats")
        cards_path = data.get("cards_path")
    elif "actions" in data:  # a bare engine record: default colours, all human
        record, seats_data, cards_path = data, None, None
    else:
        raise SaveError(t("tui.save.incompatible", path=where, error=str(data.get("format"))))
    try:
        _, actions = replay(record, cards)
    except RecordError as e:
        raise SaveError(t("tui.save.incompatible", path=where, error=str(e))) from None
    names = list(record["players"])
    try:
        if seats_data is None:
            seats = Seats(names, list(COLOURS)[:len(names)], [None] * len(names))
        else:
            colours = [str(s["colour"]) for s in seats_data]
            bots = [s.get("bot") for s in seats_data]
            if len(colours) != len(names) or any(c not in COLOURS for c in colours):
                raise ValueError("seats do not match the players")
            seats = Seats([str(s["name"]) for s in seats_data], colours,
                          [str(b) if b else None for b in bots])
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise SaveError(t("tui.save.incompatible", path=where, error=str(e))) from None
    return SaveData(record=record, seats=seats,
                    cards_path=cards_path if isinstance(cards_path, str) else None,
                    actions=actions)


def t_start(first: GameState, seats: Seats) -> str:
    return t("tui.log.new_game", mode=t(f"tui.mode.{first.mode}"),
             players=", ".join(seats.names), seed=str(first.seed))
