"""Browser speed, measured against bare Pyodide in the same run.

    .venv/bin/python bench/browser.py [--runs 5]

Builds the site, serves it on 127.0.0.1 and drives headless Chromium:

* board usable: navigation start → the Nim board drawn and accepting a move;
* engine ready (Pyodide + nimcore), cold and warm HTTP cache, as a ratio to a
  bare page that only boots Pyodide from the same files (bench/bare/);
* click → computer's answer shown, p50/p95, and the engine's round trip alone;
* bytes of a first visit of the Nim page, raw and gzip (as GitHub Pages
  serves), split into runtime (Pyodide, KaTeX) and site.

Each figure is the median of the runs. Results: bench/results/browser.json and
a French Markdown table, printed and written to bench/results/browser.md.
Nothing here is a test: a target missed is reported, not asserted.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from siteserver import serve  # noqa: E402

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
TIMEOUT = 180_000
LABELS = {
    "usable_first": "plateau utilisable, 1re visite",
    "engine_first": "moteur prêt, 1re visite",
    "bare_cold": "Pyodide seul, cache froid",
    "usable_cold": "plateau utilisable, après la page de référence",
    "engine_cold": "moteur prêt, cache froid pour nimcore",
    "bare_warm": "Pyodide seul, cache chaud",
    "usable_warm": "plateau utilisable, cache chaud",
    "engine_warm": "moteur prêt, cache chaud",
}


def build(target: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(target)],
        cwd=ROOT,
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    shutil.copytree(ROOT / "bench" / "bare", target / "bench-bare")


def mark(page, name: str) -> float:
    page.wait_for_function(
        f"() => performance.getEntriesByName({name!r}).length > 0", timeout=TIMEOUT
    )
    return page.evaluate(f"() => performance.getEntriesByName({name!r})[0].startTime")


def boot_times(context, url: str) -> dict[str, float]:
    """Cold then warm boot, bare Pyodide and the Nim page, in one browser context."""
    page = context.new_page()
    times = {}
    page.goto(url + "bench-bare/")
    times["bare_cold"] = mark(page, "nu:pret")
    page.goto(url + "nim/")
    times["usable_cold"] = mark(page, "plateau:utilisable")
    times["engine_cold"] = mark(page, "moteur:ready")
    page.goto(url + "bench-bare/")
    times["bare_warm"] = mark(page, "nu:pret")
    page.goto(url + "nim/")
    times["usable_warm"] = mark(page, "plateau:utilisable")
    times["engine_warm"] = mark(page, "moteur:ready")
    page.close()
    return times


def cold_nim_first(context, url: str) -> dict[str, float]:
    """The Nim page first in a fresh context (its cold figures do not follow the bare page)."""
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))  # page and its workers
    page = context.new_page()
    page.goto(url + "nim/")
    result = {"usable_first": mark(page, "plateau:utilisable"), "engine_first": mark(page, "moteur:ready")}
    page.wait_for_timeout(500)
    page.close()
    return result, requested


def move_latencies(context, url: str, moves: int = 12) -> tuple[list[float], list[float]]:
    """Click → answer shown, and the engine round trip, over several games."""
    page = context.new_page()
    page.goto(url + "nim/")
    mark(page, "moteur:ready")
    shown, engine = [], []
    board = page.locator('[data-board="nim"]')
    while len(shown) < moves:
        board.locator("input[name=tas]").fill("7 7 7 7 7 7")
        board.get_by_role("button", name="Nouvelle partie").click()
        while board.get_attribute("data-turn") == "humain" and len(shown) < moves:
            heaps = json.loads(board.get_attribute("data-position"))
            heap = max(range(len(heaps)), key=heaps.__getitem__)
            board.locator(f'.heaps-row[data-heap="{heap}"] .heaps-match[data-take="1"]').click()
            elapsed = page.evaluate(
                """() => new Promise((resolve) => {
                    const board = document.querySelector('[data-board="nim"]');
                    const start = performance.now();
                    const observer = new MutationObserver(() => {
                      if (board.dataset.turn !== "ordinateur") {
                        observer.disconnect();
                        requestAnimationFrame(() => resolve(performance.now() - start));
                      }
                    });
                    observer.observe(board, { attributes: true, attributeFilter: ["data-turn"] });
                    board.querySelector(".game-play").click();
                  })"""
            )
            shown.append(elapsed)
        engine += page.evaluate(
            "() => performance.getEntriesByName('moteur:nim.computer_move').map((e) => e.duration)"
        )
        page.evaluate("() => performance.clearMeasures()")
    page.close()
    return shown, engine[: len(shown)]


def weights(site: Path, resources: list[str]) -> dict[str, dict[str, int]]:
    totals = {"runtime": {"raw": 0, "gzip": 0}, "site": {"raw": 0, "gzip": 0}}
    seen = set()
    for name in resources:
        path = unquote(urlsplit(name).path).lstrip("/")
        if path in seen:
            continue
        seen.add(path)
        file = site / path
        if file.is_dir() or path.endswith("/") or not path:
            file = file / "index.html"
        if not file.is_file():
            continue
        data = file.read_bytes()
        part = "runtime" if path.startswith(("runtime/", "vendor/")) else "site"
        totals[part]["raw"] += len(data)
        totals[part]["gzip"] += len(gzip.compress(data, 6))
    return totals


def french(value: float, digits: int = 0) -> str:
    """A number the French way: decimal comma, narrow spaces between thousands."""
    text = f"{value:,.{digits}f}"
    return text.replace(",", "\u202f").replace(".", ",")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description="Mesures de vitesse dans le navigateur.")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    executable = os.environ.get("NIM_CHROMIUM") or "/usr/bin/chromium"
    launch = {"args": FLAGS}
    if os.access(executable, os.X_OK):
        launch["executable_path"] = executable
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        build(site)
        runs: list[dict[str, float]] = []
        with serve(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch)
            for _ in range(args.runs):
                context = browser.new_context(service_workers="block")
                first, resources = cold_nim_first(context, url)
                context.close()
                context = browser.new_context(service_workers="block")
                runs.append({**first, **boot_times(context, url)})
                context.close()
            context = browser.new_context(service_workers="block")
            shown, engine = move_latencies(context, url)
            context.close()
            browser.close()
        weight = weights(site, resources)

    median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
    results = {
        "runs": args.runs,
        "median_ms": median,
        "ratios": {
            "engine_cold_over_bare_cold": median["engine_cold"] / median["bare_cold"],
            "engine_warm_over_bare_cold": median["engine_warm"] / median["bare_cold"],
            "engine_warm_over_bare_warm": median["engine_warm"] / median["bare_warm"],
        },
        "move_ms": {
            "shown_p50": percentile(shown, 0.5),
            "shown_p95": percentile(shown, 0.95),
            "engine_p50": percentile(engine, 0.5),
            "engine_p95": percentile(engine, 0.95),
            "count": len(shown),
        },
        "first_visit_bytes": weight,
    }
    total_gzip = weight["runtime"]["gzip"] + weight["site"]["gzip"]
    rows = [
        ("Plateau utilisable (1re visite, cache froid)", "≤ 300 ms", f"{median['usable_first']:.0f} ms",
         median["usable_first"] <= 300),
        ("Moteur prêt, cache froid / Pyodide seul, cache froid", "≤ 1,10",
         f"{results['ratios']['engine_cold_over_bare_cold']:.2f}".replace(".", ","),
         results["ratios"]["engine_cold_over_bare_cold"] <= 1.10),
        ("Moteur prêt, cache chaud / Pyodide seul, cache froid", "≤ 0,30 (instantané mémoire)",
         f"{results['ratios']['engine_warm_over_bare_cold']:.2f}".replace(".", ","),
         results["ratios"]["engine_warm_over_bare_cold"] <= 0.30),
        ("Clic → réponse affichée, p95 (Nim, 6 tas de 7)", "≤ 50 ms",
         f"{results['move_ms']['shown_p95']:.1f} ms".replace(".", ","),
         results["move_ms"]["shown_p95"] <= 50),
        ("Première visite de la page Nim, gzip", "≤ 8 Mo",
         f"{total_gzip / 1e6:.2f} Mo".replace(".", ","), total_gzip <= 8e6),
    ]
    lines = [
        f"# Vitesse dans le navigateur (médiane de {args.runs} essais)",
        "",
        "| mesure | cible | mesuré | tenue |",
        "|---|---|---|---|",
        *[f"| {name} | {target} | {value} | {'oui' if ok else 'non'} |" for name, target, value, ok in rows],
        "",
        "| détail (médianes, ms) | valeur |",
        "|---|---|",
        *[f"| {LABELS[key]} | {french(value)} |" for key, value in median.items()],
        f"| réponse du moteur seul, p50 / p95 (ms) | {french(results['move_ms']['engine_p50'], 1)} / "
        f"{french(results['move_ms']['engine_p95'], 1)} |",
        f"| octets, moteur (Pyodide, KaTeX) : brut / gzip | {french(weight['runtime']['raw'])} / "
        f"{french(weight['runtime']['gzip'])} |",
        f"| octets, site : brut / gzip | {french(weight['site']['raw'])} / {french(weight['site']['gzip'])} |",
    ]
    report = "\n".join(lines) + "\n"
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "browser.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    (out / "browser.md").write_text(report, encoding="utf-8")
    print(report)


if __name__ == "__main__":
    main()
