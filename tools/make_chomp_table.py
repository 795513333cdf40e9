"""Write nimcore's table of Chomp: the P-positions of the 13×13 box, packed.

python tools/make_chomp_table.py [--check]

Solves the whole box with nimcore.chomp.table_bytes (a few seconds) and writes
nimcore/data/chomp13.bin; with --check, writes nothing and exits 1 when the
file differs from a fresh solve (tests/unit/test_chomp.py regenerates smaller
boxes; bench/chomp.py checks this one too).
"""

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nimcore import chomp  # noqa: E402

TARGET = ROOT / "nimcore" / "data" / chomp.TABLE_FILE


def main(argv: list[str]) -> int:
    check = argv == ["--check"]
    if argv and not check:
        print("usage : python tools/make_chomp_table.py [--check]", file=sys.stderr)
        return 2
    start = time.perf_counter()
    data = chomp.table_bytes(chomp.TABLE_SIZE)
    seconds = time.perf_counter() - start
    count = len(chomp.read_table(data))
    if check:
        same = TARGET.is_file() and TARGET.read_bytes() == data
        print(f"{TARGET.relative_to(ROOT)} : {'à jour' if same else 'DIFFÉRENT'} ({seconds:.1f} s)")
        return 0 if same else 1
    TARGET.write_bytes(data)
    print(f"{TARGET.relative_to(ROOT)} : {count} positions P, {len(data)} octets ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
