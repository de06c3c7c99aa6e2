"""Join codes: one secret of 128 bits per remote seat, the same after `host --resume`.

A code is HMAC-SHA256(host key, game id and seat) cut to 128 bits, written in base32 in
groups of four. The host key is 32 random bytes made once in the data folder (readable by
its owner only), so a resumed game's codes come back without being stored anywhere.
Codes are compared in constant time (hmac.compare_digest)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from jorvik.outside import DataFileError, printable, read_bytes

CODE_BYTES = 16  # 128 bits


def key_path() -> Path:
    from jorvik.play import saves as saving  # the data folder (the games' parent)
    return saving.games_dir().parent / "host-key"


def host_key(path: Path | None = None) -> bytes:
    """The host key, made on first use (OSError when the data folder cannot hold it)."""
    path = path or key_path()
    try:
        data = read_bytes(path, limit=32)
        if len(data) == 32:
            return data
    except DataFileError as e:  # missing or too big: a new key replaces it (never trusted)
        if e.reason in ("folder", "not_a_file", "unreadable"):
            raise OSError(f"{printable(str(path))}: cannot be the host key ({e.reason})") from None
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, key)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    return key


def seat_code(key: bytes, game_id: str, seat: int) -> str:
    """Seat `seat`'s code in game `game_id`, as it is shown: "ABCD-EFGH-…"."""
    mac = hmac.new(key, f"jorvik-seat:{game_id}:{seat}".encode(), hashlib.sha256).digest()
    text = base64.b32encode(mac[:CODE_BYTES]).decode().rstrip("=")
    return "-".join(text[i:i + 4] for i in range(0, len(text), 4))


def normal(code: str) -> bytes:
    """A code as typed, for comparing: dashes and spaces out, upper case."""
    return "".join(ch for ch in code if ch not in "- ").upper().encode("utf-8", "replace")


def find_seat(codes: dict[int, str], given: str) -> int | None:
    """The key (a seat, or the host's grant) whose code `given` is, or None; every code is
    compared, each in constant time, so the time taken tells nothing of how much of a code
    was right."""
    want = normal(given)
    found = None
    for seat, code in codes.items():
        if hmac.compare_digest(normal(code), want):
            found = seat
    return found
