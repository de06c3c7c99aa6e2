"""Issue 47's "Done when", hosted, as real processes on 127.0.0.1 and Debian's Chromium: a
4-player game (three remote players, one bot); a spectator watches throughout in the
browser (…/watch); Bo's machine dies in round 3 and his seat goes to a bot; the host is
killed (SIGKILL) in round 4 and `host --resume` brings it back where it was (the players
reconnect by themselves); Bo comes back in round 5 from the browser (his seat's link) and
the seat is his again and he plays from the page; when it closes the bot stands in again,
and the game ends.
The save holds it all, and nothing of the game before the kill is lost or played again."""

from __future__ import annotations

import shutil
import signal
import subprocess
import time

import pytest

from .test_processes import JORVIK, finish, start_host, the_save

pytestmark = pytest.mark.slow

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def join(where: str, seed: int) -> subprocess.Popen:
    """A player's `join --auto` that stays the whole game (however slow the machine)."""
    address, code = where.split()
    return subprocess.Popen([*JORVIK, "join", address, code, "--auto", "easy", "--seed",
                             str(seed), "--limit", "1200"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _save() -> dict:
    try:
        return the_save()[1]
    except Exception:   # (not there yet, or being replaced)
        return {}


def _wait(condition, seconds: float, what: str) -> None:
    """Poll the save until `condition(save)` holds; `seconds` only bounds a hang."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition(_save()):
            return
        time.sleep(0.2)
    raise AssertionError(f"{what} did not come within {seconds} s: {_save().get('round')}")


def _moved_by(seat: int, since: int) -> bool:
    """Whether the saved game has a move of `seat`'s after its first `since` moves."""
    from jorvik.carddata import load_cards
    from jorvik.play.saves import open_save
    from jorvik.play.session import Session
    try:
        data, cards = open_save(the_save()[0], load_cards())
    except Exception:   # (being replaced)
        return False
    game = Session.from_save(data, cards, autosave=False)
    moved = any(game.decided_by(m) == seat for m in range(since, len(game.actions)))
    game.close()
    return moved


def _first_choice_keys(seat: int) -> list[str]:
    """The keys of the first choice of `seat`'s menu now, through its submenus: the menu the
    play layer gives (the one the join app draws), read from the saved game. A purchase is
    "b"/"p", a column a digit: "1" alone is no move in many decisions. [] when it is not the
    seat's decision (or the save is being replaced); ["1"] when no choice has a plain key."""
    from jorvik.carddata import load_cards
    from jorvik.play.saves import open_save
    from jorvik.play.session import Session
    try:
        data, cards = open_save(the_save()[0], load_cards())
    except Exception:   # (being replaced)
        return []
    game = Session.from_save(data, cards, autosave=False)
    try:
        if game.decider != seat:
            return []
        keys: list[str] = []
        path: tuple = ()
        for _ in range(4):   # (a choice, then at most three submenus)
            menu = game.view(seat, path).menu
            choice = next((c for c in menu.choices if c.key and c.tag != "back"
                           and c.warn is None), None) if menu is not None else None
            if choice is None:
                return keys or ["1"]
            keys.append(choice.key if len(choice.key) == 1 else choice.key.capitalize())
            if choice.submenu is None:
                return keys
            path = choice.submenu
        return keys
    finally:
        game.close()


def _changes(save: dict) -> list[tuple[int, str | None, int | None]]:
    return [(c["seat"], c["bot"], c["by"]) for c in save.get("seat_changes", [])]


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run "
                    "installs it)")
def test_done_when_a_hosted_game_with_a_drop_a_kill_and_a_return_from_the_browser(tmp_path):
    from playwright.sync_api import sync_playwright
    game = ["--players", "4", "--mode", "jarl", "--names", "Ann,Bo,Cy", "--bots", "4",
            "--level", "easy", "--seed", "21", "--start-player", "1", "--port", "0",
            "--web", "--web-port", "0", "--stand-in", "easy", "--stand-in-after", "0",
            "--bot-delay", "0.5"]   # (the bots' pace: Bo's browser page opens in round 5)
    host, lines = start_host(*game, watch=True)
    procs = []
    frames: list[str] = []
    try:
        codes = [lines[n].split()[1] for n in ("Ann", "Bo", "Cy")]
        ann, bo, cy = (join(lines[n], seed) for seed, n in enumerate(("Ann", "Bo", "Cy")))
        procs += [ann, bo, cy]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=["--no-sandbox"])
            watcher = browser.new_page(viewport={"width": 1200, "height": 800})
            watcher.on("websocket", lambda ws: ws.on(
                "framereceived", lambda payload: frames.append(
                    payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
            watcher.goto(lines["watch web"])
            watcher.wait_for_selector("canvas, .xterm", timeout=60_000)
            # round 3: Bo's machine dies; the stand-in plays his seat
            _wait(lambda s: s.get("round", 0) >= 3, 300, "round 3")
            bo.send_signal(signal.SIGKILL)
            finish(bo, 30)
            _wait(lambda s: (1, "easy", None) in _changes(s), 120, "the stand-in")
            # round 4: the host is killed; resumed, the players reconnect by themselves
            _wait(lambda s: s.get("round", 0) >= 4, 300, "round 4")
            host.send_signal(signal.SIGKILL)
            finish(host, 30)
            killed = _save()
            host, lines_again = start_host("--resume", "--stand-in-after", "0", "--bot-delay",
                                             "0.5", watch=True)
            assert lines_again == lines   # the same address, ports and codes
            watcher.reload()               # (the spectators' page of the new host process)
            watcher.wait_for_selector("canvas, .xterm", timeout=60_000)
            # round 5: Bo comes back from the browser: the seat is his again
            _wait(lambda s: s.get("round", 0) >= 5, 300, "round 5")
            seat = browser.new_page(viewport={"width": 1400, "height": 900})
            seat.goto(lines["Bo web"])
            seat.wait_for_selector("canvas, .xterm", timeout=60_000)
            _wait(lambda s: _changes(s)[-1:] == [(1, None, 1)], 120, "Bo's return")
            back = _save()
            assert back["seats"][1]["bot"] is None
            # Bo plays from the browser: keys in the page until one of his moves is saved
            returned_at = back["seat_changes"][-1]["move"]
            end = time.monotonic() + 240
            while not _moved_by(1, returned_at) and time.monotonic() < end:
                seat.mouse.click(700, 450)    # the terminal takes the keyboard's focus
                for key in _first_choice_keys(1):   # (the decision Bo has now, whatever it is)
                    seat.keyboard.press(key)
                    seat.wait_for_timeout(400)
                seat.wait_for_timeout(1500)
            shot = tmp_path / "bo-back.png"   # Bo's page as it is: a failure can be seen
            seat.screenshot(path=str(shot))
            assert _moved_by(1, returned_at), f"Bo's keys in the browser did not reach the host " \
                f"(his page: {shot})"
            # his page closes: the stand-in again, and the game goes on to its end
            seat.close()
            _wait(lambda s: _changes(s)[-1:] == [(1, "easy", None)], 120, "the stand-in again")
            _wait(lambda s: s.get("finished"), 600, "the end")
            watcher.wait_for_timeout(1500)
            watcher.screenshot(path=str(tmp_path / "watcher-end.png"))
            browser.close()
        code, _, err = finish(host, 60)
        assert code == 0 and "Traceback" not in err
    finally:
        for p in [host, *procs]:
            if p.poll() is None:
                p.kill()
                finish(p, 30)
    done = _save()
    assert done["finished"]
    actions = killed["record"]["actions"]
    assert done["record"]["actions"][:len(actions)] == actions   # resumed exactly
    assert killed["seat_changes"] == done["seat_changes"][:len(killed["seat_changes"])]
    assert _changes(done) == [(1, "easy", None), (1, None, 1), (1, "easy", None)]
    rounds = [c["move"] for c in done["seat_changes"]]
    assert rounds == sorted(rounds)
    # the spectator's terminal: it watched (no seat), and no code of a seat reached it
    seen = "".join(frames)
    assert len(frames) > 50
    assert not any(code in seen for code in codes)
