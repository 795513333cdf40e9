"""« Le livre » in print: every chapter, A4 pages, nothing running off its page.

The book is printed as ``make pdf`` prints it (tools/make_pdf.py), in the
guarded page of the browser tests (no request elsewhere, no console error).
About 30 s on a quiet machine: Chromium lays out some 170 pages.
"""

import re
from pathlib import Path

import pytest
import yaml

from site_hooks import book
from site_hooks.runtime import ROOT
from site_hooks.tables.worksheets import placed_boards
from tools import make_pdf

pytestmark = pytest.mark.browser

DOCS = ROOT / "docs"
#: A4 less print.css's margins (15 mm at each side, 15 mm on top, 18 mm below), in CSS pixels.
PAGE_WIDTH, PAGE_HEIGHT = round(180 / 25.4 * 96), round(264 / 25.4 * 96)

#: What runs off the printed page: too wide (or clipped in a scrolling box), or an
#: unbreakable block taller than a page (a table longer than a page breaks between rows).
OVERFLOW = """(pageHeight) => {
  const article = document.querySelector("article");
  const box = article.getBoundingClientRect();
  const found = [];
  for (const element of article.querySelectorAll(
      "table, figure, svg, pre, .katex-display, .md-typeset__table, .hint-table-wrap")) {
    if (element.parentElement.closest("svg")) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0) continue;
    const name = `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} `
      + `« ${(element.textContent ?? "").trim().slice(0, 60)} »`;
    if (rect.right > box.right + 1 || rect.left < box.left - 1) found.push(`trop large : ${name}`);
    if (element.scrollWidth > element.clientWidth + 1
        && getComputedStyle(element).overflowX !== "visible") found.push(`coupé : ${name}`);
    if (rect.height > pageHeight && element.tagName.toLowerCase() !== "table") found.push(`trop haut : ${name}`);
  }
  return found;
}"""


def chapter_titles() -> list[str]:
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]
    titles = []
    for name in book.chapters(nav):
        title = book._TITLE.search((DOCS / name).read_text(encoding="utf-8"))
        assert title is not None, name
        titles.append(re.sub(r"<[^>]+>", "", title.group(1)))  # Nim<sub>k</sub>: Nimk
    return titles


def outline(pdf: bytes) -> list[str]:
    """The titles of the PDF's bookmarks (Chromium writes the headings there)."""
    found = []
    for text in re.findall(rb"/Title (\((?:[^()\\]|\\.)*\)|<[0-9A-Fa-f]+>)", pdf):
        if text.startswith(b"<"):
            raw = bytes.fromhex(text[1:-1].decode())
            found.append(raw.decode("utf-16") if raw[:2] == b"\xfe\xff" else raw.decode("latin-1"))
        else:
            found.append(text[1:-1].decode("latin-1").replace("\\(", "(").replace("\\)", ")"))
    return [" ".join(title.split()) for title in found]


def test_the_book_prints_every_chapter_on_a4_without_overflow(site_page, site_url, tmp_path: Path):
    page = site_page
    page.set_viewport_size({"width": PAGE_WIDTH, "height": PAGE_HEIGHT})
    out = tmp_path / "jeux-de-nim.pdf"
    make_pdf.print_page(page, f"{site_url}livre/", out)

    # Nothing interactive is left: each board is its start's picture and a link.
    assert page.locator("article [data-board]").count() == 0
    boards = sum(
        len(placed_boards((DOCS / name).read_text(encoding="utf-8")))
        for name in book.chapters(yaml.safe_load((ROOT / "mkdocs.yml").read_text())["nav"])
    )
    assert page.locator("article figure.livre-plateau svg[role=img]").count() == boards >= 10

    assert page.evaluate(OVERFLOW, PAGE_HEIGHT) == []

    pdf = out.read_bytes()
    titles = chapter_titles()
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    # Each chapter from a new page, after the title page and the table of contents.
    assert len(titles) + 1 < pages < 400, pages
    bookmarks = outline(pdf)
    missing = [title for title in titles if " ".join(title.split()) not in bookmarks]
    assert missing == []
