"""Browser speed, measured against bare Pyodide in the same run.

    .venv/bin/python bench/browser.py [--runs 5] [--samples 20]
    .venv/bin/python bench/browser.py --boot-only --runs 3   # start-ups only, printed, not saved

Builds the site, serves it on 127.0.0.1 and drives headless Chromium. Every
figure is the median of the runs, and each engine time is compared with a bare
page that only boots Pyodide from the same files (bench/bare/), measured in the
same run, in the same conditions; a ratio is taken within each run (the bare
page measured before the site, then after it, run by run), and the median of
those is reported, with their spread:

* board usable: navigation start → the board drawn and accepting a move
  (the mark "plateau:utilisable"), on a first visit and a warm one;
* engine ready (Pyodide + nimcore) on a first visit (cold cache, snapshot
  boot; service workers blocked, then, in another context, allowed: the page
  then registers the one that keeps the offline copy), on a second visit with
  the HTTP cache warm, and on a second visit once the service worker holds the
  site, each over the bare boot in the same conditions; and a first visit of
  both under a throttled mobile profile (Chromium's emulation: 9 Mbit/s down,
  40 ms latency, CPU 4× slower);
* click → the computer's answer shown, p50/p95, for every game board at its
  default size: « Nouvelle partie » with the computer to start (one engine call)
  and « Jouer » on the hinted move (the check of the move, then the answer);
* bytes of a first visit of the Nim page, raw and gzip (as GitHub Pages
  serves), split runtime (Pyodide, KaTeX, nimcore) / site; and, for the
  record, the offline copy the service worker then keeps.

Results: bench/results/browser.json and a French Markdown table, printed and
written to bench/results/browser.md. Nothing here is a test: a target missed is
reported, not asserted.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT))

from siteserver import serve  # noqa: E402

from nimcore.french import french_number as french  # noqa: E402
from site_hooks.tables.boards import page_boards  # noqa: E402
from tools import chromium  # noqa: E402

TIMEOUT = 180_000
#: The page whose start-up is measured (the site's first board).
BOOT_PAGE = "nim/"
LABELS = {
    "bare_cold": "Pyodide seul, 1re visite",
    "bare_warm": "Pyodide seul, 2e visite (cache HTTP)",
    "bare_offline": "Pyodide seul, 2e visite (copie hors ligne)",
    "usable_first": "plateau utilisable, 1re visite",
    "usable_warm": "plateau utilisable, 2e visite",
    "start_first": "démarrage du moteur demandé, 1re visite",
    "engine_first": "moteur prêt, 1re visite (instantané)",
    "engine_first_sw": "moteur prêt, 1re visite, service worker permis (instantané)",
    "engine_warm": "moteur prêt, 2e visite, cache HTTP (instantané)",
    "engine_snapshot": "moteur prêt, 2e visite, copie hors ligne (instantané)",
    "bare_mobile": "Pyodide seul, 1re visite, profil mobile bridé",
    "engine_mobile": "moteur prêt, 1re visite, profil mobile bridé (instantané)",
    "answer_mobile": "réponse de l’ordinateur à un coup joué dès le plateau utilisable, profil mobile bridé",
}

#: A throttled phone (Chromium's emulation): 9 Mbit/s down, 40 ms latency, CPU 4× slower.
MOBILE = {"latency": 40, "down": 9_000_000 / 8, "up": 2_000_000 / 8, "cpu": 4}


def throttle(context, page) -> None:
    """Put *page* under the phone profile (:data:`MOBILE`) through the DevTools protocol."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": MOBILE["latency"],
            "downloadThroughput": MOBILE["down"],
            "uploadThroughput": MOBILE["up"],
        },
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": MOBILE["cpu"]})


def build(target: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(target)],
        cwd=ROOT,
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    shutil.copytree(ROOT / "bench" / "bare", target / "bench-bare")


#: Boards whose moves are reported on rows of their own, outside « tous les plateaux » and
#: « pire plateau »: the Sprouts board answers a click on a 3-spot drawing by routing curves
#: and a search of lands that take tens of milliseconds of CPython, up to a tenth of a second
#: (bench/results/sprouts_board.md), not milliseconds. This bench
#: times the first exchange from the default start, which the opening book answers; the later
#: turns are bench/sprouts_board.py's.
APART = {"sprouts": "jeu des pousses, 3 points, premier échange (livre d’ouvertures)"}


def game_boards() -> dict[str, str]:
    """Every board of the pages: data-board value → the page (URL path) that shows it first."""
    boards: dict[str, str] = {}
    for markdown in sorted((ROOT / "docs").glob("*.md")):
        for name in page_boards(markdown.read_text(encoding="utf-8")):
            boards.setdefault(name, "" if markdown.stem == "index" else f"{markdown.stem}/")
    return boards


def mark(page, name: str) -> float:
    page.wait_for_function(
        f"() => performance.getEntriesByName({name!r}).length > 0", timeout=TIMEOUT
    )
    return page.evaluate(f"() => performance.getEntriesByName({name!r})[0].startTime")


def boot_kind(page) -> str:
    return page.evaluate("() => window.nimJeux.engine.stats().boot")


def bare_times(browser) -> dict[str, float]:
    """The bare page, first visit then second, in a fresh context without service worker."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(URL + "bench-bare/")
    times = {"bare_cold": mark(page, "nu:pret")}
    page.goto(URL + "bench-bare/")
    times["bare_warm"] = mark(page, "nu:pret")
    context.close()
    return times


def board_times(browser) -> tuple[dict[str, float], list[str]]:
    """The board page, first visit (every request recorded) then second, without service worker."""
    context = browser.new_context(service_workers="block")
    requested: list[str] = []
    # Finished requests only, page and workers.
    context.on("requestfinished", lambda request: requested.append(request.url))
    page = context.new_page()
    page.goto(URL + BOOT_PAGE)
    times = {
        "usable_first": mark(page, "plateau:utilisable"),
        "engine_first": mark(page, "moteur:ready"),
        "start_first": mark(page, "moteur:demarrage"),
    }
    assert boot_kind(page) == "snapshot"
    page.wait_for_timeout(500)
    first_visit = list(requested)
    page.goto(URL + BOOT_PAGE)
    times["usable_warm"] = mark(page, "plateau:utilisable")
    times["engine_warm"] = mark(page, "moteur:ready")
    assert boot_kind(page) == "snapshot"
    context.close()
    return times, first_visit


#: The bytes of the worker's local copy of the inflated snapshot, once it is written.
LOCAL_COPY_BYTES = """async () => {
    const cache = await caches.open("nim-instantane");
    for (let wait = 0; wait < 600; wait += 1) {
      const [key] = await cache.keys();
      if (key) {
        return (await (await cache.match(key)).arrayBuffer()).byteLength;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return 0;
}"""


def offline_times(browser) -> dict[str, float]:
    """Second visits once the service worker holds the site: the snapshot boot, and bare Pyodide."""
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(URL + BOOT_PAGE)
    # A first visit as most readers make it: the page registers the service worker, which
    # then keeps the offline copy (docs/javascripts/offline.js waits for the engine).
    times = {"engine_first_sw": mark(page, "moteur:ready")}
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    # The worker's own copy of the inflated snapshot, kept after the first boot (worker.js).
    times["local_copy_bytes"] = page.evaluate(LOCAL_COPY_BYTES)
    page.goto(URL + BOOT_PAGE)
    times["engine_snapshot"] = mark(page, "moteur:ready")
    kind = boot_kind(page)
    if kind != "snapshot":
        raise SystemExit(f"le moteur n'a pas démarré de l'instantané ({kind})")
    times["boot_phases"] = page.evaluate("() => window.nimJeux.engine.stats().bootTimings")
    page.goto(URL + "bench-bare/")
    times["bare_offline"] = mark(page, "nu:pret")
    context.close()
    return times


def mobile_times(browser) -> dict[str, float]:
    """First visits under the throttled mobile profile: bare Pyodide, then the site (service
    worker allowed), each in a fresh context (cold cache)."""
    times = {}
    for key, path, name, workers in (
        ("bare_mobile", "bench-bare/", "nu:pret", "block"),
        ("engine_mobile", BOOT_PAGE, "moteur:ready", "allow"),
    ):
        context = browser.new_context(service_workers=workers)
        page = context.new_page()
        throttle(context, page)
        page.goto(URL + path, timeout=TIMEOUT)
        if key == "engine_mobile":
            # A reader's move as soon as the board is usable: one match, then « Jouer »; the
            # time until the computer's answer is shown (the opening book, or the engine).
            mark(page, "plateau:utilisable")
            page.locator('[data-key="nim"] .heaps-match:not(.is-forbidden)').last.click()
            times["answer_mobile"] = page.evaluate(CLICK_TO_ANSWER, ["heaps", ".game-play"])
        times[key] = mark(page, name)
        context.close()
    return times


#: Click a control of a board and resolve with the time until the computer's answer is shown:
#: data-turn has left "ordinateur" and the next frame is painted.
CLICK_TO_ANSWER = """([board, selector]) => new Promise((resolve) => {
    const root = document.querySelector(`[data-board="${board}"]`);
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (root.dataset.turn !== "ordinateur") {
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - start));
      }
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-turn"] });
    root.querySelector(selector).click();
  })"""


def board_latencies(
    browser, board: str, path: str, samples: int, setup: dict[str, str] | None = None
) -> dict[str, list[float]] | None:
    """Click → answer shown on one board at its default size (None: not a game board).

    With *setup* (the board's own fields of « Nouvelle partie », by name), every new
    game starts from that position instead (bench/chomp.py: a 13-row Chomp bar).
    """
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(URL + path)
    mark(page, "moteur:ready")
    mark(page, "plateau:utilisable")
    root = page.locator(f'[data-board="{board}"]').first
    if root.locator(".game-play").count() == 0:
        context.close()
        return None
    found: dict[str, list[float]] = {"computer_first": [], "human_move": [], "engine": []}

    def new_game(first: str) -> float:
        for name, value in (setup or {}).items():
            root.locator(f'form.game-setup [name="{name}"]').fill(value)
        root.locator("select[name=adversaire]").select_option("ordinateur")
        root.locator("select[name=niveau]").select_option("perfect")
        root.locator("select[name=premier]").select_option(first)
        return page.evaluate(CLICK_TO_ANSWER, [board, ".game-setup button[type=submit]"])

    def hinted_move() -> None:
        """If the reader faces an N-position, play the hinted move and time the answer."""
        root.locator(".game-hint-button").click()
        page.wait_for_function(
            f"() => document.querySelector('[data-board=\"{board}\"]').dataset.hint",
            timeout=TIMEOUT,
        )
        if root.get_attribute("data-hint") == "N":
            found["human_move"].append(page.evaluate(CLICK_TO_ANSWER, [board, ".game-play"]))

    for _attempt in range(samples * 4):
        if min(len(found["computer_first"]), len(found["human_move"])) >= samples:
            break
        elapsed = new_game("autre")
        if len(found["computer_first"]) < samples:
            found["computer_first"].append(elapsed)
        if len(found["human_move"]) >= samples:
            continue
        if root.get_attribute("data-turn") == "humain":
            hinted_move()
        # After a perfect computer the reader faces a P-position; from the default one, maybe not.
        if root.get_attribute("data-hint") != "N":
            new_game("vous")
            hinted_move()
    # The engine's own round trips (client.js measures each request): what the UI adds is the rest.
    found["engine"] = page.evaluate(
        """() => performance.getEntriesByType("measure")
              .filter((e) => /[.](play|computer_move)$/.test(e.name)).map((e) => e.duration)"""
    )
    context.close()
    return found


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
        # What a gzip-serving host sends: an already compressed file (the snapshot) as it is.
        compressed = path.endswith((".gz", ".zst"))
        totals[part]["gzip"] += len(data) if compressed else len(gzip.compress(data, 6))
    return totals


def offline_copy(site: Path) -> dict[str, dict[str, int]]:
    """The files the service worker precaches (listed in sw.js), weighed as above."""
    listed = re.search(
        r"const FILES = (\[.*?\]);", (site / "sw.js").read_text(encoding="utf-8"), re.S
    )
    files = json.loads(listed.group(1))
    return weights(site, [f"/{name}" for name in files])


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def median_interval(values: list[float], level: float = 0.95) -> tuple[float, float, float]:
    """A distribution-free confidence interval for the median of *values*.

    The k-th smallest and k-th largest values bound the median with probability
    1 - 2 P(Binomial(n, 1/2) < k), whatever the distribution: the largest k whose
    coverage reaches *level* is taken (k = 1, min and max, when n is too small to
    reach it). Returns (low, high, coverage).
    """
    ordered = sorted(values)
    n = len(ordered)
    below = lambda k: sum(math.comb(n, i) for i in range(k)) / 2**n  # noqa: E731  P(Bin < k)
    k = 1
    while k + 1 <= (n + 1) // 2 and 1 - 2 * below(k + 1) >= level:
        k += 1
    return ordered[k - 1], ordered[n - k], 1 - 2 * below(k)


URL = ""


def main() -> None:
    global URL
    parser = argparse.ArgumentParser(description="Mesures de vitesse dans le navigateur.")
    parser.add_argument("--runs", type=int, default=5)
    # 20 samples: a board's p95 is then its second-worst move, not its worst (as with 8).
    parser.add_argument(
        "--samples", type=int, default=20, help="coups mesurés par plateau et par type"
    )
    parser.add_argument(
        "--boot-only",
        action="store_true",
        help="seulement les démarrages (ratios imprimés, résultats non enregistrés)",
    )
    parser.add_argument(
        "--boards",
        help="seulement ces plateaux (noms séparés par des virgules), sans les démarrages",
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    launch = chromium.launch_args()
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        build(site)
        runs: list[dict[str, float]] = []
        phases: list[dict[str, float]] = []
        latencies: dict[str, dict[str, list[float]]] = {}
        with serve(site) as url, sync_playwright() as playwright:
            URL = url
            browser = playwright.chromium.launch(**launch)
            chosen = args.boards.split(",") if args.boards else None
            for index in range(0 if chosen else args.runs):
                # The bare page first, then the site; the other way round on the next
                # run: a machine whose load drifts within a run favours neither side.
                if index % 2 == 0:
                    run = bare_times(browser)
                board, first_visit = board_times(browser)
                offline = offline_times(browser)
                if index % 2 == 1:
                    run = bare_times(browser)
                mobile = mobile_times(browser)
                phases.append(offline.pop("boot_phases"))
                runs.append({**run, **board, **offline, **mobile})
            if args.boot_only:
                browser.close()
                print_boots(runs, phases)
                return
            for name, path in game_boards().items():
                if chosen and name not in chosen:
                    continue
                found = board_latencies(browser, name, path, args.samples)
                if found is not None:
                    latencies[name] = found
            browser.close()
        if chosen:
            for name, found in latencies.items():
                print(
                    name,
                    {
                        kind: (round(percentile(v, 0.5), 1), round(percentile(v, 0.95), 1))
                        for kind, v in found.items()
                        if v
                    },
                )
            return
        weight = weights(site, first_visit)
        copy = offline_copy(site)

    median = {key: statistics.median(run[key] for run in runs) for key in LABELS}
    paired = {
        f"{engine}_over_{bare}": [run[engine] / run[bare] for run in runs]
        for engine, bare in (
            ("engine_first", "bare_cold"),
            ("engine_first_sw", "bare_cold"),
            ("engine_warm", "bare_warm"),
            ("engine_snapshot", "bare_cold"),
            ("engine_snapshot", "bare_offline"),
            ("engine_mobile", "bare_mobile"),
            ("answer_mobile", "bare_mobile"),
        )
    }
    phase_median = {key: statistics.median(p[key] for p in phases if key in p) for key in phases[0]}
    every_move = [
        value
        for name, found in latencies.items()
        if name not in APART
        for kind in ("computer_first", "human_move")
        for value in found[kind]
    ]
    results = {
        "runs": args.runs,
        "median_ms": median,
        "snapshot_boot_phases_ms": phase_median,
        # Each ratio is taken within one run (engine and bare Pyodide measured back to back),
        # then the median over the runs: a machine whose load drifts between runs moves both.
        "ratios": {name: statistics.median(per_run) for name, per_run in paired.items()},
        "ratios_per_run": paired,
        # [low, high, coverage]: where the median of each ratio lies, given this run's noise.
        "ratios_median_ci": {
            name: list(median_interval(per_run)) for name, per_run in paired.items()
        },
        "move_ms": {
            name: {
                kind: {
                    "p50": percentile(values, 0.5),
                    "p95": percentile(values, 0.95),
                    "count": len(values),
                }
                for kind, values in found.items()
                if values
            }
            for name, found in latencies.items()
        },
        "move_ms_all": {
            "p50": percentile(every_move, 0.5),
            "p95": percentile(every_move, 0.95),
            "count": len(every_move),
        },
        "first_visit_bytes": weight,
        "offline_copy_bytes": copy,
        "local_copy_bytes": max(run.get("local_copy_bytes", 0) for run in runs),
    }
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "browser.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    report = render(results)
    (out / "browser.md").write_text(report, encoding="utf-8")
    print(report)


#: The start-up ratios and their targets (issue 20): like with like, both first visits.
BOOT_TARGETS = {
    "engine_first_sw_over_bare_cold": 0.5,
    "engine_mobile_over_bare_mobile": 0.6,
    "answer_mobile_over_bare_mobile": 0.15,
    "engine_snapshot_over_bare_offline": 0.30,
}


def print_boots(runs: list[dict[str, float]], phases: list[dict[str, float]]) -> None:
    """--boot-only: the start-up medians and ratios, with the interval of each median."""
    for key, label in LABELS.items():
        print(f"{label} : {french(statistics.median(run[key] for run in runs))} ms")
    for name, target in BOOT_TARGETS.items():
        engine, bare = name.split("_over_")
        per_run = [run[engine] / run[bare] for run in runs]
        low, high, coverage = median_interval(per_run)
        print(
            f"{name} : {statistics.median(per_run):.3f} (IC {100 * coverage:.0f} % : "
            f"{low:.2f} – {high:.2f} ; cible ≤ {target})"
        )
    print(
        "étapes :",
        {key: statistics.median(p[key] for p in phases if key in p) for key in phases[0]},
    )


def render(results: dict) -> str:
    """The French Markdown report of *results* (as written to browser.json)."""
    runs = results["runs"]
    median = results["median_ms"]
    paired = results["ratios_per_run"]
    phase_median = results["snapshot_boot_phases_ms"]
    weight = results["first_visit_bytes"]
    copy = results["offline_copy_bytes"]
    moves = results["move_ms_all"]["count"]
    ratios = results["ratios"]
    total_gzip = weight["runtime"]["gzip"] + weight["site"]["gzip"]
    worst = max(
        (entry["p95"], name)
        for name, kinds in results["move_ms"].items()
        if name not in APART
        for kind, entry in kinds.items()
        if kind != "engine"
    )
    apart = []
    for name, label in APART.items():
        if name in results["move_ms"]:
            p95 = max(
                entry["p95"] for kind, entry in results["move_ms"][name].items() if kind != "engine"
            )
            apart.append(
                (
                    f"Clic → réponse affichée, p95, {label} (à part)",
                    "≤ 50 ms",
                    f"{french(p95, 1)} ms",
                    p95 <= 50,
                )
            )
    decimal = lambda value, digits=2: f"{value:.{digits}f}".replace(".", ",")  # noqa: E731
    intervals = results["ratios_median_ci"]

    def ratio_row(label: str, key: str, target: float) -> tuple[str, str, str, str]:
        low, high, coverage = intervals[key]
        interval = f"IC {french(100 * coverage)}\u00a0%\u00a0: {decimal(low)} – {decimal(high)}"
        value = f"{decimal(ratios[key], 3)} ({interval})"
        verdict = "oui" if ratios[key] <= target else "non"
        if low <= target < high:
            verdict += ", dans le bruit"  # the interval holds values on both sides of the target
        return label, f"≤ {decimal(target)}", value, verdict

    rows = [
        (
            "Plateau utilisable (1re visite, cache froid)",
            "≤ 300 ms",
            f"{french(median['usable_first'])} ms",
            median["usable_first"] <= 300,
        ),
        # Like with like: both first visits, cache empty, service worker allowed as readers
        # have it (Pyodide alone registers none, so its first visit is the same either way)…
        ratio_row(
            "Moteur prêt, 1re visite, service worker permis / Pyodide seul, 1re visite",
            "engine_first_sw_over_bare_cold",
            BOOT_TARGETS["engine_first_sw_over_bare_cold"],
        ),
        ratio_row(
            "Moteur prêt / Pyodide seul, 1re visite, profil mobile bridé (9 Mbit/s, 40 ms, CPU ×4)",
            "engine_mobile_over_bare_mobile",
            BOOT_TARGETS["engine_mobile_over_bare_mobile"],
        ),
        ratio_row(
            "Réponse à un coup joué dès le plateau utilisable / Pyodide seul, profil mobile bridé",
            "answer_mobile_over_bare_mobile",
            BOOT_TARGETS["answer_mobile_over_bare_mobile"],
        ),
        # … and both second visits served from the offline copy.
        ratio_row(
            "Moteur prêt, 2e visite par l’instantané / Pyodide seul, 2e visite (copie hors ligne)",
            "engine_snapshot_over_bare_offline",
            BOOT_TARGETS["engine_snapshot_over_bare_offline"],
        ),
        (
            "Clic → réponse affichée, p95, tous les plateaux ensemble",
            "≤ 50 ms",
            f"{french(results['move_ms_all']['p95'], 1)} ms ({moves} coups)",
            results["move_ms_all"]["p95"] <= 50,
        ),
        (
            "Clic → réponse affichée, p95, pire plateau",
            "≤ 50 ms",
            f"{french(worst[0], 1)} ms ({worst[1]})",
            worst[0] <= 50,
        ),
        *apart,
        (
            "Première visite de la page Nim, gzip",
            "≤ 8 Mo",
            f"{french(total_gzip / 1e6, 2)} Mo",
            total_gzip <= 8e6,
        ),
    ]
    copy_gzip = copy["runtime"]["gzip"] + copy["site"]["gzip"]
    lines = [
        f"# Vitesse dans le navigateur (médiane de {runs} essais)",
        "",
        "Un rapport est pris dans un même essai (moteur et Pyodide seul mesurés l’un après l’autre, "
        "Pyodide seul d’abord, puis en dernier à l’essai suivant), "
        "puis on en donne la médiane sur les essais\u00a0; l’étendue des rapports d’un essai à l’autre "
        "est donnée plus bas.",
        "",
        "| mesure | cible | mesuré | tenue |",
        "|---|---|---|---|",
        *[
            f"| {name} | {target} | {value} | {ok if isinstance(ok, str) else ('oui' if ok else 'non')} |"
            for name, target, value, ok in rows
        ],
        "",
        "IC\u00a0: intervalle de confiance de la médiane des rapports, sans hypothèse sur leur loi "
        "(entre deux rapports classés, au niveau indiqué). «\u00a0Dans le bruit\u00a0»\u00a0: la cible "
        "tombe dans cet intervalle, et ce banc ne permet pas de trancher.",
        "",
        "| détail (médianes, ms) | valeur |",
        "|---|---|",
        *[f"| {label} | {french(median[key])} |" for key, label in LABELS.items()],
        f"| moteur prêt, 1re visite, service worker bloqué / Pyodide seul, 1re visite | "
        f"{decimal(ratios['engine_first_over_bare_cold'])} |",
        f"| moteur prêt, 2e visite, cache HTTP / Pyodide seul, 2e visite (cache HTTP) | "
        f"{decimal(ratios['engine_warm_over_bare_warm'])} |",
        f"| moteur prêt, instantané / Pyodide seul, 1re visite (rapport des sessions précédentes) | "
        f"{decimal(ratios['engine_snapshot_over_bare_cold'])} |",
        *[
            f"| {label}, essai par essai (min – max) | {decimal(min(paired[key]))} – {decimal(max(paired[key]))} |"
            for key, label in (
                (
                    "engine_first_sw_over_bare_cold",
                    "moteur prêt, 1re visite, service worker permis / Pyodide seul, 1re visite",
                ),
                (
                    "engine_snapshot_over_bare_offline",
                    "moteur prêt, instantané / Pyodide seul, copie hors ligne",
                ),
            )
        ],
        "| démarrage par l’instantané, étapes (ms depuis le début du worker) | "
        + ", ".join(f"{key} {french(value)}" for key, value in phase_median.items())
        + " |",
        f"| octets de la 1re visite, moteur (Pyodide, KaTeX, nimcore) : brut / gzip | "
        f"{french(weight['runtime']['raw'])} / {french(weight['runtime']['gzip'])} |",
        f"| octets de la 1re visite, site : brut / gzip | {french(weight['site']['raw'])} / "
        f"{french(weight['site']['gzip'])} |",
        f"| copie hors ligne gardée ensuite par le service worker (dont l’instantané), gzip | "
        f"{french(copy_gzip / 1e6, 2)} Mo |",
        "| copie locale de l’instantané déjà gonflé, gardée par le worker pour les visites"
        f" suivantes (non compressée) | {french(results.get('local_copy_bytes', 0) / 1e6, 2)} Mo |",
        "",
        "| plateau (taille par défaut) | nouvelle partie, l’ordinateur commence : p50 / p95 (ms) "
        "| coup du lecteur → réponse : p50 / p95 (ms) | aller-retour du moteur seul : p50 / p95 (ms) |",
        "|---|---|---|---|",
    ]
    for name, kinds in results["move_ms"].items():
        cells = []
        for kind in ("computer_first", "human_move", "engine"):
            entry = kinds.get(kind)
            cells.append(
                f"{french(entry['p50'], 1)} / {french(entry['p95'], 1)} ({entry['count']})"
                if entry
                else "—"
            )
        lines.append(f"| {name} | {cells[0]} | {cells[1]} | {cells[2]} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
