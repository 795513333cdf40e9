"""axe-core, from npm and injected from the local disk, on every page: no serious or critical violation."""

import json

import pytest
from playwright.sync_api import expect

from site_hooks.runtime import ROOT

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PAGES = sorted(path.stem for path in (ROOT / "docs").glob("*.md"))


@pytest.mark.parametrize("stem", PAGES)
def test_no_serious_accessibility_violation(site_page, site_url, stem):
    page = site_page
    page.goto(site_url if stem == "index" else f"{site_url}{stem}/")
    expect(page.locator("article h1")).to_be_visible()
    boards = page.locator("[data-board]")
    for index in range(boards.count()):
        expect(boards.nth(index).locator(".board-status")).to_be_visible()
    page.add_script_tag(path=str(AXE))
    results = page.evaluate(
        "() => axe.run(document, {resultTypes: ['violations']}).then((r) => r.violations)"
    )
    serious = [
        {
            "id": violation["id"],
            "impact": violation["impact"],
            "help": violation["help"],
            "nodes": [node["target"] for node in violation["nodes"][:5]],
        }
        for violation in results
        if violation["impact"] in ("serious", "critical")
    ]
    assert serious == [], json.dumps(serious, indent=1, ensure_ascii=False)
