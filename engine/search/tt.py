"""Transposition table: fixed-size list of two-entry buckets keyed by the Zobrist hash.

Slot ``2i`` of bucket ``i`` is *depth-preferred* (kept unless the new result is at least as
deep, is for the same position, or the old one is from an earlier search); slot ``2i + 1`` is
*always-replace*.  The list never grows, so memory is bounded by the number of slots: an entry
is a 6-tuple holding a 64-bit key (about 140 bytes with the tuple), so the default 2**16
buckets (131,072 slots) stay under ~20 MB when full.
"""
from __future__ import annotations

EXACT, LOWER, UPPER = 0, 1, 2  # score is exact / a lower bound (fail high) / an upper bound


class TranspositionTable:
    __slots__ = ("table", "mask", "age")

    def __init__(self, bits: int = 16) -> None:
        if not 4 <= bits <= 24:  # 2**24 buckets would need gigabytes: refuse
            raise ValueError("transposition table size must be 2**4 .. 2**24 buckets")
        self.mask = (1 << bits) - 1
        self.table: list[tuple | None] = [None] * (2 << bits)
        self.age = 0

    def __len__(self) -> int:
        return len(self.table)

    def new_search(self) -> None:
        """Mark existing entries as old, so they give way to the new search's results."""
        self.age = (self.age + 1) & 0xFF  # wraps; only equality with the current age matters

    def probe(self, key: int) -> tuple | None:
        """The entry ``(key, depth, flag, score, move, age)`` for ``key``, or None."""
        table = self.table
        i = (key & self.mask) << 1
        e = table[i]
        if e is not None and e[0] == key:
            return e
        e = table[i + 1]
        if e is not None and e[0] == key:
            return e
        return None

    def store(self, key: int, depth: int, flag: int, score: int, move: int) -> None:
        table = self.table
        i = (key & self.mask) << 1
        e = table[i]
        if e is None or e[0] == key or depth >= e[1] or e[5] != self.age:
            table[i] = (key, depth, flag, score, move, self.age)
        else:
            table[i + 1] = (key, depth, flag, score, move, self.age)

    def filled(self) -> int:
        return sum(1 for e in self.table if e is not None)
