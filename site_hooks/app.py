"""MkDocs hook: the site as an installable app (a web app manifest and its icons).

After the build, ``manifest.webmanifest`` is written at the site's root and the
icons browsers ask for under ``icons/``, every one of them drawn from the one
SVG of the repository (``docs/images/icone.svg``) by resvg: no binary icon is
committed. Each page's head links to the manifest and gives the header's
colour for both palettes (``theme-color``, one per ``prefers-color-scheme``).

The manifest's start URL and scope are relative to the manifest itself
(``./``), so the same build installs at a domain's root and under a
sub-path (a project site on GitHub Pages). The service worker
(``offline.py``, listed after this hook) precaches the manifest, the icons
and the start page, which is served offline.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parent.parent
ICON = ROOT / "docs" / "images" / "icone.svg"
MANIFEST = "manifest.webmanifest"

#: mkdocs-material's brown primary (the header), and the page backgrounds of
#: its default and slate schemes.
THEME_COLOR = "#795548"
LIGHT_BACKGROUND = "#ffffff"
DARK_BACKGROUND = "#1e2129"

#: (file, size in pixels, purpose): the sizes Chromium asks for (192 and 512),
#: Apple's touch icon (180), and a maskable one whose drawing stays inside the
#: safe circle (the central 80 %).
ICONS = (
    ("icons/icone-192.png", 192, "any"),
    ("icons/icone-512.png", 512, "any"),
    ("icons/icone-masquable-512.png", 512, "maskable"),
    ("icons/apple-touch-icon.png", 180, "apple"),
)


def manifest() -> dict[str, Any]:
    """The web app manifest, in French, with paths relative to its own URL."""
    return {
        "name": "Jeux de Nim — apprendre et gagner",
        "short_name": "Jeux de Nim",
        "description": (
            "Apprendre et gagner aux jeux de Nim : les démonstrations, et des plateaux"
            " où l'on joue contre un ordinateur parfait, même hors ligne."
        ),
        "lang": "fr",
        "dir": "ltr",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": LIGHT_BACKGROUND,
        # The dark palette (W3C manifest incubation, read by Chromium when enabled).
        "user_preferences": {
            "color_scheme_dark": {
                "theme_color": THEME_COLOR,
                "background_color": DARK_BACKGROUND,
            }
        },
        "categories": ["education", "games"],
        "icons": [
            {"src": path, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
            for path, size, purpose in ICONS
            if purpose != "apple"
        ],
    }


def maskable(svg: str) -> str:
    """*svg* drawn at 70 % of its size in the middle of a full square of the theme's colour."""
    inner = svg.replace("<svg ", '<svg width="512" height="512" ', 1)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'<rect width="512" height="512" fill="{THEME_COLOR}"/>'
        f'<g transform="translate(76.8 76.8) scale(0.7)">{inner}</g></svg>'
    )


def write_icons(site: Path, source: Path = ICON) -> list[Path]:
    """Draw every icon of :data:`ICONS` from *source* into *site*; return their paths."""
    import resvg_py

    svg = source.read_text(encoding="utf-8")
    written = []
    for path, size, purpose in ICONS:
        drawing = maskable(svg) if purpose == "maskable" else svg
        target = site / path
        target.parent.mkdir(parents=True, exist_ok=True)
        png = resvg_py.svg_to_bytes(svg_string=drawing, width=size, height=size)
        target.write_bytes(bytes(png))
        written.append(target)
    return written


def write_manifest(site: Path) -> Path:
    target = site / MANIFEST
    target.write_text(json.dumps(manifest(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return target


def head_tags(page_url: str) -> str:
    """The manifest link, the touch icon and the theme colours, for a page at *page_url*."""
    link = get_relative_url(MANIFEST, page_url)
    touch = get_relative_url("icons/apple-touch-icon.png", page_url)
    return (
        f'<link rel="manifest" href="{link}">'
        f'<link rel="apple-touch-icon" href="{touch}">'
        f'<meta name="theme-color" media="(prefers-color-scheme: light)" content="{THEME_COLOR}">'
        f'<meta name="theme-color" media="(prefers-color-scheme: dark)" content="{THEME_COLOR}">'
    )


def on_post_page(output: str, *, page: Any, config: Any) -> str:
    return output.replace("</head>", head_tags(page.url) + "</head>", 1)


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    write_manifest(site)
    write_icons(site)
