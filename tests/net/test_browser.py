"""A browser seat: `jorvik host --web` serves the join view with textual-serve; Chromium
(Debian's, driven by Playwright) opens the seat's link, the board appears, and a key pressed
in the page takes the seat's turn on the host; a wrong code's page says what is wrong.
JORVIK_SCREENSHOTS=1 refreshes
docs/screenshots/browser-seat.png from it."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from .test_processes import finish, moves_saved, start_host

pytestmark = pytest.mark.slow

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "browser-seat.png"


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run "
                    "installs it)")
def test_B57_a_browser_seat_joins_and_takes_a_turn_and_a_wrong_code_says_so(tmp_path):
    from playwright.sync_api import sync_playwright
    host, lines = start_host("--players", "2", "--mode", "karl", "--names", "Ann",
                             "--bots", "2", "--level", "easy", "--seed", "8",
                             "--start-player", "1", "--port", "0", "--web", "--web-port", "0")
    try:
        [link] = [w for name, w in lines.items() if name.startswith("Ann") and "http" in w]
        link = link.split()[-1]
        assert link.startswith("http://127.0.0.1:") and "/seat/" in link
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(link)
            page.wait_for_selector("canvas, .xterm", timeout=30_000)
            before = moves_saved()
            end = time.monotonic() + 60
            while moves_saved() == before and time.monotonic() < end:
                page.mouse.click(700, 450)    # the terminal takes the keyboard's focus
                page.keyboard.press("1")      # Ann (start player) places on column 1
                pressed = time.monotonic()    # the move saved, or (a key the page missed
                while moves_saved() == before and time.monotonic() < pressed + 3:
                    page.wait_for_timeout(50)   # before it had the focus) press again
            assert moves_saved() > before, "the browser seat's key did not reach the host"
            page.wait_for_timeout(1500)
            page.screenshot(path=str(tmp_path / SHOT.name))
            if os.environ.get("JORVIK_SCREENSHOTS"):   # refresh the one in docs/ on purpose
                shutil.copy(tmp_path / SHOT.name, SHOT)
            assert (tmp_path / SHOT.name).stat().st_size > 10_000
            # B57: a wrong code of the right form says so (the audit saw "Session ended")
            wrong = browser.new_page()
            wrong.goto(link.rsplit("/", 1)[0] + "/JUNKJUNKJUNKAAAA")
            assert "does not know this join code" in wrong.inner_text("body")
            browser.close()
    finally:
        host.kill()
        finish(host, 10)
