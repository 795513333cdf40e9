"""Grundy values of take-and-break games that leave at most two heaps.

A move of such a game takes one heap of n tokens, removes k of them and leaves
either nothing (allowed when n = k), one heap of n − k, or two non-empty heaps
a + b = n − k; :class:`Rules` says which k allow which. Octal games
(:mod:`nimcore.octal`) are all of this kind, and so is Grundy's game
(:mod:`nimcore.grundy`: k = 0, two heaps of different sizes). The value of a
heap is then

    G(n) = mex ({0 : n removed whole} ∪ {G(n − k)} ∪ {G(a) ⊕ G(b) : a + b = n − k}),

and :class:`Values` computes G(0), G(1), … in order, by one of two methods.

* **The direct method** lists every option of n: for each splitting k, the
  n/2 exclusive ors G(a) ⊕ G(n − k − a) come at once from one exclusive or of
  two integers read off the values (C speed, but O(n) a heap, O(n²) in all).
* **The sparse-space method** (Berlekamp, Conway and Guy; Gangolli and
  Plambeck; A. Flammenkamp). Choose a bit mask m and call a value *rare* when
  ``popcount(G & m)`` is even, *common* otherwise. Rare ⊕ rare and common ⊕
  common are rare, rare ⊕ common is common. In many games the rare values
  become rare indeed: a few hundred heaps in a million. Then every common
  option of n comes from a split with a rare part, and those are few: all of
  them are listed, which gives c, the least common value that is not an
  option. The value of n is c unless a rare value below c is missing too; the
  rare values below c are confirmed by looking at splits from the smallest
  part up, which almost always finds each of them among the first few
  hundred. Only when n's own value is rare does the search run through every
  split. The mask is chosen from the values computed so far (the one that
  leaves the fewest rare heaps) and chosen again as they grow; when no mask
  leaves few rare heaps, the direct method goes on.

  The rare set may also depend on the heap (A. Flammenkamp; T. Czajka,
  *octal-games*): when every splitting k has the same parity, G(n) is
  called rare when ``popcount(G(n) & m)`` has the parity of n + k, and the
  same argument holds — a split of n − k into two parts gives a value
  common at n exactly when one part is rare at its own heap and the other
  common. For 0.127 (k = 3) the mask 1 leaves 693 rare heaps, the last at
  27 106, where the best fixed mask (63) leaves 2 804, the last at 39 511.
  Both kinds are tried, the fewest rare heaps chosen.

Both methods keep every inner loop in C: a block of heaps is computed at once,
the options coming from each rare heap being one ``bytes.translate`` over the
block, and a mex is one ``bytes.translate(None, options)`` that deletes the
options from the list of candidates. Values from 256 on (up to 65 535) are
kept on two bytes a value, and both methods go on: the sparse-space one with
a mask of any width (0.6, Officers, passes 255 at heap 10 344 with a few
hundred rare heaps), a heap at a time, its splits with a rare part listed in
a set and the rare values below the least common non-option confirmed among
the splits, a chunk of two-byte values at a time.

References: R. K. Guy and C. A. B. Smith, *The G-values of various games*,
Proc. Cambridge Philos. Soc. 52 (1956), 514–526; E. R. Berlekamp, J. H.
Conway and R. K. Guy, *Winning Ways*, chapter 4 (« the sparse space
phenomenon »); A. Gangolli and T. Plambeck, *A note on periodicity in some
octal games*, Internat. J. Game Theory 18 (1989), 311–320; A. Flammenkamp,
*Sprague-Grundy values of octal games* (web pages).

Size: one algorithm, the values of one game: :class:`Values` (two methods that
hand over to each other, for narrow and for wide values) and the byte-level
helpers its inner loops share; neither half reads or is tested without the other.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.nimsum import mex

__all__ = ["MAX_VALUE", "Rules", "Values", "is_rare", "splits"]

#: Largest Grundy value computed (values are kept on at most two bytes).
MAX_VALUE = 65_535

#: Heaps computed together by the sparse-space method; also the splits (1 … BLOCK)
#: of each heap listed directly.
BLOCK = 128
#: Splits read at a time when a rare value is not among the options.
CHUNK = 2048
#: Common parts of each value always listed (the rare values are looked for there first).
HEADS = 8
#: The first heap the sparse-space method may compute (before, the direct method runs).
SPARSE_FROM = 4096
#: A mask is used when n, the next heap, exceeds SPARSE_SHARE times the rare heaps by this much.
SPARSE_MARGIN = 2048
#: The sparse method reads one split per rare heap, the direct one n/2 splits, more cheaply
#: each: with more than a third of the heaps rare (0.104: 15 563 of 32 768), the direct
#: method is the faster.
SPARSE_SHARE = 3
#: The same for values on two bytes: the sparse method reads each split with a rare part in
#: Python, the direct one n/2 splits at C speed.
WIDE_SHARE = 20
#: Widest mask tried for values on two bytes (the search tries every mask below 2**width).
WIDE_MASK_BITS = 11

_XOR = tuple(bytes(x ^ value for x in range(256)) for value in range(256))
_ALL = bytes(range(256))
_ODD = bytes(value.bit_count() % 2 for value in range(256))


def is_rare(value: int, mask: int, heap: int = 0, phase: int | None = None) -> bool:
    """True when *value*, the value of *heap*, is *rare* for *mask* (and *phase*).

    Without *phase*: when ``value & mask`` has an even number of ones. With
    it: when that number has the parity of heap + phase (a rare set that
    depends on the heap, see the module's docstring).

    >>> [value for value in range(16) if is_rare(value, 0b1110)]
    [0, 1, 6, 7, 10, 11, 12, 13]
    >>> is_rare(1, 1, heap=4, phase=1), is_rare(1, 1, heap=5, phase=1)
    (True, False)
    """
    shift = 0 if phase is None else (heap + phase) & 1
    return ((value & mask).bit_count() + shift) % 2 == 0


@dataclass(frozen=True, slots=True)
class Rules:
    """Which moves a take-and-break game allows, each removing k tokens from one heap.

    ``whole``: the k for which a heap of exactly k may be removed entirely;
    ``single``: the k for which k tokens may be removed leaving one non-empty
    heap; ``split``: the k for which k tokens may be removed and the rest
    split into two non-empty heaps — of different sizes only when
    ``equal_parts`` is False.

    >>> Rules(whole=frozenset({1, 2}), single=(1, 2), split=(1, 2)).last  # Kayles, 0.77
    2
    """

    whole: frozenset[int]
    single: tuple[int, ...]
    split: tuple[int, ...]
    equal_parts: bool = True

    @property
    def last(self) -> int:
        """The largest k of a move (t, the place of an octal code's last digit)."""
        return max([*self.whole, *self.single, *self.split], default=0)


class _Mask:
    """A mask m and what the sparse-space method reads off it."""

    __slots__ = ("common", "common_below", "flags", "mask", "rare", "rare_below")

    def __init__(self, mask: int) -> None:
        self.mask = mask
        #: byte v is 1 for a rare value v
        self.flags = bytes(1 - _ODD[v & mask] for v in range(256))
        #: the rare values, and the common ones, in increasing order
        self.rare = bytes(v for v in range(256) if self.flags[v])
        self.common = bytes(v for v in range(256) if not self.flags[v])
        #: rare_below[c]: the rare values below c, in increasing order (c up to 256)
        below = [0]
        for v in range(256):
            below.append(below[-1] + self.flags[v])
        self.rare_below = tuple(self.rare[:count] for count in below)
        #: common_below[c]: the common values below c (the rare ones of the heaps where
        #: the rare set is the other parity)
        self.common_below = tuple(self.common[: c - count] for c, count in enumerate(below))


_MASKS: dict[int, _Mask] = {}


def _mask_of(mask: int) -> _Mask:
    """The :class:`_Mask` of *mask* (made once)."""
    found = _MASKS.get(mask)
    if found is None:
        found = _MASKS[mask] = _Mask(mask)
    return found


class Values:
    """The values G(0), G(1), … of one game, computed so far; :meth:`extend` computes more.

    >>> kayles = Values(Rules(whole=frozenset({1, 2}), single=(1, 2), split=(1, 2)))
    >>> kayles.extend(12)
    >>> list(kayles.values)
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]

    ``values`` is a ``bytearray`` while every value is below 256, a list of
    ints after. ``mask`` is the mask of the sparse-space method once it is
    used (else None), ``rare`` the heaps (from 1) with a rare value for it,
    on one byte or two a value.
    Cost: see the module's docstring.
    """

    __slots__ = (
        "_big",
        "_chunks",
        "_histogram",
        "_little",
        "_margin",
        "_mask",
        "_odd_histogram",
        "_phase",
        "_review_at",
        "_rows",
        "_top",
        "_wide",
        "_wide_from",
        "rare",
        "rules",
        "values",
    )

    def __init__(
        self,
        rules: Rules,
        *,
        sparse_from: int = SPARSE_FROM,
        margin: int = SPARSE_MARGIN,
        wide_from: int | None = None,
    ) -> None:
        """*sparse_from* and *margin* (see SPARSE_FROM and SPARSE_MARGIN) let the tests run
        the sparse-space method early, and whatever the number of rare heaps; *wide_from*
        keeps the values on two bytes from that heap on, even below 256."""
        if sparse_from < 2 * (BLOCK + rules.last + 1):
            raise ValueError(f"sparse_from must be at least {2 * (BLOCK + rules.last + 1)}")
        self.rules = rules
        self.values: bytearray | list[int] = bytearray()
        self.rare: list[int] = []
        self._mask: _Mask | None = None
        self._histogram = [0] * 256  # how many heaps from 1 have each value
        self._odd_histogram = [0] * 256  # … and how many odd heaps
        #: None: rare values have an even popcount(G & mask); q: the parity of n + q
        self._phase: int | None = None
        self._review_at = sparse_from
        self._top = 256  # a value from there on asks for a review (once one has chosen)
        self._margin = margin
        self._rows: _Rows | None = None
        self._chunks: dict[int, int] = {}  # part -> the integer of G(part … part + CHUNK − 1)
        self._little: bytearray | None = None  # wide values, two bytes each
        self._big: bytearray | None = None
        self._wide: int | None = None  # the mask of the sparse method on two bytes
        self._wide_from = wide_from

    @property
    def mask(self) -> int | None:
        """The mask of the sparse-space method, or None while the direct method runs."""
        return self._wide if self._mask is None else self._mask.mask

    @property
    def phase(self) -> int | None:
        """How the rare set depends on the heap: None (it does not), or q: G(n) is rare when
        ``popcount(G(n) & mask)`` has the parity of n + q (see :func:`is_rare`)."""
        return self._phase if self.mask is not None else None

    def __len__(self) -> int:
        return len(self.values)

    def extend(self, count: int, progress: Callable[[int, int], None] | None = None) -> None:
        """Compute the values up to G(count − 1).

        *progress*, when given, is called now and then with (values computed,
        *count*); whatever it raises stops the computation and is raised
        again, the values computed so far being kept.
        """
        while len(self.values) < count:
            values = self.values
            n = len(values)
            if self._wide_from is not None and n >= self._wide_from and self._little is None:
                self._widen()
            elif not isinstance(values, bytearray):
                self._extend_wide(min(count, n + BLOCK))
            else:
                if n >= self._review_at:
                    self._review()
                stop = min(count, n + BLOCK, max(self._review_at, n + 1))
                if self._mask is None:
                    self._direct(stop)
                else:
                    self._sparse(stop)
            if progress is not None:
                progress(len(self.values), count)

    # ---- the direct method ---------------------------------------------------------

    def _options(self, n: int, values: bytearray) -> list[bytes]:
        """Every option of n that is not a split (whole removal, one heap left)."""
        rules = self.rules
        parts = [b"\0"] if n in rules.whole else []
        single = bytes([values[n - k] for k in rules.single if k < n])
        if single:
            parts.append(single)
        return parts

    def _direct(self, stop: int) -> None:
        values = self.values
        assert isinstance(values, bytearray)
        split, equal = self.rules.split, self.rules.equal_parts
        histogram = self._histogram
        for n in range(len(values), stop):
            parts = self._options(n, values)
            for k in split:
                parts.append(splits(values, n - k, equal))
            missing = _ALL.translate(None, b"".join(parts))
            if not missing:
                self._widen()
                self._extend_wide(n + 1)
                return
            value = missing[0]
            values.append(value)
            if n:
                histogram[value] += 1
                if n & 1:
                    self._odd_histogram[value] += 1

    # ---- choosing the mask -----------------------------------------------------------

    def _review(self) -> None:
        """Choose the mask that leaves the fewest rare heaps, if the sparse-space method pays.

        The direct method reads about n/2 splits per splitting k; the sparse
        method about one per rare heap and per part up to HEADS, at a similar
        cost each.
        """
        values = self.values
        assert isinstance(values, bytearray)
        count = len(values)
        self._review_at = 2 * count
        if not self.rules.split:
            return  # no split: the direct method costs little
        best, self._top = self._best_mask(8)
        if best is None or SPARSE_SHARE * best[0] + self._margin > count:
            self._mask, self.rare = None, []
            return
        _, mask, phase = best
        if self._mask is not None and self._mask.mask == mask and self._phase == phase:
            return
        chosen = _mask_of(mask)
        flags: bytes | bytearray = values.translate(chosen.flags)  # 1: rare at phase 0
        if phase is not None:  # heaps n with n + phase odd: the other parity is rare
            shifts = bytes([phase & 1, (phase + 1) & 1]) * (count // 2 + 1)
            flags = (
                int.from_bytes(flags, "little") ^ int.from_bytes(shifts[:count], "little")
            ).to_bytes(count, "little")
        rare = []
        at = flags.find(1, 1)
        while at >= 0:
            rare.append(at)
            at = flags.find(1, at + 1)
        self._mask, self._phase, self.rare = chosen, phase, rare
        self._rows = _Rows(values, self.rules, rare, chosen.flags, phase)

    def _best_mask(self, bits: int) -> tuple[tuple[int, int, int | None] | None, int]:
        """(rare heaps, mask, phase) of the mask leaving the fewest rare heaps, and 2**width.

        Every mask below 2**width is tried (width: the bits of the largest
        value, at most *bits*; none when wider), with a rare set fixed and,
        when every splitting k has the same parity, one that depends on the
        heap's parity (phase k mod 2). At equal counts the fixed one is kept.
        """
        histogram, odd = self._histogram, self._odd_histogram
        present = [v for v in range(len(histogram)) if histogram[v]]
        width = max(present, default=0).bit_length()
        parities = {k & 1 for k in self.rules.split}
        phases: list[int | None] = [None, *parities] if len(parities) == 1 else [None]
        best: tuple[int, int, int | None] | None = None
        if width > bits:
            return None, 1 << width
        for mask in range(1, 1 << width):
            # heaps (all, odd) whose value has popcount(v & mask) even, then odd
            even_all = even_odd = odd_all = odd_odd = 0
            for v in present:
                if (v & mask).bit_count() % 2:
                    odd_all += histogram[v]
                    odd_odd += odd[v]
                else:
                    even_all += histogram[v]
                    even_odd += odd[v]
            for phase in phases:
                if phase is None:
                    heaps = even_all
                elif phase == 0:  # rare: even heap and even count, or odd heap and odd count
                    heaps = (even_all - even_odd) + odd_odd
                else:
                    heaps = (odd_all - odd_odd) + even_odd
                if best is None or heaps < best[0]:
                    best = (heaps, mask, phase)
        return best, 1 << width

    # ---- the sparse-space method -------------------------------------------------------

    def _sparse(self, stop: int) -> None:
        """Compute the heaps from len(values) to *stop* (at most BLOCK of them)."""
        values = self.values
        assert isinstance(values, bytearray) and self._mask is not None and self._rows is not None
        rules, mask, rows = self.rules, self._mask, self._rows
        start = len(values)
        split, single, equal = rules.split, rules.single, rules.equal_parts
        flags = mask.flags
        histogram, odd_histogram, rare = self._histogram, self._odd_histogram, self.rare
        phase = self._phase
        # the rare values of a heap, and the others, by the parity of heap + phase
        kinds = (
            (mask.rare, mask.common, mask.rare_below),
            (mask.common, mask.rare, mask.common_below),
        )
        table, loose = rows.table(values, start)
        near = rows.near
        # A search costs about as much as deleting 40 options: searching pays
        # while the values are small.
        by_search = 40 * sum(values[start - BLOCK : start]) < BLOCK * len(table) // BLOCK * 2

        for n in range(start, stop):
            shift = 0 if phase is None else (n + phase) & 1
            rare_values, common, rare_below = kinds[shift]
            parts = [table[n - start :: BLOCK]]
            if single:
                parts.append(bytes([values[n - k] for k in single]))
            for k in split:
                high = int.from_bytes(values[n - k - BLOCK : n - k], "big")
                # byte i is G(1 + i) ⊕ G(n − k − 1 − i): the splits with a part up to BLOCK
                parts.append((near ^ high).to_bytes(BLOCK, "little"))
            if loose:
                parts.append(bytes([values[r] ^ values[n - k - r] for k, r in loose if r < n - k]))
            options = b"".join(parts)
            if by_search:  # small values: a few searches find the least common non-option
                for value in common:
                    if value not in options:
                        break
                else:
                    value = 256
                unseen = bytes([x for x in rare_below[value] if x not in options])
            else:  # delete the options from the list of all values
                missing = _ALL.translate(None, options)
                first = missing.translate(None, rare_values)  # the common ones
                value = first[0] if first else 256
                unseen = missing[: missing.index(value)] if first else b""
            if value == 256:
                self._widen()
                self._extend_wide(n + 1)
                return
            # Grundy's game: a zero may come from a row's (r, r), not a move.
            doubt = not equal and value > 0 and n in rows.equal_splits
            if doubt and not unseen.startswith(b"\0"):
                unseen = b"\0" + unseen
            if unseen:
                value = self._confirm(n, unseen, value, doubt)
            values.append(value)
            histogram[value] += 1
            if n & 1:
                odd_histogram[value] += 1
            if value >= self._top:  # a new binary digit: the mask is chosen again
                self._review_at = n + 1
            if flags[value] ^ shift:
                rare.append(n)
                loose.extend((k, n) for k in split)
            elif rows.heads[value] < HEADS:
                rows.heads[value] += 1
                loose.extend((k, n) for k in split)

    def _confirm(self, n: int, unseen: bytes, value: int, doubt: bool) -> int:
        """The value of n: the first of the rare values *unseen* that no split gives, else *value*.

        The splits are read, smaller part a first, a chunk of CHUNK at a time:
        the options G(a) ⊕ G(n − k − a) of a chunk come from one exclusive or
        of two integers read off the values (those of the smaller parts are
        kept), and each value still unseen is looked for in them. The splits
        with a part up to BLOCK are among the options already, unless *doubt*.
        """
        values = self.values
        assert isinstance(values, bytearray)
        chunks, equal = self._chunks, self.rules.equal_parts
        left = list(unseen)
        for k in self.rules.split:
            rest = n - k
            last = rest // 2 if equal else (rest - 1) // 2  # the largest smaller part
            if doubt:  # the splits with a part up to BLOCK, read again
                found = splits(values, rest, equal)[:BLOCK]
                left = [x for x in left if x not in found]
            part = BLOCK + 1
            while left and part <= last:
                size = min(CHUNK, last - part + 1)
                low = chunks.get(part) if size == CHUNK else None
                if low is None:
                    low = int.from_bytes(values[part : part + size], "little")
                    if size == CHUNK:
                        chunks[part] = low
                top = rest - part + 1
                high = int.from_bytes(values[top - size : top], "big")
                # byte i is G(part + i) ⊕ G(rest − part − i)
                options = (low ^ high).to_bytes(size, "little")
                left = [x for x in left if x not in options]
                part += size
            if not left:
                return value
        return left[0]

    # ---- values from 256 on --------------------------------------------------------------

    def _widen(self) -> None:
        """Keep the values as a list from now on, with two copies on two bytes a value.

        The mask of the sparse-space method, if any, is kept (its rare heaps too).
        """
        values = self.values
        self.values = list(values)
        self._little = bytearray(b"".join(v.to_bytes(2, "little") for v in values))
        self._big = bytearray(b"".join(v.to_bytes(2, "big") for v in values))
        self._wide = None if self._mask is None else self._mask.mask
        self._mask = None
        self._histogram += [0] * (MAX_VALUE + 1 - len(self._histogram))
        self._odd_histogram += [0] * (MAX_VALUE + 1 - len(self._odd_histogram))

    def _extend_wide(self, stop: int) -> None:
        values, little, big = self.values, self._little, self._big
        assert isinstance(values, list) and little is not None and big is not None
        rules, histogram = self.rules, self._histogram
        for n in range(len(values), stop):
            if n >= self._review_at:
                self._review_wide()
            mask = self._wide
            if mask is None:
                options = {0} if n in rules.whole else set()
                options.update(values[n - k] for k in rules.single if k < n)
                pairs = b"".join(
                    _wide_splits(little, big, n - k, rules.equal_parts) for k in rules.split
                )
                value = _wide_mex(pairs, options)
            else:
                value = self._sparse_wide(n, mask, self._shift(n))
            if value > MAX_VALUE:
                raise NimcoreError(
                    typeset(f"La valeur de Grundy du tas {n} dépasse {MAX_VALUE} : calcul arrêté.")
                )
            values.append(value)
            little += value.to_bytes(2, "little")
            big += value.to_bytes(2, "big")
            if n:
                histogram[value] += 1
                if n & 1:
                    self._odd_histogram[value] += 1
                if mask is not None:
                    if not ((value & mask).bit_count() + self._shift(n)) % 2:
                        self.rare.append(n)
                    if value >= self._top:  # a new binary digit: the mask is chosen again
                        self._review_at = n + 1

    def _review_wide(self) -> None:
        """:meth:`_review` for values on two bytes (masks up to WIDE_MASK_BITS bits)."""
        values = self.values
        count = len(values)
        self._review_at = 2 * count
        if not self.rules.split:
            return
        best, self._top = self._best_mask(WIDE_MASK_BITS)
        if best is None or WIDE_SHARE * best[0] + self._margin > count:
            self._wide, self.rare = None, []
            return
        _, mask, phase = best
        if self._wide != mask or self._phase != phase:
            self._wide, self._phase = mask, phase
            self.rare = [
                n
                for n in range(1, count)
                if not ((values[n] & mask).bit_count() + self._shift(n)) % 2
            ]

    def _shift(self, n: int) -> int:
        """1 when the rare values of heap n are those of odd popcount (see :attr:`phase`)."""
        return 0 if self._phase is None else (n + self._phase) & 1

    def _sparse_wide(self, n: int, mask: int, shift: int) -> int:
        """The value of n by the sparse-space method, values on two bytes.

        Every common option is a split with a rare part: all of those are
        listed. The rare values below the least common non-option that they
        miss are then looked for among every split (:meth:`_confirm_wide`).
        """
        values, rules, rare = self.values, self.rules, self.rare
        assert isinstance(values, list)
        options = {0} if n in rules.whole else set()
        options.update(values[n - k] for k in rules.single if k < n)
        for k in rules.split:
            rest = n - k
            parts = rare[: bisect_left(rare, rest)]
            if rules.equal_parts:
                options.update([values[r] ^ values[rest - r] for r in parts])
            else:
                options.update([values[r] ^ values[rest - r] for r in parts if 2 * r != rest])
        value, unseen = 0, []
        while True:
            if value not in options:
                if ((value & mask).bit_count() + shift) % 2:
                    break  # the least common value that is no option
                unseen.append(value)
            value += 1
        return self._confirm_wide(n, unseen, value) if unseen else value

    def _confirm_wide(self, n: int, unseen: list[int], value: int) -> int:
        """The first of the rare values *unseen* that no split of n gives, else *value*.

        The splits are read smaller part first, CHUNK of them at a time.
        """
        little, big, rules = self._little, self._big, self.rules
        assert little is not None and big is not None
        left = unseen
        for k in rules.split:
            rest = n - k
            last = rest // 2 if rules.equal_parts else (rest - 1) // 2
            part = 1
            while left and part <= last:
                size = min(CHUNK, last - part + 1)
                low = int.from_bytes(little[2 * part : 2 * (part + size)], "little")
                top = rest - part + 1
                high = int.from_bytes(big[2 * (top - size) : 2 * top], "big")
                # two-byte value i is G(part + i) ⊕ G(rest − part − i)
                chunk = (low ^ high).to_bytes(2 * size, "little")
                left = [x for x in left if not _has_pair(chunk, x)]
                part += size
            if not left:
                return value
        return left[0]


class _Rows:
    """The splits of the sparse-space method read a block of heaps at a time, one row per part.

    A row (k, r) holds, for each heap n of a block, G(r) ⊕ G(n − k − r): the
    split of n − k with a part r. The splits with a part up to BLOCK are read
    heap by heap (they reach into the block), from ``near``. Every rare part r
    above BLOCK has a row once every heap of the block can have it; until
    then, the part is *loose* and read heap by heap. So every common option
    of a heap is among them. For the rare values, a few common parts of
    each value, the *heads*, have rows too: a head of value y gives the option
    x when the other part has the value x ⊕ y, so that HEADS heads of each
    value give each rare value about HEADS chances whatever the values most
    heaps have.

    For each value v of a part with a row, ``copies[v]`` holds the last
    values exclusive-ored with v (at least ``reach`` of them, ending with the
    heap before the block): the rows of the parts of value v are then cut out
    of it by one ``itemgetter`` of slices counted from its end, the same for
    every block.
    """

    __slots__ = (
        "copies",
        "cuts",
        "equal_splits",
        "getters",
        "groups",
        "heads",
        "loose",
        "near",
        "reach",
        "synced",
        "window",
    )

    def __init__(
        self, values: bytearray, rules: Rules, rare: list[int], flags: bytes, phase: int | None
    ) -> None:
        self.groups: dict[int, list[tuple[int, int]]] = {}  # value -> its rows (k, r)
        self.getters: dict[int, Callable[[bytearray], tuple[bytearray, ...]]] = {}
        self.cuts: dict[int, list[slice]] = {}  # value -> the slices of its rows
        self.copies: dict[int, bytearray] = {}
        self.synced = 0  # the copies end with G(synced − 1)
        #: heaps n with a row (k, r) such that n = k + 2r (a split into equal parts)
        self.equal_splits: set[int] = set()
        self.reach = 0  # the largest k + r of a row
        self.window = 0  # the copies hold at least this many values (a power of two)
        #: heads[v]: how many common parts of value v have a row or are loose
        self.heads = [0] * 256
        #: the integer of G(1 … BLOCK): the splits with a part up to BLOCK are read from it
        self.near = int.from_bytes(values[1 : BLOCK + 1], "little")
        parts = {r for r in rare if r > BLOCK}
        for value in range(256):
            if phase is None and flags[value]:
                continue
            at = values.find(value, BLOCK + 1)
            while at >= 0 and self.heads[value] < HEADS:
                if phase is None or not flags[value] ^ ((at + phase) & 1):  # common at its heap
                    parts.add(at)
                    self.heads[value] += 1
                at = values.find(value, at + 1)
        #: the parts without a row yet: (k, r), read heap by heap
        self.loose = [(k, r) for r in sorted(parts) for k in rules.split]

    def table(self, values: bytearray, start: int) -> tuple[bytes, list[tuple[int, int]]]:
        """The rows of the block from *start* (BLOCK bytes each), and the loose parts."""
        copies, groups = self.copies, self.groups
        changed = set()
        loose = self.loose
        still = []
        for k, r in loose:
            if r <= start - k - 1:
                value = values[r]
                groups.setdefault(value, []).append((k, r))
                changed.add(value)
                self.equal_splits.add(k + 2 * r)
                self.reach = max(self.reach, k + r)
            else:
                still.append((k, r))
        loose[:] = still
        if self.reach > self.window:  # longer copies: all made again
            self.window = 1 << self.reach.bit_length()
            copies.clear()
        window = self.window
        recent = values[self.synced : start]
        for value in groups:
            copy = copies.get(value)
            if copy is None:
                copies[value] = values[max(0, start - window) : start].translate(_XOR[value])
                changed.add(value)
            else:
                copy += recent.translate(_XOR[value])
                if len(copy) > 2 * window:
                    del copy[: len(copy) - window]
        self.synced = start
        for value in changed:
            cuts = self.cuts.setdefault(value, [])
            cuts.extend(slice(-k - r, BLOCK - k - r) for k, r in groups[value][len(cuts) :])
            self.getters[value] = itemgetter(*(cuts * 2 if len(cuts) == 1 else cuts))
        rows = [b"".join(cut(copies[value])) for value, cut in self.getters.items()]
        return b"".join(rows), loose


def _after(heaps: list[int], bound: int) -> list[int]:
    """The heaps of the increasing list *heaps* above *bound*."""
    low, high = 0, len(heaps)
    while low < high:
        middle = (low + high) // 2
        if heaps[middle] <= bound:
            low = middle + 1
        else:
            high = middle
    return heaps[low:]


def splits(values: bytearray, rest: int, equal: bool) -> bytes:
    """Byte i is G(1 + i) ⊕ G(rest − 1 − i): every split of *rest* tokens, smaller part first."""
    half = rest // 2 if equal else (rest - 1) // 2
    if half <= 0:
        return b""
    low = int.from_bytes(values[1 : half + 1], "little")
    high = int.from_bytes(values[rest - half : rest], "big")
    return (low ^ high).to_bytes(half, "little")


def _wide_splits(little: bytearray, big: bytearray, rest: int, equal: bool) -> bytes:
    """Like :func:`splits`, for values kept on two bytes (little-endian)."""
    half = rest // 2 if equal else (rest - 1) // 2
    if half <= 0:
        return b""
    low = int.from_bytes(little[2 : 2 * half + 2], "little")
    high = int.from_bytes(big[2 * (rest - half) : 2 * rest], "big")
    return (low ^ high).to_bytes(2 * half, "little")


_KEEP = tuple(bytes(0 if byte == high else 255 for byte in range(256)) for high in range(256))


def _wide_mex(splits: bytes, options: set[int]) -> int:
    """The least value neither in *options* nor among the two-byte values of *splits*.

    The high bytes are searched first; for each one present, the low bytes of
    the values that have it are kept (the others become 255) and searched.
    """
    lows, highs = splits[0::2], splits[1::2]
    for high in range(256):
        base = high << 8
        if high not in highs:
            low = 0
            while base + low in options:
                low += 1
            return base + low
        mask = int.from_bytes(highs.translate(_KEEP[high]), "little")
        kept = (int.from_bytes(lows, "little") | mask).to_bytes(len(lows), "little")
        for low in range(256):
            if base + low in options:
                continue
            if low < 255:
                if low not in kept:
                    return base + low
            elif not _has_pair(splits, base + low):
                return base + low
    return mex(options | set(array("H", splits)))  # pragma: no cover - values above 65535


def _has_pair(splits: bytes, value: int) -> bool:
    """True when *value* is one of the two-byte values of *splits* (aligned matches only)."""
    pattern = value.to_bytes(2, "little")
    at = splits.find(pattern)
    while at >= 0 and at % 2:
        at = splits.find(pattern, at + 1)
    return at >= 0
