"""A puzzle's public id: five letters and digits (lichess's length) taken from the hash of its
variant and position, so the same puzzle loaded on any site, or twice, gets the same id."""
from __future__ import annotations

import hashlib

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
LENGTH = 5


def puzzle_digest(variant: str, fen: str) -> str:
    return hashlib.sha256(f"{variant}\n{fen}".encode()).hexdigest()


def public_id(digest: str, salt: int = 0) -> str:
    """Five base-62 digits of `digest` (with `salt` > 0, of the digest rehashed: the rare id
    already taken by another puzzle moves to the next one, still the same on every load of the
    same set in the same order)."""
    if salt:
        digest = hashlib.sha256(f"{digest}#{salt}".encode()).hexdigest()
    number = int(digest, 16)
    out = []
    for _ in range(LENGTH):
        number, digit = divmod(number, len(ALPHABET))
        out.append(ALPHABET[digit])
    return "".join(out)
