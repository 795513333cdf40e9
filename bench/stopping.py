"""Stopping a long computation: a new worker from the snapshot, or Pyodide's interrupt buffer.

    .venv/bin/python bench/stopping.py [--samples 10] [--site DIR]

The laboratory's « Arrêter » must stop a computation within half a second and
leave the engine usable. Two ways, measured in the same run on the same
machine, each `--samples` times:

* **restart** (what the site does, docs/javascripts/engine/client.js): the
  request is rejected at once, its worker terminated, and a fresh worker
  boots from the memory snapshot (held in Cache Storage, as after a first
  visit); measured on the Nim page, from ``abort()`` to the rejection, and to
  the answer of the next request (nim.analyse) by the new worker;
* **interrupt** (bench/interrupt/: Pyodide alone, in a page served with
  COOP/COEP headers so that it is cross-origin isolated and can share an
  interrupt buffer): from the write of SIGINT into the buffer to the
  KeyboardInterrupt's answer, and to the answer of the next request.

Results: bench/results/stopping.json and bench/results/stopping.md (French).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT))

from browser import build  # noqa: E402
from siteserver import serve  # noqa: E402

from tools import chromium  # noqa: E402

RESULTS = ROOT / "bench" / "results"
TIMEOUT = 180_000

RESTART = """async () => {
  const engine = window.nimJeux.engine;
  const controller = new AbortController();
  let started;
  const progressed = new Promise((resolve) => { started = resolve; });
  const request = engine.request("engine.spin", {ms: 30000, step: 20},
    {signal: controller.signal, onProgress: () => started()});
  await progressed;
  const t0 = performance.now();
  controller.abort();
  const code = await request.then(() => "answered", (error) => error.code);
  const rejected = performance.now() - t0;
  await engine.request("nim.analyse", {position: [1, 2, 3]});
  return {code, rejected, answered: performance.now() - t0};
}"""

INTERRUPT = """async () => {
  const spin = window.run("import time\\nstart = time.monotonic()\\nwhile time.monotonic() - start < 30: pass");
  await new Promise((resolve) => setTimeout(resolve, 300));
  const t0 = performance.now();
  window.interrupt();
  const answer = await spin;
  const rejected = performance.now() - t0;
  await window.run("sum(range(10))");
  return {code: answer.ok ? "answered" : answer.error, rejected, answered: performance.now() - t0};
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--site", type=Path)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        if options.site:
            shutil.copytree(options.site, site)
        else:
            build(site)  # as bench/browser.py builds it
        shutil.copytree(ROOT / "bench" / "interrupt", site / "bench-interruption")
        manifest = json.loads((site / "runtime" / "manifest.json").read_text())
        restart, interrupt = [], []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium.launch_args())
            with serve(site) as url:
                context = browser.new_context(service_workers="block")
                page = context.new_page()
                page.set_default_timeout(TIMEOUT)
                page.goto(url + "runtime/manifest.json")
                page.evaluate(
                    "async (u) => { const c = await caches.open('essai'); await c.add(u); }",
                    f"{url}runtime/{manifest['snapshot']}",
                )
                page.goto(url + "nim/")
                page.wait_for_function("() => window.nimJeux.engine.status.state === 'ready'")
                for _ in range(options.samples):
                    restart.append(page.evaluate(RESTART))
                boot = page.evaluate("() => window.nimJeux.engine.stats().boot")
                context.close()
            with serve(site, isolated=True) as url:
                context = browser.new_context()
                page = context.new_page()
                page.set_default_timeout(TIMEOUT)
                page.goto(url + "bench-interruption/")
                page.wait_for_function("() => window.ready === true")
                isolated = page.evaluate("() => crossOriginIsolated")
                for _ in range(options.samples):
                    interrupt.append(page.evaluate(INTERRUPT))
                context.close()
            browser.close()
    results = {
        "samples": options.samples,
        # Other work on the machine slows both ways alike, the boot most.
        "load_average": [round(value, 1) for value in os.getloadavg()],
        "cores": os.cpu_count(),
        "restart_boot": boot,
        "cross_origin_isolated": isolated,
        "restart": summary(restart),
        "interrupt": summary(interrupt),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "stopping.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    report = markdown(results)
    (RESULTS / "stopping.md").write_text(report, encoding="utf-8")
    print(report)


def summary(samples: list[dict]) -> dict:
    return {
        "codes": sorted({sample["code"] for sample in samples}),
        "rejected_ms": round(statistics.median(sample["rejected"] for sample in samples), 1),
        "rejected_max_ms": round(max(sample["rejected"] for sample in samples), 1),
        "answered_ms": round(statistics.median(sample["answered"] for sample in samples), 1),
        "answered_max_ms": round(max(sample["answered"] for sample in samples), 1),
    }


def markdown(results: dict) -> str:
    def row(label: str, data: dict) -> str:
        return (
            f"| {label} | {data['rejected_ms']} ({data['rejected_max_ms']}) |"
            f" {data['answered_ms']} ({data['answered_max_ms']}) | {', '.join(data['codes'])} |"
        )

    return "\n".join(
        [
            "# Arrêter un long calcul",
            "",
            f"Médiane (maximum) sur {results['samples']} arrêts d'un calcul de 30 s, en ms"
            " (`.venv/bin/python bench/stopping.py`), sur une machine de"
            f" {results['cores']} cœurs dont la charge moyenne était"
            f" {' / '.join(str(v).replace('.', ',') for v in results['load_average'])}"
            " (1, 5, 15 min) à la fin des mesures.",
            "",
            "| manière | arrêt → calcul rejeté | arrêt → requête suivante répondue | réponse |",
            "|---|---:|---:|---|",
            row(
                f"nouveau worker (instantané : {results['restart_boot']}) — le site",
                results["restart"],
            ),
            row(
                "tampon d'interruption de Pyodide (page isolée : "
                f"{'oui' if results['cross_origin_isolated'] else 'non'}) — Pyodide seul",
                results["interrupt"],
            ),
            "",
        ]
    )


if __name__ == "__main__":
    main()
