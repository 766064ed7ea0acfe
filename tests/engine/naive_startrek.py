"""A second, deliberately naive Star Trek 3D chess move generator, written from the ruling
(docs/rules/startrek.md) and sharing no code with engine/.

Cells are (file, rank, level) tuples with file z..e = 0..5, rank 0..9 and level A..G = 1..7,
as the ruling writes them (the engine numbers cells and uses 0-based levels in another order).
A position is a plain dict of pieces, a set of occupied pins, a set of unmoved pawns and the
side to move; a move is its coordinate text; legality is tested by playing the move on a copy
and looking at every enemy piece's attacks.  Slow and obvious on purpose.
"""
from __future__ import annotations

from itertools import permutations, product

FILES = "zabcde"
LEVELS = "ABCDEFG"
# Main boards: (level, lowest rank); files a-d, four ranks.
MAIN = {"W": (2, 1), "N": (4, 3), "X": (6, 5)}
MAIN_BY_NUMBER = {1: "W", 2: "W", 3: "N", 4: "N", 5: "X", 6: "X"}


def pin_cells(name: str) -> list[tuple[int, int, int]]:
    """The four cells of a pin such as Q1d (section 1 of the ruling)."""
    side, number, ud = name[0], int(name[1]), name[2]
    level, low = MAIN[MAIN_BY_NUMBER[number]]
    ranks = (low - 1, low) if number % 2 == 1 else (low + 3, low + 4)
    files = (0, 1) if side == "Q" else (4, 5)
    lv = level + 1 if ud == "u" else level - 1
    return [(f, r, lv) for r in ranks for f in files]


ALL_PINS = [s + str(n) + ud for s in "QK" for n in range(1, 7) for ud in "ud"]
PIN_CELLS = {p: pin_cells(p) for p in ALL_PINS}
MAIN_CELLS = {(f, r, lv) for lv, low in MAIN.values() for r in range(low, low + 4) for f in range(1, 5)}
UNITS = [d for d in product((-1, 0, 1), repeat=3) if d != (0, 0, 0)]
ROOK = [d for d in UNITS if d[0] == 0 or d[1] == 0]
BISHOP = [d for d in UNITS if d[0] != 0 and d[1] != 0]
JUMPS = sorted({(a * s1, b * s2, c * s3) for a, b, c in permutations((2, 1, 0)) for s1 in (1, -1)
                for s2 in (1, -1) for s3 in (1, -1)})


def name_of(cell) -> str:
    f, r, lv = cell
    return LEVELS[lv - 1] + FILES[f] + str(r)


def cell_of(text: str):
    return (FILES.index(text[1]), int(text[2]), LEVELS.index(text[0]) + 1)


class NaivePosition:
    def __init__(self, pieces: dict, pins: set, unmoved: set, white: bool) -> None:
        self.pieces = pieces  # cell -> letter (upper case White)
        self.pins = pins
        self.unmoved = unmoved
        self.white = white

    @classmethod
    def from_string(cls, text: str) -> "NaivePosition":
        placement, side, pins, unmoved, _half, _full = text.split()
        pieces = {}
        for li, level_text in enumerate(placement.split("|")):
            lv = 7 - li
            for ri, rank_text in enumerate(level_text.split("/")):
                r = 9 - ri
                f = 0
                for ch in rank_text:
                    if ch.isdigit():
                        f += int(ch)
                    else:
                        pieces[(f, r, lv)] = ch
                        f += 1
        return cls(pieces, set(pins.split(",")), set() if unmoved == "-" else {cell_of(c) for c in unmoved.split(",")},
                   side == "w")

    def copy(self) -> "NaivePosition":
        return NaivePosition(dict(self.pieces), set(self.pins), set(self.unmoved), self.white)

    def exists(self, cell) -> bool:
        cells = getattr(self, "_cells", None)
        if cells is None:  # the main boards and the boards on the occupied pins
            cells = self._cells = MAIN_CELLS.union(*(PIN_CELLS[p] for p in self.pins))
        return cell in cells

    def is_white(self, cell) -> bool:
        return self.pieces[cell].isupper()

    # --- piece moves (the side of the piece on ``cell``) ---------------------------------------
    def targets(self, cell, captures_only_for_pawn=False):
        """(target, is_capture) of the piece on ``cell``, not caring about its own king."""
        letter = self.pieces[cell]
        white = letter.isupper()
        kind = letter.lower()
        f, r, lv = cell
        out = []

        def free(c):
            return self.exists(c) and c not in self.pieces

        def enemy(c):
            return self.exists(c) and c in self.pieces and self.pieces[c].isupper() != white

        if kind in "rbq":
            dirs = ROOK if kind == "r" else BISHOP if kind == "b" else UNITS
            for df, dr, dl in dirs:
                c = (f + df, r + dr, lv + dl)
                while self.exists(c):
                    if c in self.pieces:
                        if self.pieces[c].isupper() != white:
                            out.append((c, True))
                        break
                    out.append((c, False))
                    c = (c[0] + df, c[1] + dr, c[2] + dl)
        elif kind in "kn":  # one step of the 26, or a knight's jump over anything
            for df, dr, dl in UNITS if kind == "k" else JUMPS:
                c = (f + df, r + dr, lv + dl)
                if free(c):
                    out.append((c, False))
                elif enemy(c):
                    out.append((c, True))
        else:  # pawn
            fwd = 1 if white else -1
            for l2 in range(1, 8):
                if (white and l2 >= lv) or (not white and l2 <= lv):
                    for df in (-1, 1):
                        c = (f + df, r + fwd, l2)
                        if enemy(c):
                            out.append((c, True))
            if not captures_only_for_pawn:
                for dl in (-1, 0, 1):
                    c = (f, r + fwd, lv + dl)
                    if free(c):
                        out.append((c, False))
                if cell in self.unmoved and free((f, r + fwd, lv)) and free((f, r + 2 * fwd, lv)):
                    out.append(((f, r + 2 * fwd, lv), False))
                if self.on_last_rank(cell, white):
                    for df in (-1, 1):
                        c = (f + df, r, lv)
                        if free(c):
                            out.append((c, False))
        return out

    def on_last_rank(self, cell, white: bool) -> bool:
        f, r, lv = cell
        if cell in MAIN_CELLS:
            for level, low in MAIN.values():
                if level == lv:
                    return r == (low + 3 if white else low)
        for p in self.pins:
            cells = PIN_CELLS[p]
            if cell in cells:
                ranks = [c[1] for c in cells]
                return r == (max(ranks) if white else min(ranks))
        return False

    def attacked(self, cell, by_white: bool) -> bool:
        """Looked for from ``cell`` outward: along each of the 26 directions up to the first
        piece, a knight's jump away, and the pawns one rank behind on a neighbouring file."""
        f, r, lv = cell
        for d in UNITS:
            c = (f + d[0], r + d[1], lv + d[2])
            distance = 1
            while self.exists(c):
                if c in self.pieces:
                    x = self.pieces[c]
                    if x.isupper() == by_white:
                        kind = x.lower()
                        if kind == "q" or (kind == "r" and d in ROOK) or (kind == "b" and d in BISHOP) \
                                or (kind == "k" and distance == 1):
                            return True
                    break
                c = (c[0] + d[0], c[1] + d[1], c[2] + d[2])
                distance += 1
        knight = "N" if by_white else "n"
        for d in JUMPS:
            if self.pieces.get((f + d[0], r + d[1], lv + d[2])) == knight:
                return True
        pawn, fwd = ("P", 1) if by_white else ("p", -1)
        for df in (-1, 1):
            for l2 in range(1, 8):
                # a White pawn attacks its own level and every level above (Black: below)
                if (l2 <= lv if by_white else l2 >= lv) and self.pieces.get((f + df, r - fwd, l2)) == pawn:
                    return True
        return False

    # --- moves --------------------------------------------------------------------------------
    def pseudo_moves(self) -> list[str]:
        moves = []
        for cell, letter in list(self.pieces.items()):
            if letter.isupper() != self.white:
                continue
            for t, _cap in self.targets(cell):
                text = name_of(cell) + name_of(t)
                if letter.lower() == "p" and ((self.white and t[1] >= 8) or (not self.white and t[1] <= 1)):
                    text += "q"
                moves.append(text)
        for p in sorted(self.pins):
            on = [self.pieces[c] for c in PIN_CELLS[p] if c in self.pieces]
            if not on or any(x.isupper() != self.white for x in on) or any(x.lower() == "k" for x in on):
                continue
            ranks = sorted(c[1] for c in PIN_CELLS[p])
            for q in ALL_PINS:
                if q in self.pins:
                    continue
                if any(x.lower() == "p" for x in on) and sorted(c[1] for c in PIN_CELLS[q]) != ranks:
                    continue
                moves.append(p + q)
        return moves

    def play(self, move: str) -> "NaivePosition":
        new = self.copy()
        if move[0] in "QK":
            src, dst = PIN_CELLS[move[:3]], PIN_CELLS[move[3:]]
            carried = {dst[i]: new.pieces.pop(src[i]) for i in range(4) if src[i] in new.pieces}
            new.unmoved = {dst[src.index(c)] if c in src else c for c in new.unmoved}
            new.pieces.update(carried)
            new.pins = (new.pins - {move[:3]}) | {move[3:]}
        else:
            a, b = cell_of(move[:3]), cell_of(move[3:6])
            letter = new.pieces.pop(a)
            if len(move) == 7:
                letter = "Q" if letter.isupper() else "q"
            new.pieces[b] = letter
            new.unmoved.discard(a)
            new.unmoved.discard(b)
        new.white = not self.white
        return new

    def legal_moves(self) -> list[str]:
        out = []
        king = next(c for c, x in self.pieces.items() if x == ("K" if self.white else "k"))
        for m in self.pseudo_moves():
            after = self.play(m)
            # (a board never carries a king, so only the king's own move moves it)
            here = cell_of(m[3:6]) if m[0] not in "QK" and cell_of(m[:3]) == king else king
            if not after.attacked(here, not self.white):
                out.append(m)
        return sorted(out)


def perft(pos: NaivePosition, depth: int) -> int:
    if depth == 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(pos.play(m), depth - 1) for m in moves)


START = ("rq2kr/pp2pp/6/6/6/6/6/6/6/6|6/1nbbn1/1pppp1/6/6/6/6/6/6/6|6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/6/6/6/6/6|"
         "6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/6/6/1PPPP1/1NBBN1/6|6/6/6/6/6/6/6/6/PP2PP/RQ2KR w "
         "K1d,K6u,Q1d,Q3d,Q4u,Q6u Az1,Aa1,Ad1,Ae1,Ba2,Bb2,Bc2,Bd2,Fa7,Fb7,Fc7,Fd7,Gz8,Ga8,Gd8,Ge8 0 1")
