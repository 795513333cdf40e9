"""MkDocs hook: put the engine's runtime into the built site.

After each build it writes, under ``<site>/runtime/``:

* ``pyodide/`` — the Pyodide files the browser needs, copied from
  ``node_modules/pyodide`` (installed from npm at the version pinned in
  ``package-lock.json``), and ``pyodide.asm.wasm.gz`` and ``pyodide.asm.mjs.gz``,
  its WebAssembly and its module gzip-compressed (3.5 MB instead of 9.6 MB, and
  0.26 MB instead of 1.25 MB), which the worker fetches and inflates
  (``DecompressionStream``): a host that sends files as they are
  (``python3 -m http.server`` in a classroom) then sends 7 MB less, and one
  that compresses sends about as much as before;
* ``nimcore-<version>-py3-none-any.whl`` — nimcore built from the working tree,
  without its large data files (:data:`DATA_FILES`);
* each of those data files on its own, named after its content
  (``chomp13-<hash>.bin``, the P-positions of Chomp's 13×13 box): the worker
  fetches one, and writes it where nimcore reads it, only when a board of its
  game first asks the engine something;
* ``nimcore-snapshot-<hash>.zst`` — a memory snapshot of Pyodide with nimcore
  imported, made under Node by ``site_hooks/snapshot.mjs``, Zstandard-compressed
  (kept in ``.cache/snapshot/`` between builds, keyed by the Pyodide version,
  the wheel and the script); the worker boots from it first, and falls back to
  the plain boot when it cannot be used;
* ``manifest.json`` — the wheel's name and SHA-256, the snapshot's name and
  sizes (``snapshot_bytes``: Pyodide's memory, which the worker needs before
  the snapshot is there; ``snapshot_packed``: its packed form, inflated), the
  data files by game (``{"chomp": {"file": …, "path": "nimcore/data/…"}}``),
  the Pyodide version, and the ``info`` of Pyodide's ``pyodide-lock.json``
  (``pyodide_lock_info``: the snapshot boot, which loads no package, hands
  Pyodide a lock file with that and no package instead of fetching the whole
  one, 119 kB), read by the Web Worker;
* ``empty.zip`` — an empty zip archive, the standard library Pyodide is given
  when it restores the snapshot (which holds every module the engine uses), in
  place of ``python_stdlib.zip`` (2.5 MB gzip);
* ``zstddec.mjs`` — the Zstandard decoder the worker inflates the snapshot with
  (npm ``zstddec``: zstd's own decoder compiled to WebAssembly, MIT and BSD,
  30 kB gzip): browsers only inflate gzip themselves;

and under ``<site>/vendor/katex/`` the KaTeX module, its style sheet and fonts
(npm ``katex``), which ``docs/javascripts/math.js`` loads on pages with math.

Nothing is fetched from another origin: the site serves everything itself.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from nimcore import chomp

ROOT = Path(__file__).resolve().parent.parent

#: nimcore's data files that the wheel leaves out, by the game that needs them: the
#: site serves each on its own, and the worker installs it on that game's first request.
DATA_FILES = {"chomp": f"nimcore/data/{chomp.TABLE_FILE}"}

#: The files of the npm ``pyodide`` package that a browser loads (no extra wheels).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: Pyodide's files served gzip-compressed beside the raw ones (made at build time,
#: cached in ``.cache/wasm/``): its WebAssembly and its JavaScript module.
GZIPPED = ("pyodide.asm.wasm", "pyodide.asm.mjs")

#: KaTeX files the browser loads (fonts: woff2 and woff only; every browser
#: that runs Pyodide reads woff2, so the ttf fallbacks are left out).
KATEX_FILES = ("katex.mjs", "katex.min.css")

#: An empty zip archive (its end-of-central-directory record alone).
EMPTY_ZIP = b"PK\x05\x06" + bytes(18)

#: Fixed zip timestamps (1980-01-01), so the same sources give the same wheel bytes.
_EPOCH = "315532800"


def pyodide_dir(root: Path = ROOT) -> Path:
    """Return ``node_modules/pyodide``, or fail with a French hint."""
    path = root / "node_modules" / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (path / name).is_file()]
    if missing:
        raise PluginError(
            f"Pyodide introuvable dans {path} (manque : {', '.join(missing)}). "
            "Lancez « npm ci » ou « make serve », qui l'installe."
        )
    return path


def pyodide_version(root: Path = ROOT) -> str:
    """The installed npm ``pyodide`` version."""
    package = json.loads((pyodide_dir(root) / "package.json").read_text(encoding="utf-8"))
    return str(package["version"])


def pyodide_lock_info(root: Path = ROOT) -> dict[str, Any]:
    """The ``info`` of the installed Pyodide's ``pyodide-lock.json`` (its ABI version, which
    Pyodide checks, and its Python version)."""
    lock = json.loads((pyodide_dir(root) / "pyodide-lock.json").read_text(encoding="utf-8"))
    info: dict[str, Any] = lock["info"]
    return info


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """Build nimcore's pure ``py3-none-any`` wheel from the working tree into *out_dir*.

    This is what ``python -m build --wheel`` does with the flit_core backend,
    called in-process: no isolated environment to create, so a rebuild under
    ``mkdocs serve`` costs milliseconds. The files of :data:`DATA_FILES` are
    then taken out (and out of its ``RECORD``): the site serves them apart
    (:func:`write_data_files`), so that a reader who never plays Chomp never
    waits for Chomp's table.
    """
    from flit_core.wheel import make_wheel_in  # type: ignore[import-untyped]

    out_dir.mkdir(parents=True, exist_ok=True)
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = _EPOCH
    try:
        built = make_wheel_in(root / "pyproject.toml", out_dir)
    finally:
        if previous is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = previous
    wheel = Path(built.file)
    _leave_out(wheel, set(DATA_FILES.values()))
    return wheel


def _leave_out(wheel: Path, paths: set[str]) -> None:
    """Rewrite *wheel* without the files *paths* and their lines of ``RECORD`` (same bytes otherwise)."""
    with zipfile.ZipFile(wheel) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    kept = []
    for info, data in entries:
        if info.filename in paths:
            continue
        if info.filename.endswith(".dist-info/RECORD"):
            lines = data.decode("utf-8").splitlines(keepends=True)
            data = "".join(line for line in lines if line.split(",", 1)[0] not in paths).encode()
        kept.append((info, data))
    with zipfile.ZipFile(wheel, "w") as target:
        for info, data in kept:
            target.writestr(info, data)


def data_sources(root: Path = ROOT) -> dict[str, str]:
    """The data files left out of the wheel: path in site-packages → file in *root*.

    What the worker writes into Pyodide's file system; the Node runners of the
    tests write the same (tests/pyodide/).
    """
    return {path: str(root / path) for path in DATA_FILES.values()}


def write_data_files(target: Path, root: Path = ROOT) -> dict[str, dict[str, str]]:
    """Copy each data file into *target*, named after its content; its manifest entries."""
    entries = {}
    for game, path in DATA_FILES.items():
        source = root / path
        stem, suffix = Path(path).stem, Path(path).suffix
        for old in target.glob(f"{stem}-*{suffix}"):
            old.unlink()
        digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
        name = f"{stem}-{digest}{suffix}"
        shutil.copyfile(source, target / name)
        entries[game] = {"file": name, "path": path}
    return entries


def write_runtime(target: Path, root: Path = ROOT) -> dict[str, Any]:
    """Write Pyodide, the wheel and ``manifest.json`` into *target*; return the manifest."""
    source = pyodide_dir(root)
    pyodide_target = target / "pyodide"
    pyodide_target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        _copy_if_changed(source / name, pyodide_target / name)
    for name in GZIPPED:
        _copy_if_changed(gzipped(name, root), pyodide_target / f"{name}.gz")
    for old in target.glob("nimcore-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory() as scratch:
        built = build_wheel(Path(scratch), root)
        wheel = target / built.name
        shutil.copyfile(built, wheel)
    wheel_sha256 = hashlib.sha256(wheel.read_bytes()).hexdigest()
    for old in target.glob("nimcore-snapshot-*"):
        old.unlink()
    snapshot = make_snapshot(wheel, wheel_sha256, root)
    _copy_if_changed(zstd_decoder_module(root), target / "zstddec.mjs")
    shutil.copyfile(snapshot, target / snapshot.name)
    sizes = snapshot_sizes(snapshot)
    manifest = {
        "pyodide": pyodide_version(root),
        "wheel": wheel.name,
        "wheel_sha256": wheel_sha256,
        "snapshot": snapshot.name,
        "snapshot_bytes": sizes["bytes"],
        "snapshot_packed": sizes["packed"],
        "data": write_data_files(target, root),
        "pyodide_lock_info": pyodide_lock_info(root),
    }
    (target / "empty.zip").write_bytes(EMPTY_ZIP)
    (target / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def gzipped(name: str, root: Path = ROOT) -> Path:
    """Pyodide's file *name*, gzip-compressed (level 9, no timestamp: the same bytes for
    the same file), kept in ``.cache/wasm/`` under the Pyodide version."""
    source = pyodide_dir(root) / name
    cache = root / ".cache" / "wasm"
    cached = cache / f"{pyodide_version(root)}-{source.stat().st_size}-{name}.gz"
    if not cached.is_file():
        cache.mkdir(parents=True, exist_ok=True)
        scratch = cached.with_suffix(f".{os.getpid()}.tmp")
        scratch.write_bytes(gzip.compress(source.read_bytes(), 9, mtime=0))
        scratch.replace(cached)
    return cached


def make_snapshot(wheel: Path, wheel_sha256: str, root: Path = ROOT) -> Path:
    """Return the compressed memory snapshot for *wheel*, made under Node if not cached.

    The key covers what the snapshot depends on: the Pyodide version, the
    wheel's bytes, the script that makes it and the module that packs it
    (``docs/javascripts/engine/sparse.js``, which the worker uses to unpack).
    Making one takes a few seconds; a rebuild with the same key reuses the
    cached file.
    """
    script = root / "site_hooks" / "snapshot.mjs"
    packer = root / "docs" / "javascripts" / "engine" / "sparse.js"
    digests = [hashlib.sha256(path.read_bytes()).hexdigest() for path in (script, packer)]
    key = hashlib.sha256(
        "\n".join([pyodide_version(root), wheel_sha256, *digests]).encode()
    ).hexdigest()[:16]
    cache = root / ".cache" / "snapshot"
    cached = cache / f"nimcore-snapshot-{key}.zst"
    if cached.is_file() and _sizes_file(cached).is_file():
        return cached
    node = shutil.which("node")
    if node is None:
        raise PluginError(
            "Node.js est introuvable : il faut Node ≥ 18 pour faire l'instantané du moteur."
        )
    cache.mkdir(parents=True, exist_ok=True)
    # One scratch file per process: two builds (the tests run in parallel) may
    # make the same snapshot at once; each renames its own, atomically.
    scratch = cached.with_suffix(f".{os.getpid()}.tmp")
    completed = subprocess.run(
        [node, str(script), str(wheel), str(scratch)],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if completed.returncode != 0 or not scratch.is_file():
        scratch.unlink(missing_ok=True)
        raise PluginError(
            "L'instantané du moteur n'a pas pu être fait sous Node :\n"
            + (completed.stdout + completed.stderr)[-3000:]
        )
    # Its sizes, from the script's last line (its figures, as JSON).
    figures = json.loads(completed.stdout.strip().splitlines()[-1])
    sizes = {"bytes": int(figures["bytes"]), "packed": int(figures["packed"])}
    _sizes_file(cached).write_text(json.dumps(sizes) + "\n", encoding="utf-8")
    scratch.replace(cached)
    for old in cache.glob("nimcore-snapshot-*"):
        if old not in (cached, _sizes_file(cached)) and not old.name.endswith(".tmp"):
            old.unlink(missing_ok=True)
    return cached


def _sizes_file(snapshot: Path) -> Path:
    return snapshot.with_suffix(".json")


def snapshot_sizes(snapshot: Path) -> dict[str, int]:
    """The sizes of a snapshot made by :func:`make_snapshot`: ``bytes`` (Pyodide's
    memory, restored) and ``packed`` (its packed form, once inflated)."""
    sizes: dict[str, int] = json.loads(_sizes_file(snapshot).read_text(encoding="utf-8"))
    return sizes


def zstd_decoder_module(root: Path = ROOT) -> Path:
    """npm ``zstddec``'s ES module (the snapshot's decoder), or fail with a French hint."""
    path = root / "node_modules" / "zstddec" / "dist" / "zstddec.mjs"
    if not path.is_file():
        raise PluginError(
            f"zstddec introuvable ({path}). Lancez « npm ci » ou « make serve », qui l'installe."
        )
    return path


def write_katex(target: Path, root: Path = ROOT) -> None:
    """Copy KaTeX's module, style sheet and web fonts into *target*."""
    source = root / "node_modules" / "katex" / "dist"
    if not (source / "katex.mjs").is_file():
        raise PluginError(
            f"KaTeX introuvable dans {source}. Lancez « npm ci » ou « make serve », qui l'installe."
        )
    (target / "fonts").mkdir(parents=True, exist_ok=True)
    for name in KATEX_FILES:
        _copy_if_changed(source / name, target / name)
    for font in (source / "fonts").iterdir():
        if font.suffix in (".woff2", ".woff"):
            _copy_if_changed(font, target / "fonts" / font.name)


def _copy_if_changed(origin: Path, destination: Path) -> None:
    if not destination.exists() or destination.stat().st_size != origin.stat().st_size:
        shutil.copyfile(origin, destination)


def on_config(config: Any) -> Any:
    pyodide_dir()  # fail early, before any page is rendered
    return config


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    write_runtime(site / "runtime")
    write_katex(site / "vendor" / "katex")
