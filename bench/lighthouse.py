"""Lighthouse on every kind of page: accessibility, best practices and SEO, and the performance score.

    make lighthouse        (installs Lighthouse from npm into bench/lighthouse/, pinned)
    .venv/bin/python bench/lighthouse.py [--site DIR]

Builds the site (or takes a built one), serves it on 127.0.0.1 and runs
Lighthouse (npm ``lighthouse``, pinned in bench/lighthouse/package-lock.json;
its 12.x line, the last that runs on Node 18–20) with the system's Chromium,
headless, once per kind of page: the home page, a chapter of text, a chapter
with a board, a chapter with several boards, the calculators, the worksheets.
Lighthouse's own settings: mobile emulation and its simulated slow network
(the "performance" score is therefore a phone's on a slow link, for the
record; the targets are the three other categories at 100).

Results: bench/results/lighthouse.json, and in French bench/results/lighthouse.md
(each category's score, and for any category under 100 the audits that failed).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser import build  # noqa: E402
from siteserver import serve  # noqa: E402

HERE = ROOT / "bench" / "lighthouse"
RESULTS = ROOT / "bench" / "results"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
LABELS = {
    "performance": "performance",
    "accessibility": "accessibilité",
    "best-practices": "bonnes pratiques",
    "seo": "référencement",
}
#: One page of each kind.
PAGES = {
    "": "accueil",
    "histoire/": "chapitre sans plateau",
    "nim/": "chapitre avec un plateau",
    "jeux-mysterieux/": "chapitre à plusieurs plateaux",
    "calculettes/": "calculettes",
    "fiches/": "fiches d'exercices",
}


def lighthouse(url: str, chromium: str, out: Path) -> dict[str, Any]:
    cli = HERE / "node_modules" / ".bin" / "lighthouse"
    if not cli.exists():
        raise SystemExit("Lighthouse n'est pas installé : lancez « make lighthouse ».")
    subprocess.run(
        [
            str(cli),
            url,
            "--quiet",
            f"--only-categories={','.join(CATEGORIES)}",
            "--output=json",
            f"--output-path={out}",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": chromium},
        timeout=600,
    )
    report = json.loads(out.read_text(encoding="utf-8"))
    scores = {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES}
    failed = {}
    for name in CATEGORIES:
        if scores[name] < 100 and name != "performance":
            refs = report["categories"][name]["auditRefs"]
            failed[name] = [
                f"{ref['id']}: {report['audits'][ref['id']]['title']}"
                for ref in refs
                if ref["weight"] > 0 and (report["audits"][ref["id"]]["score"] or 0) < 1
            ]
    metrics = {
        key: report["audits"][key]["displayValue"]
        for key in ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time")
        if key in report["audits"]
    }
    return {
        "scores": scores,
        "failed": failed,
        "metrics": metrics,
        "version": report["lighthouseVersion"],
        "user_agent": report["environment"]["hostUserAgent"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    options = parser.parse_args()
    chromium = os.environ.get("NIM_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as scratch:
        site = options.site
        if site is None:
            site = Path(scratch) / "site"
            build(site)  # as bench/browser.py builds it
        results: dict[str, Any] = {}
        with serve(site) as url:
            for path, kind in PAGES.items():
                results[path or "/"] = {
                    "kind": kind,
                    **lighthouse(url + path, chromium, Path(scratch) / "report.json"),
                }
                print(path or "/", results[path or "/"]["scores"], flush=True)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "lighthouse.json").write_text(
        json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    report = markdown(results)
    (RESULTS / "lighthouse.md").write_text(report, encoding="utf-8")
    print(report)


def markdown(results: dict[str, Any]) -> str:
    first = next(iter(results.values()))
    lines = [
        "# Lighthouse",
        "",
        f"Lighthouse {first['version']}, Chromium du système sans tête ({first['user_agent']}),"
        " réglages de Lighthouse (téléphone émulé, réseau lent simulé), site servi sur 127.0.0.1"
        " (`make lighthouse`).",
        "",
        "| page | type | " + " | ".join(LABELS[name] for name in CATEGORIES) + " | LCP | TBT |",
        "|---|---|" + "---:|" * len(CATEGORIES) + "---:|---:|",
    ]
    for path, result in results.items():
        scores = " | ".join(str(result["scores"][name]) for name in CATEGORIES)
        metrics = result["metrics"]
        lines.append(
            f"| `{path}` | {result['kind']} | {scores} |"
            f" {metrics.get('largest-contentful-paint', '—')} | {metrics.get('total-blocking-time', '—')} |"
        )
    failures = [
        f"- `{path}`, {LABELS[name]} : {', '.join(audits)}"
        for path, result in results.items()
        for name, audits in result["failed"].items()
    ]
    lines += [
        "",
        *(failures or ["Accessibilité, bonnes pratiques et référencement : 100 partout."]),
        "",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
