"""Print « Le livre » (livre/ of the built site) to a PDF, with the Chromium the browser tests use.

Usage: ``python tools/make_pdf.py [SITE_DIR] [OUT]`` (by default ``site`` and
``dist/jeux-de-nim.pdf``); ``make pdf`` builds the site first.

The site is served on 127.0.0.1 by the standard library (nothing else is
reached: other hosts do not resolve), the book opened in Debian's Chromium
(``/usr/bin/chromium``, or ``NIM_CHROMIUM``) through Playwright, its math
typeset by the page's KaTeX, then printed by Chromium itself (``page.pdf``): A4,
the print style sheet of the site (print.css: no menus, each chapter from a new
page), page numbers at the foot of each page, the headings as the PDF's
bookmarks.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script (make pdf): tools/ is a package of ROOT

from tools import chromium, serve  # noqa: E402

#: The page number at the foot of each page (Chromium fills in the span).
FOOTER = (
    '<div style="width:100%;text-align:center;font-size:9pt;font-family:sans-serif;">'
    '<span class="pageNumber"></span></div>'
)
#: Most time the book may take to open and typeset its math (ms).
TIMEOUT = 120_000


def print_page(page: object, url: str, out: Path) -> None:
    """Open the book in *page* (a Playwright page), wait for its math, print it to *out*."""
    page.goto(url, wait_until="load", timeout=TIMEOUT)  # type: ignore[attr-defined]
    page.emulate_media(media="print")  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('.livre-chapitre') !== null"
        " && document.querySelectorAll('.arithmatex:not([data-katex])').length === 0",
        timeout=TIMEOUT,
    )
    page.evaluate("document.fonts.ready")  # type: ignore[attr-defined]
    out.parent.mkdir(parents=True, exist_ok=True)
    page.pdf(  # type: ignore[attr-defined]
        path=str(out),
        format="A4",
        prefer_css_page_size=True,
        display_header_footer=True,
        header_template="<div></div>",
        footer_template=FOOTER,
        outline=True,
        tagged=True,
    )


def make_pdf(site: Path, out: Path) -> Path:
    """Print the book of the built *site* to *out*; returns *out*."""
    from playwright.sync_api import sync_playwright

    if not (site / "livre" / "index.html").is_file():
        raise SystemExit(f"{site}/livre/index.html manque : lancez d'abord « make build ».")
    with serve.served(site, serve.SiteHandler) as root, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium.launch_args())
        try:
            page = browser.new_context(service_workers="block").new_page()
            print_page(page, f"{root}livre/", out)
        finally:
            browser.close()
    return out


if __name__ == "__main__":
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "site"
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "dist" / "jeux-de-nim.pdf"
    print(make_pdf(site, out))
