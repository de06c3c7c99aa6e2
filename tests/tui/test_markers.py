"""Viking markers (issue 31 §5): players who share an initial get letters, never digits a
menu key could be mistaken for; every marker is distinct."""

from __future__ import annotations

from jorvik.tui.text import markers


def test_unique_initials_are_kept():
    assert markers(["Anna", "Bela", "Csaba"]) == ["A", "B", "C"]


def test_shared_initials_get_distinct_letters_not_digits():
    for names in (["Anna", "Andor", "Bela"], ["Éva", "Erik", "Edit", "Ödön", "Olga"],
                  ["Al", "Al2", "Ab", "Ac", "Ad"], ["1. játékos", "2. játékos"]):
        marks = markers(names)
        assert len(set(marks)) == len(names), (names, marks)
        assert not any(m.isdigit() for m in marks), (names, marks)
        assert all(len(m) == 1 for m in marks)
    assert markers(["Anna", "Andor", "Bela"]) == ["A", "N", "B"]
