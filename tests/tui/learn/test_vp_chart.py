"""The VP race chart: every player's points show (side by side where they meet), the rounds
are on the x axis and the legend names each marker with the player's last projected VP."""

from __future__ import annotations

from jorvik.tui.widgets.vp_chart import MARKERS, vp_chart


def test_every_player_shows_even_where_the_lines_meet():
    rows = [[10, 10, 10], [12, 10, 8], [20, 14, 9]]
    text = vp_chart([0, 1, 2], rows, ["Anna", "Bela", "Csaba"], ["", "", ""], width=40,
                    height=6).plain
    plot = text.split("└")[0]
    for p in range(3):
        assert plot.count(MARKERS[p]) == 3   # one point per column of the race, none hidden
    assert "● Anna 20" in text and "■ Bela 14" in text and "▲ Csaba 9" in text


def test_the_rounds_and_the_axis_name_are_under_the_chart():
    text = vp_chart([0, 1, 2, 10], [[10, 10]] * 4, ["A", "B"], ["", ""], width=50,
                    height=5, axis="round").plain
    axis_line = next(line for line in text.splitlines() if line.rstrip().endswith("round"))
    assert "0" in axis_line and "10" in axis_line
    assert all(len(line) <= 50 for line in text.splitlines()[:-1])
