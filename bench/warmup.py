"""The engine's warm-up: a reader's first answers with it and without it, in the same run.

    .venv/bin/python bench/warmup.py [--runs 3] [--moves 8] [--boards moore,ordinal,heaps]

After a snapshot boot, V8 runs Pyodide's WebAssembly on baseline code until
each function has run a while; the worker therefore plays a board's usual
requests while idle (docs/javascripts/engine/worker.js, « warm-up »). This
bench builds the site once, and a copy whose worker ignores the page's "warm"
messages (the one line that starts a warm-up, commented out), then, runs
interleaved, opens each board's page in a fresh context (cold cache, fresh
worker), waits for the engine, waits again *pause* ms (0: the bench's own
clicks of bench/browser.py, at once; 3 000: a reader who reads a little first)
and plays *moves* hinted moves against the perfect computer, timing each click
→ answer shown and the engine's round trip. Results: bench/results/warmup.{json,md}.
Nothing here is a test: a figure is reported, not asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import browser as bench  # noqa: E402
from siteserver import serve  # noqa: E402

from nimcore.french import french_number as french  # noqa: E402
from tools import chromium  # noqa: E402

#: The line of worker.js that starts a warm-up; the copy without warm-up comments it out.
WARM_LINE = "    warm(message.game, message.code);"
PAUSES = (0, 3000)


def without_warm_up(site: Path, target: Path) -> None:
    shutil.copytree(site, target)
    worker = target / "javascripts" / "engine" / "worker.js"
    text = worker.read_text(encoding="utf-8")
    if WARM_LINE not in text:
        raise SystemExit("worker.js n'a plus la ligne qui lance l'échauffement : bench à revoir.")
    worker.write_text(text.replace(WARM_LINE, "    // " + WARM_LINE.strip()), encoding="utf-8")


def reader_moves(browser, url: str, board: str, path: str, pause: int, moves: int) -> dict:
    """A fresh visit: engine ready, *pause* ms, then *moves* hinted moves, each timed."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url + path)
    bench.mark(page, "moteur:ready")
    bench.mark(page, "plateau:utilisable")
    if pause:
        page.wait_for_timeout(pause)
    root = page.locator(f'[data-board="{board}"]').first
    clicks: list[float] = []
    for _attempt in range(moves * 3):
        if len(clicks) >= moves:
            break
        root.locator("select[name=adversaire]").select_option("ordinateur")
        root.locator("select[name=niveau]").select_option("perfect")
        root.locator("select[name=premier]").select_option("vous")
        page.evaluate(bench.CLICK_TO_ANSWER, [board, ".game-setup button[type=submit]"])
        root.locator(".game-hint-button").click()
        page.wait_for_function(
            f"() => document.querySelector('[data-board=\"{board}\"]').dataset.hint",
            timeout=bench.TIMEOUT,
        )
        if root.get_attribute("data-hint") == "N":
            clicks.append(page.evaluate(bench.CLICK_TO_ANSWER, [board, ".game-play"]))
    engine = page.evaluate(
        """() => performance.getEntriesByType("measure")
              .filter((e) => /[.]play$/.test(e.name)).map((e) => e.duration)"""
    )
    context.close()
    return {"clicks": clicks, "engine": engine}


def main() -> None:
    parser = argparse.ArgumentParser(description="L'échauffement du moteur, avec et sans.")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--boards", default="moore,ordinal,heaps")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()[0]
    boards = bench.game_boards()
    chosen = args.boards.split(",")
    found: dict[str, dict[str, list[list[float]]]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        bench.build(site)
        cold = Path(scratch) / "sans"
        without_warm_up(site, cold)
        variants = {"avec": site, "sans": cold}
        with (
            serve(site) as with_url,
            serve(cold) as without_url,
            sync_playwright() as playwright,
        ):
            urls = {"avec": with_url, "sans": without_url}
            browser = playwright.chromium.launch(**chromium.launch_args())
            for run in range(args.runs):
                order = list(variants) if run % 2 == 0 else list(reversed(variants))
                for board in chosen:
                    for pause in PAUSES:
                        for variant in order:
                            got = reader_moves(
                                browser, urls[variant], board, boards[board], pause, args.moves
                            )
                            key = f"{board} {pause} {variant}"
                            entry = found.setdefault(key, {"clicks": [], "engine": [], "first": []})
                            entry["clicks"].append(got["clicks"])
                            entry["engine"].append(got["engine"])
                            print(key, [round(x) for x in got["clicks"]], flush=True)
            browser.close()

    def centile(runs: list[list[float]], fraction: float) -> float | None:
        values = [x for run in runs for x in run]
        return bench.percentile(values, fraction) if values else None

    results = {
        key: {
            "first_click_median": statistics.median(run[0] for run in entry["clicks"] if run),
            "click_p50": centile(entry["clicks"], 0.5),
            "click_p95": centile(entry["clicks"], 0.95),
            # The engine's own round trips (none where the opening book answered every move).
            "engine_p50": centile(entry["engine"], 0.5),
            "engine_p95": centile(entry["engine"], 0.95),
            "runs": entry["clicks"],
            "engine_runs": entry["engine"],
        }
        for key, entry in found.items()
    }
    load_after = os.getloadavg()[0]
    out = ROOT / "bench" / "results"
    (out / "warmup.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    lines = [
        "# L'échauffement du moteur : les premières réponses, avec et sans",
        "",
        f"`bench/warmup.py --runs {args.runs} --moves {args.moves}` : chaque visite part d'un "
        "contexte neuf (cache froid, nouveau worker) ; le moteur prêt, on attend la pause, puis "
        f"on joue {args.moves} coups conseillés contre l'ordinateur parfait. « Sans » : le même "
        "site, dont le worker ignore les messages « warm ». Essais entrelacés, en millisecondes.",
        "",
        f"Machine : {platform.machine()}, {os.cpu_count()} cœurs ; charge moyenne "
        f"{french(load_before, 2)} au début, {french(load_after, 2)} à la fin.",
        "",
        "| plateau | pause (ms) | échauffement | 1er coup (médiane) | clic → réponse p50 / p95 "
        "| moteur seul p50 / p95 |",
        "|---|---:|---|---:|---:|---:|",
    ]

    def ms(value: float | None) -> str:
        return "—" if value is None else french(value)

    for key, value in results.items():
        board, pause, variant = key.split()
        lines.append(
            f"| {board} | {french(int(pause))} | {variant} | {ms(value['first_click_median'])} "
            f"| {ms(value['click_p50'])} / {ms(value['click_p95'])} "
            f"| {ms(value['engine_p50'])} / {ms(value['engine_p95'])} |"
        )
    (out / "warmup.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
