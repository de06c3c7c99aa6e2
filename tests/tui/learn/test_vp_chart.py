"""The VP race chart: every player's points show (side by side where they meet), the rounds
are on the x axis and the legend names each marker with the player's last projected VP."""

from __future__ import annotations

from jorvik.tui.widgets.vp_chart import (
    MARKERS,
    columns,
    draw_mark,
    draw_series,
    scale,
    ticks,
    vp_chart,
)


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


def test_the_scale_starts_under_the_lowest_or_at_zero_for_a_wide_race():
    assert scale([[10, 12], [14, 11]]) == (9, 14)     # close: from one under the lowest
    assert scale([[5, 40], [8, 30]]) == (0, 40)       # spread over more than 20: from 0
    assert scale([[0, 0]]) == (0, 1)                  # never an empty scale


def test_the_points_spread_over_the_width_from_edge_to_edge():
    assert columns(3, 11) == [0, 5, 10]
    assert columns(1, 11) == [0]


def test_a_point_on_a_taken_cell_moves_aside_and_the_line_is_dots():
    grid = [[(" ", "")] * 7 for _ in range(3)]
    draw_series(grid, [0, 6], [0, 2], lambda v: round(v), "●", "a")
    draw_series(grid, [0, 6], [0, 0], lambda v: round(v), "■", "b")
    assert grid[0][0] == ("●", "a") and grid[0][1] == ("■", "b")   # the second steps aside
    assert grid[2][6] == ("●", "a") and grid[1][3] == ("·", "a")


def test_the_mark_is_a_line_through_empty_cells_between_two_points():
    grid = [[(" ", "")] * 11, [("●", "a")] * 11]
    x = draw_mark(grid, [0, 10], 0.5, "m")
    assert x == 5 and grid[0][5] == ("┃", "m") and grid[1][5] == ("●", "a")
    assert draw_mark(grid, [0], 3.0, "m") == 0       # a race of one point: at its start


def test_a_round_label_that_would_touch_another_is_left_out():
    assert ticks([1, 10, 11], [0, 4, 5], 8) == "1   10"
