"""Where the bytes of a first visit go, and what the phone profile's start-up is made of.

    .venv/bin/python bench/bytes.py [--runs 3] [--site site/]

Pure measurement, nothing asserted. Builds the site (or reads an already built
one, ``--site``), serves it on 127.0.0.1 and drives headless Chromium:

* a first visit of the Nim page (cold cache, service worker blocked, no
  throttling): every file it fetches, page and workers, until the engine is
  ready and the page is quiet, weighed raw and gzip (level 6, as a
  gzip-serving host such as GitHub Pages sends it; an already compressed file,
  the snapshot, as it is), grouped (Pyodide's wasm, pyodide.asm.mjs, the
  snapshot, nimcore, KaTeX, the site's scripts and styles, the search index,
  the opening books, the pages); and the files of the runtime such a visit
  does not fetch;
* ``--runs`` interleaved first visits under bench/browser.py's phone profile
  (Chromium's emulation: 9 Mbit/s down, 40 ms latency, CPU 4× slower) of bare
  Pyodide and of the Nim page: when each large file has arrived, and the
  worker's own marks (docs/javascripts/engine/worker.js), all in ms since the
  page's navigation started. The bench's server, like bench/browser.py's, sends
  files as they are (no gzip): the emulated link carries their raw bytes.

Results: bench/results/bytes.json and a French Markdown table, printed and
written to bench/results/bytes.md.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import functools
import gzip
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from browser import TIMEOUT, build, french, mark, throttle  # noqa: E402
from siteserver import QuietHandler, serve  # noqa: E402

from nimcore.french import typeset  # noqa: E402
from tools import chromium  # noqa: E402
from tools.serve import served  # noqa: E402

PAGE = "nim/"

#: Groups of files, first match wins: (label, test on the path inside the site).
GROUPS: list[tuple[str, Callable[[str], bool]]] = [
    (
        "Pyodide : WebAssembly (pyodide.asm.wasm, ou sa copie .gz)",
        lambda p: "pyodide.asm.wasm" in p,
    ),
    (
        "Pyodide : pyodide.asm.mjs (ou sa copie .gz)",
        lambda p: p.endswith(("pyodide.asm.mjs", "pyodide.asm.mjs.gz")),
    ),
    (
        "Pyodide : pyodide.mjs, pyodide-lock.json",
        lambda p: p.startswith("runtime/pyodide/") and not p.endswith("python_stdlib.zip"),
    ),
    (
        "Pyodide : bibliothèque standard (python_stdlib.zip)",
        lambda p: p.endswith("python_stdlib.zip"),
    ),
    ("instantané de la mémoire (nimcore-snapshot-*.zst)", lambda p: "nimcore-snapshot-" in p),
    ("décodeur zstd (zstddec.mjs), empty.zip", lambda p: p.endswith(("zstddec.mjs", "empty.zip"))),
    (
        "nimcore : roue, données, manifest.json",
        lambda p: p.startswith("runtime/") and p.endswith((".whl", ".bin", "manifest.json")),
    ),
    ("KaTeX : module JavaScript", lambda p: p.startswith("vendor/katex/") and p.endswith(".mjs")),
    ("KaTeX : feuille de style", lambda p: p.startswith("vendor/katex/") and p.endswith(".css")),
    ("KaTeX : polices", lambda p: p.startswith("vendor/katex/fonts/")),
    ("index de recherche", lambda p: p.startswith("search/")),
    ("livres d’ouvertures", lambda p: p.startswith("books/")),
    ("moteur : client et worker", lambda p: p.startswith("javascripts/engine/")),
    ("site : JavaScript", lambda p: p.endswith((".js", ".mjs"))),
    ("site : CSS", lambda p: p.endswith(".css")),
    ("site : polices", lambda p: p.endswith((".woff", ".woff2", ".ttf"))),
    ("pages (HTML)", lambda p: p.endswith(".html")),
    ("autres (images, manifeste)", lambda p: True),
]

#: Files whose arrival is timed under the phone profile (a substring of their path).
TIMED = {
    "wasm": "pyodide.asm.wasm",
    "asm_mjs": "pyodide.asm.mjs",
    "snapshot": "nimcore-snapshot-",
    "stdlib": "python_stdlib.zip",
    "katex": "katex.mjs",
    "books": "books/",
    "search": "search_index.json",
}


#: Files a gzip-serving host sends as they are (already compressed).
COMPRESSED = (".gz", ".zst", ".zip", ".whl", ".woff2", ".woff", ".png", ".jpg", ".ico")


@functools.cache
def gzip_body(path: Path) -> bytes:
    """*path* gzip-compressed as a gzip-serving host sends it (level 6); made once per file."""
    return gzip.compress(path.read_bytes(), 6, mtime=0)


class GzipHandler(QuietHandler):
    """As the bench's server, but every file not already compressed is sent gzip-encoded
    (level 6) when the browser accepts it, as GitHub Pages does."""

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.translate_path(self.path)
        if Path(path).is_dir():
            path = str(Path(path) / "index.html")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or path.endswith(COMPRESSED) or not Path(path).is_file():
            return super().send_head()
        body = gzip_body(Path(path).resolve())
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def serve_gzip(directory: Path) -> contextlib.AbstractContextManager[str]:
    return served(directory, GzipHandler)


def group_of(path: str) -> str:
    return next(label for label, test in GROUPS if test(path))


def site_path(url: str, base: str) -> str:
    path = unquote(urlsplit(url).path).removeprefix(urlsplit(base).path)
    return path + "index.html" if not path or path.endswith("/") else path


def weigh(site: Path, path: str) -> tuple[int, int]:
    """Raw and gzip bytes of *path* in *site* (an already compressed file: as it is)."""
    file = (site / path).resolve()
    raw = file.stat().st_size
    return raw, raw if path.endswith(COMPRESSED) else len(gzip_body(file))


def launch(playwright):
    return playwright.chromium.launch(**chromium.launch_args())


def first_visit(browser, url: str, site: Path) -> dict[str, dict[str, int]]:
    """Every file of a first visit of the Nim page: path → raw, gzip, group."""
    context = browser.new_context(service_workers="block")
    fetched: list[str] = []
    context.on("requestfinished", lambda request: fetched.append(request.url))
    page = context.new_page()
    page.goto(url + PAGE)
    mark(page, "moteur:ready")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1000)
    context.close()
    files: dict[str, dict[str, int]] = {}
    for address in fetched:
        path = site_path(address, url)
        if path in files or not (site / path).is_file():
            continue
        raw, packed = weigh(site, path)
        files[path] = {"raw": raw, "gzip": packed, "group": group_of(path)}  # type: ignore[dict-item]
    return files


def phone_visit(
    browser, url: str, site: Path, path: str, ready: str, gzipped: bool
) -> dict[str, float]:
    """One first visit under the phone profile: arrivals and marks, ms since navigation start,
    and the bytes the server sent (*gzipped*: gzip-encoded) that arrived before the engine
    was ready."""
    context = browser.new_context(service_workers="block")
    arrived: list[tuple[str, float]] = []

    def finished(request) -> None:
        timing = request.timing
        if timing["responseEnd"] >= 0:
            arrived.append((request.url, timing["startTime"] + timing["responseEnd"]))

    context.on("requestfinished", finished)
    page = context.new_page()
    throttle(context, page)
    page.goto(url + path, timeout=TIMEOUT)
    times = {"ready": mark(page, ready)}
    origin = page.evaluate("() => performance.timeOrigin")
    if ready == "moteur:ready":
        times["usable"] = mark(page, "plateau:utilisable")
        times["start"] = mark(page, "moteur:demarrage")
        worker = next(w for w in page.workers if w.url.endswith("engine/worker.js"))
        shift = worker.evaluate("() => performance.timeOrigin") - origin
        times["worker_start"] = shift
        marks = page.evaluate("() => window.nimJeux.engine.stats().bootTimings") or {}
        times.update({f"worker_{key}": shift + value for key, value in marks.items()})
    context.close()
    before = 0
    for address, at in arrived:
        for key, part in TIMED.items():
            if part in address:
                times[f"arrived_{key}"] = max(times.get(f"arrived_{key}", 0), at - origin)
        file = site / site_path(address, url)
        if at - origin <= times["ready"] and file.is_file():
            before += weigh(site, site_path(address, url))[1 if gzipped else 0]
    times["bytes_before_ready"] = before
    return times


def measure(site: Path, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    load_start = os.getloadavg()[0]
    with (
        serve(site) as url,
        serve_gzip(site) as gzip_url,
        sync_playwright() as playwright,
    ):
        browser = launch(playwright)
        files = first_visit(browser, url, site)
        # The gzip server's bodies, made before any visit is timed.
        for path in [
            *files,
            *(f"runtime/pyodide/{f.name}" for f in (site / "runtime/pyodide").iterdir()),
        ]:
            weigh(site, path)
        phone: dict[str, list[dict[str, float]]] = {
            "bare": [],
            "engine": [],
            "bare_gzip": [],
            "engine_gzip": [],
        }
        for index in range(runs):
            order = [
                ("bare", url, "bench-bare/", "nu:pret"),
                ("engine", url, PAGE, "moteur:ready"),
                ("bare_gzip", gzip_url, "bench-bare/", "nu:pret"),
                ("engine_gzip", gzip_url, PAGE, "moteur:ready"),
            ]
            for key, base, path, ready in order if index % 2 == 0 else order[::-1]:
                visit = phone_visit(browser, base, site, path, ready, key.endswith("_gzip"))
                phone[key].append(visit)
        browser.close()
    runtime = site / "runtime"
    unfetched = {}
    for file in sorted(runtime.rglob("*")):
        path = file.relative_to(site).as_posix()
        if file.is_file() and path not in files:
            raw, packed = weigh(site, path)
            unfetched[path] = {"raw": raw, "gzip": packed}
    fonts = sorted((site / "vendor" / "katex" / "fonts").glob("*.woff2"))
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    return {
        "conditions": {
            "date": datetime.date.today().isoformat(),
            "commit": commit,
            "load": [round(load_start, 2), round(os.getloadavg()[0], 2)],
            "cores": os.cpu_count(),
        },
        "files": files,
        "runtime_not_fetched": unfetched,
        "katex_fonts_woff2": len(fonts),
        "phone_runs": phone,
    }


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    keys = sorted({key for run in runs for key in run})
    return {key: statistics.median(run[key] for run in runs if key in run) for key in keys}


PHASES = {
    "start": "démarrage du moteur demandé par la page",
    "worker_start": "le worker du moteur commence",
    "worker_manifest": "manifest.json lu",
    "arrived_asm_mjs": "pyodide.asm.mjs arrivé",
    "arrived_katex": "katex.mjs arrivé",
    "arrived_books": "livre d’ouvertures arrivé",
    "arrived_snapshot": "instantané arrivé (fin du téléchargement)",
    "worker_snapshot_found": "instantané lu en entier par le worker",
    "worker_snapshot_inflated": "instantané décompressé (zstd)",
    "worker_snapshot_unpacked": "instantané déplié en mémoire",
    "arrived_wasm": "pyodide.asm.wasm arrivé (fin du téléchargement)",
    "worker_snapshot_base": "module WebAssembly instancié",
    "worker_snapshot_restored": "mémoire restaurée",
    "worker_ready": "nimcore répond",
    "usable": "plateau utilisable",
    "ready": "moteur prêt (marque de la page)",
    "arrived_search": "index de recherche arrivé",
}
BARE_PHASES = {
    "arrived_asm_mjs": "pyodide.asm.mjs arrivé",
    "arrived_stdlib": "python_stdlib.zip arrivé",
    "arrived_wasm": "pyodide.asm.wasm arrivé",
    "ready": "Pyodide prêt",
}


def conditions(found: dict | None) -> list[str]:
    """The run's date, commit and load average (one line and a blank), if recorded."""
    if not found:
        return []
    start, end = (french(value, 2) for value in found["load"])
    return [
        f"Mesure du {found['date']}, commit {found['commit']}, charge moyenne {start} au début"
        f" et {end} à la fin, sur {found['cores']} cœurs.",
        "",
    ]


def render(results: dict) -> str:
    files = results["files"]
    totals: dict[str, list[int]] = {}
    for entry in files.values():
        total = totals.setdefault(entry["group"], [0, 0, 0])
        total[0] += 1
        total[1] += entry["raw"]
        total[2] += entry["gzip"]
    raw = sum(entry["raw"] for entry in files.values())
    packed = sum(entry["gzip"] for entry in files.values())
    mo = lambda value: french(value / 1e6, 2)  # noqa: E731
    lines = [
        "# Octets d’une première visite de la page Nim",
        "",
        f"Tout ce que charge une première visite de `/{PAGE}` (cache vide, service worker bloqué),"
        " jusqu’au moteur prêt et à la page au repos. Brut : tel que le fichier est servi ; gzip :"
        " ce qu’envoie un hébergeur qui compresse (GitHub Pages), niveau 6, un fichier déjà"
        " compressé (l’instantané, les polices woff2) tel quel.",
        "",
        "| groupe | fichiers | brut (Mo) | gzip (Mo) | part du gzip |",
        "|---|---|---|---|---|",
    ]
    for label, _test in GROUPS:
        if label in totals:
            count, size, zipped = totals[label]
            lines.append(
                f"| {label} | {count} | {mo(size)} | {mo(zipped)} | {french(100 * zipped / packed, 1)} % |"
            )
    fonts = sorted(Path(name).stem for name in files if name.startswith("vendor/katex/fonts/"))
    lines += [
        f"| **total** | {len(files)} | **{mo(raw)}** | **{mo(packed)}** | 100 % |",
        "",
        f"Polices de KaTeX chargées : {len(fonts)} sur {results['katex_fonts_woff2']}"
        f" ({', '.join(fonts)}) ; le navigateur ne charge une police que si un glyphe"
        " de la page la demande.",
        "",
        "Fichiers du moteur que cette visite ne charge pas :",
        "",
        "| fichier | brut (Mo) | gzip (Mo) |",
        "|---|---|---|",
        *[
            f"| `{name}` | {mo(entry['raw'])} | {mo(entry['gzip'])} |"
            for name, entry in results["runtime_not_fetched"].items()
        ],
        "",
    ]
    phone = results["phone_runs"]
    runs = len(phone["engine"])
    lines += [
        f"## Profil mobile bridé (9 Mbit/s, 40 ms, CPU ×4), médiane de {runs} essais",
        "",
        "Premières visites, cache vide, service worker bloqué : Pyodide seul (`bench/bare/`) et la"
        " page Nim, servis de deux façons, les quatre visites d’un essai l’une après l’autre (l’ordre"
        " s’inverse d’un essai à l’autre). Un rapport est pris dans un même essai, puis on en donne"
        " la médiane. Instants en ms depuis le début de la navigation.",
        "",
        "Le rapport dépend de la machine : démarrer Python, ce que la page Nim n’a pas à faire"
        " (elle restaure l’instantané), est du calcul, qui s’allonge plus que le téléchargement"
        " quand d’autres travaux partagent le processeur, et raccourcit sur un processeur plus"
        " rapide, où les octets pèsent d’autant plus. Comparer aussi les instants d’un essai à"
        " l’autre.",
        "",
        *conditions(results.get("conditions")),
    ]
    for suffix, title, how in (
        (
            "",
            "Fichiers envoyés tels quels (le serveur de `bench/browser.py`)",
            "Le serveur de `bench/browser.py` n’envoie rien en gzip : le lien bridé porte les"
            " octets bruts, et c’est ce que mesure la cible de ce banc.",
        ),
        (
            "_gzip",
            "Fichiers envoyés en gzip (comme GitHub Pages)",
            "Chaque fichier qui n’est pas déjà compressé est envoyé en gzip (niveau 6), comme le"
            " fait GitHub Pages.",
        ),
    ):
        engine = medians(phone[f"engine{suffix}"])
        bare = medians(phone[f"bare{suffix}"])
        pairs = zip(phone[f"engine{suffix}"], phone[f"bare{suffix}"], strict=True)
        ratios = [e["ready"] / b["ready"] for e, b in pairs]
        lines += [
            f"### {title}",
            "",
            how,
            "",
            f"Moteur prêt / Pyodide seul : **{french(statistics.median(ratios), 3)}**"
            f" (essai par essai : {' ; '.join(french(r, 2) for r in ratios)} ; cible ≤ 0,6)."
            f" Octets arrivés avant « prêt » : page Nim {mo(engine['bytes_before_ready'])} Mo,"
            f" Pyodide seul {mo(bare['bytes_before_ready'])} Mo (à 9 Mbit/s, 1 Mo passe en"
            " 0,89 s).",
            "",
            "| page Nim : étape | instant (ms) |",
            "|---|---|",
            *[
                f"| {label} | {french(engine[key])} |"
                for key, label in PHASES.items()
                if key in engine
            ],
            "",
            "| Pyodide seul : étape | instant (ms) |",
            "|---|---|",
            *[
                f"| {label} | {french(bare[key])} |"
                for key, label in BARE_PHASES.items()
                if key in bare
            ],
            "",
        ]
    return typeset("\n".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Octets d’une première visite, et démarrage mobile."
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="un site déjà construit (sinon : mkdocs build)")
    parser.add_argument("--no-save", action="store_true", help="imprimer sans enregistrer")
    parser.add_argument(
        "--render", action="store_true", help="réécrire bytes.md depuis bytes.json, sans mesurer"
    )
    args = parser.parse_args()
    if args.render:
        out = ROOT / "bench" / "results"
        results = json.loads((out / "bytes.json").read_text(encoding="utf-8"))
        (out / "bytes.md").write_text(render(results), encoding="utf-8")
        return
    with tempfile.TemporaryDirectory() as scratch:
        site = args.site or Path(scratch) / "site"
        if args.site is None:
            build(site)  # with the bare Pyodide page, bench-bare/
        elif not (site / "bench-bare").exists():
            shutil.copytree(ROOT / "bench" / "bare", site / "bench-bare")
        results = measure(site, args.runs)
    report = render(results)
    if not args.no_save:
        out = ROOT / "bench" / "results"
        (out / "bytes.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        (out / "bytes.md").write_text(report, encoding="utf-8")
    print(report)


if __name__ == "__main__":
    main()
