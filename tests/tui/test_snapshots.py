"""SVG snapshots of the main screen in each phase (Karl and Jarl), the final scoring and the
small-terminal message. Fixed seeds and names; regenerate with --snapshot-update on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jorvik.engine import is_over
from tui_helpers import make_app, on_final, phase_is, play_until

KARL = ("--players", "3", "--mode", "karl", "--names", "Anna,Bela,Csaba", "--seed", "11",
        "--no-handover")
JARL = ("--players", "4", "--mode", "jarl", "--names", "Anna,Bela,Csaba,Dora", "--seed", "12",
        "--no-handover")
JARL_HU = ("--lang", "hu", "--players", "4", "--mode", "jarl", "--names", "Anna,Béla,Csaba,Dóra",
           "--seed", "3", "--no-handover")
SIZE = (120, 40)
POSITIONS = Path(__file__).resolve().parents[1] / "data" / "positions"


def _run_to(done):
    async def run_before(pilot) -> None:
        await play_until(pilot, done)
        await pilot.pause()
    return run_before


def test_karl_demand_phase(snap_compare):
    assert snap_compare(make_app(*KARL, autosave=False), terminal_size=SIZE,
                        run_before=_run_to(lambda app: len(app.screen.session.actions) >= 4))


def test_karl_purchase_phase(snap_compare):
    assert snap_compare(make_app(*KARL, autosave=False), terminal_size=SIZE,
                        run_before=_run_to(phase_is("purchase")))


def test_karl_unloading_phase(snap_compare, tmp_path):
    """KARL's game played by the first offered key until the unloading of round 2, loaded from
    its save (tests/data/positions, saved by the app after those keys; loaded, the screen is
    the same to the character). Playing by keys is what the other phases' snapshots do."""
    path = tmp_path / "unloading.json"
    shutil.copyfile(POSITIONS / "karl-3p-seed11-unloading-round2.json", path)
    app = make_app("--load", str(path), "--no-handover", autosave=False)

    async def run_before(pilot) -> None:
        assert phase_is("unloading", 2)(app)
        await pilot.pause()
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_jarl_demand_phase(snap_compare):
    assert snap_compare(make_app(*JARL, autosave=False), terminal_size=SIZE,
                        run_before=_run_to(lambda app: len(app.screen.session.actions) >= 6))


def test_jarl_main_screen_in_hungarian(snap_compare):
    """Accented letters, the longer Hungarian words, the Hungarian goods letters and log."""
    assert snap_compare(make_app(*JARL_HU, autosave=False), terminal_size=SIZE,
                        run_before=_run_to(lambda app: len(app.screen.session.actions) >= 6))


def test_jarl_reservation_row_in_the_purchase_phase(snap_compare):
    async def run_before(pilot) -> None:
        await pilot.press("7", "8", "9")  # the first three vikings reserve spaces 7-9
        await play_until(pilot, phase_is("reservation"))
        await pilot.pause()
    assert snap_compare(make_app(*JARL, autosave=False), terminal_size=SIZE,
                        run_before=run_before)


def test_jarl_unloading_phase(snap_compare):
    assert snap_compare(make_app(*JARL, autosave=False), terminal_size=SIZE,
                        run_before=_run_to(phase_is("unloading")))


@pytest.mark.slow
def test_a_whole_two_player_karl_game_by_keys_ends_on_the_final_scoring(snap_compare):
    """The deterministic key policy (always the first offered key) plays a whole game."""
    app = make_app("--players", "2", "--mode", "karl", "--names", "Anna,Bela", "--seed", "40",
                   "--no-handover", autosave=False)

    async def run_before(pilot) -> None:
        await play_until(pilot, on_final)
        assert is_over(app.screen.session.state)
        await pilot.pause()
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_a_small_terminal_asks_to_enlarge_it(snap_compare):
    assert snap_compare(make_app(*KARL, autosave=False), terminal_size=(79, 23))
