"""Zip the built site, with a short French note, for readers who take it away.

python tools/make_dist.py SITE_DIR ZIP_PATH
"""

import sys
import zipfile
from pathlib import Path

FOLDER = "jeux-de-nim"

NOTE = """\
Jeux de Nim — copie du site à emporter
=====================================

Ce dossier contient tout le site : pages, plateaux, moteur Python (Pyodide)
et polices. Rien n'est demandé à un autre serveur.

Pour l'utiliser :

1. Décompressez l'archive.
2. Dans un terminal, placez-vous dans le dossier « jeux-de-nim » et lancez :

       python3 -m http.server 8000

3. Ouvrez http://127.0.0.1:8000/ dans votre navigateur.

Pourquoi un petit serveur ? Le moteur des plateaux (Pyodide) ne peut pas
démarrer depuis une adresse « file:// » : les navigateurs refusent d'y charger
des Web Workers et du WebAssembly. Ouvrir directement index.html affiche les
pages, mais les plateaux ne pourront pas jouer.
"""


def make_dist(site: Path, archive: Path) -> Path:
    """Write *archive* holding *site* under ``jeux-de-nim/`` plus ``LISEZMOI.txt``."""
    if not (site / "index.html").is_file():
        raise SystemExit(f"Site introuvable dans {site} : lancez d'abord « make build ».")
    archive.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr(f"{FOLDER}/LISEZMOI.txt", NOTE)
        for path in sorted(site.rglob("*")):
            if path.is_file():
                bundle.write(path, f"{FOLDER}/{path.relative_to(site).as_posix()}")
    return archive


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage : python tools/make_dist.py DOSSIER_DU_SITE ARCHIVE.zip")
    print(make_dist(Path(sys.argv[1]), Path(sys.argv[2])))
