"""The project documents itself: generated reference pages are never stale, and README and
docs link only to files inside the repository."""

from __future__ import annotations

import re
from pathlib import Path

from jorvik import i18n
from jorvik.carddata import load_cards
from jorvik.docgen import CARDS_PAGE, COMMAND, RULES_PAGES, pages, stale_pages
from jorvik.i18n.rules import RULING_KEYS, rules_summary

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_the_generated_pages_are_up_to_date():
    stale = stale_pages(ROOT)
    assert not stale, (f"{', '.join(stale)} no longer match(es) the rules catalogue or "
                       f"data/cards.yaml: run `{COMMAND}` and commit the result")


def test_generating_twice_in_either_language_gives_the_same_pages():
    first = pages()
    i18n.set_language("hu")
    assert pages() == first
    assert i18n.get_language() == "hu"  # generating leaves the language as it was


def test_the_rules_pages_are_the_f1_rules_help_with_every_ruling():
    generated = pages()
    for lang, path in RULES_PAGES.items():
        i18n.set_language(lang)
        help_text = rules_summary()
        for block in help_text.split("\n\n"):
            assert block.strip() in generated[path], block
        for key in RULING_KEYS:
            assert i18n.t(key) in generated[path]


def test_the_cards_page_shows_every_card_with_its_values_and_provenance_reason():
    text = pages()[CARDS_PAGE]
    rows = {line.split(" | ")[0].lstrip("| "): line for line in text.splitlines()
            if line.startswith("| ") and " | " in line}
    for card in load_cards().cards:
        row = rows[card.id]
        assert card.name in row and f"**{card.source}**" in row
        if card.source_note:
            assert card.source_note in row
    assert "| A01 | craftsman | Leatherworker" in text and "leather + wool → 5 VP" in text


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def test_readme_and_docs_link_only_to_files_inside_the_repository():
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        assert "../shared" not in text and "/work/" not in text, doc.name
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # a web address or an anchor in the same page
            path = (doc.parent / target.split("#")[0]).resolve()
            assert path.is_relative_to(ROOT) and path.exists(), f"{doc.name}: {target}"
