"""A deliberately naive second Five Up move generator, written from docs/rules/fiveup.md alone.

It shares no code with ``engine/`` and imports nothing from it: cells are (level, rank, file)
tuples in a dict, the position string (ruling section 9) has its own reader and writer, every
piece's moves are found by stepping the vectors of the ruling's table (section 3), and a move
is legal by the definition itself: play it (placement included) on a copy and see whether the
mover's king is attacked, each enemy piece asked in turn whether its own rule reaches the
king.  Slow by design; the agreement tests compare it with the engine.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import permutations, product

LEVELS = "ABCDE"
FILES = "abcde"
PROMOTION_LETTERS = "qrbnuwgs"  # section 4: any piece except a king, reserve kinds included
RESERVE_ORDER = "WGSwgs"  # section 9: White's W G S, then Black's w g s

Cell = tuple[int, int, int]  # (level, rank, file), each 0..4
# (from, to, promotion letter or None, placed letter or None); castling is the king's move
# onto its own rook's cell, as the ruling writes it.
Move = tuple[Cell, Cell, "str | None", "str | None"]

_UNIT = [d for d in product((-1, 0, 1), repeat=3) if d != (0, 0, 0)]
ORTH = [d for d in _UNIT if sum(map(abs, d)) == 1]  # 6
FACE = [d for d in _UNIT if sum(map(abs, d)) == 2]  # 12
SPACE = [d for d in _UNIT if sum(map(abs, d)) == 3]  # 8
KNIGHT = sorted({p for a, b in product((-2, 2), (-1, 1)) for p in permutations((a, b, 0))})
UNICORN = sorted(
    {p for a, b, c in product((-2, 2), (-1, 1), (-1, 1)) for p in permutations((a, b, c))}
)

# kind -> (leaps that move or capture, slide directions); the king and the pawn are special.
PIECES: dict[str, tuple[list, list]] = {
    "q": ([], ORTH + FACE),
    "r": ([], ORTH),
    "b": ([], FACE),
    "n": (KNIGHT, []),
    "u": (UNICORN, []),
    "w": ([], FACE + SPACE),
    "g": (ORTH + FACE + SPACE, []),
    "s": (UNICORN, SPACE),
}


def name(cell: Cell) -> str:
    level, rank, file = cell
    return f"{LEVELS[level]}{FILES[file]}{rank + 1}"


def parse_cell(text: str) -> Cell:
    if len(text) != 3 or text[0] not in LEVELS or text[1] not in FILES or text[2] not in "12345":
        raise ValueError(f"not a cell: {text!r}")
    return (LEVELS.index(text[0]), int(text[2]) - 1, FILES.index(text[1]))


def inside(cell: Cell) -> bool:
    return all(0 <= x < 5 for x in cell)


def add(cell: Cell, d) -> Cell:
    return (cell[0] + d[0], cell[1] + d[1], cell[2] + d[2])


def white(letter: str) -> bool:
    return letter.isupper()


def side_of(letter: str) -> str:
    return "w" if letter.isupper() else "b"


@dataclass(frozen=True)
class State:
    board: dict  # Cell -> letter, upper case White
    side: str  # "w" or "b"
    reserves: frozenset  # letters still in hand, "W" etc. for White, "w" etc. for Black
    unmoved: frozenset  # cells of unmoved non-pawn pieces
    ep: "tuple[tuple[Cell, ...], Cell] | None"  # (passed cells, the pawn that may be taken)
    halfmove: int
    fullmove: int
    castling: bool = False  # the optional rule of section 6


# ---------------------------------------------------------------- position string (section 9)


def read(fen: str, castling: bool = False) -> State:
    fields = fen.split()
    if len(fields) != 7:
        raise ValueError(f"expected 7 fields, got {len(fields)}")
    placement, side, reserves, unmoved, ep, halfmove, fullmove = fields
    levels = placement.split("|")
    if len(levels) != 5:
        raise ValueError("placement needs 5 levels")
    board = {}
    for li, level_text in enumerate(levels):
        ranks = level_text.split("/")
        if len(ranks) != 5:
            raise ValueError("a level needs 5 ranks")
        for ri, rank_text in enumerate(ranks):
            f = 0
            for ch in rank_text:
                if ch in "12345":
                    f += int(ch)
                elif ch.lower() in "kqrbnuwgsp":
                    if f > 4:
                        raise ValueError(f"rank too long: {rank_text!r}")
                    board[(4 - li, 4 - ri, f)] = ch
                    f += 1
                else:
                    raise ValueError(f"bad placement character {ch!r}")
            if f != 5:
                raise ValueError(f"rank of {f} cells: {rank_text!r}")
    if side not in ("w", "b"):
        raise ValueError(f"bad side {side!r}")
    if reserves == "-":
        hand = frozenset()
    else:
        if any(c not in RESERVE_ORDER for c in reserves) or len(set(reserves)) != len(reserves):
            raise ValueError(f"bad reserves {reserves!r}")
        hand = frozenset(reserves)
    unmoved_cells = frozenset() if unmoved == "-" else frozenset(map(parse_cell, unmoved.split(",")))
    if ep == "-":
        en_passant = None
    else:
        passed_text, at, pawn_text = ep.partition("@")
        if not at:
            raise ValueError(f"bad en-passant field {ep!r}")
        en_passant = (tuple(sorted(map(parse_cell, passed_text.split(",")))), parse_cell(pawn_text))
    return State(board, side, hand, unmoved_cells, en_passant, int(halfmove), int(fullmove), castling)


def write(state: State) -> str:
    levels = []
    for level in range(4, -1, -1):
        ranks = []
        for rank in range(4, -1, -1):
            text, empty = "", 0
            for file in range(5):
                letter = state.board.get((level, rank, file))
                if letter is None:
                    empty += 1
                    continue
                if empty:
                    text += str(empty)
                    empty = 0
                text += letter
            ranks.append(text + (str(empty) if empty else ""))
        levels.append("/".join(ranks))
    reserves = "".join(c for c in RESERVE_ORDER if c in state.reserves) or "-"
    # Canonical: only the unmoved pieces of a side that still has something to place.
    hand_sides = {side_of(c) for c in state.reserves}
    unmoved = sorted(
        c for c in state.unmoved
        if c in state.board and state.board[c].lower() != "p" and side_of(state.board[c]) in hand_sides
    )
    ep = "-"
    if state.ep:
        ep = ",".join(name(c) for c in sorted(state.ep[0])) + "@" + name(state.ep[1])
    return " ".join([
        "|".join(levels), state.side, reserves, ",".join(map(name, unmoved)) or "-", ep,
        str(state.halfmove), str(state.fullmove),
    ])


START = (
    "rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/UBQUB|5/5/5/PPPPP/RNKNR w WGSwgs "
    "Aa1,Ab1,Ac1,Ad1,Ae1,Ba1,Bb1,Bc1,Bd1,Be1,Da5,Db5,Dc5,Dd5,De5,Ea5,Eb5,Ec5,Ed5,Ee5 - 0 1"
)


# ---------------------------------------------------------------- moves (sections 3 to 6)


_PAWN_CAPTURES = {s: ((0, s, -1), (0, s, 1), (s, 0, -1), (s, 0, 1), (s, s, 0)) for s in (1, -1)}


def _reach_table(leaps, slides) -> dict:
    """offset -> the offsets strictly between that must be empty (none for a leap)."""
    table = {d: () for d in leaps}
    for u in slides:
        for k in range(1, 5):
            between = tuple((u[0] * j, u[1] * j, u[2] * j) for j in range(1, k))
            table[(u[0] * k, u[1] * k, u[2] * k)] = between
    return table


# What a piece standing anywhere attacks, by letter: the ruling's vectors written out once.
_REACH = {kind: _reach_table(*PIECES[kind]) for kind in PIECES}
_REACH["k"] = _reach_table(ORTH + SPACE, [])  # never along FACE
_REACH["P"] = _reach_table(_PAWN_CAPTURES[1], [])
_REACH["p"] = _reach_table(_PAWN_CAPTURES[-1], [])


def pawn_captures(sign: int) -> tuple:
    return _PAWN_CAPTURES[sign]


def attacks(board: dict, frm: Cell, target: Cell) -> bool:
    """Does the piece on ``frm`` attack ``target`` (could it capture an enemy standing there)?"""
    letter = board[frm]
    between = _REACH[letter if letter in "Pp" else letter.lower()].get(
        (target[0] - frm[0], target[1] - frm[1], target[2] - frm[2])
    )
    if between is None:
        return False
    return all((frm[0] + b[0], frm[1] + b[1], frm[2] + b[2]) not in board for b in between)


def attacked(board: dict, cell: Cell, by: str) -> bool:
    by_white = by == "w"
    return any(l.isupper() == by_white and attacks(board, c, cell) for c, l in board.items())


def in_check(board: dict, side: str) -> bool:
    king = "K" if side == "w" else "k"
    return any(attacked(board, c, "b" if side == "w" else "w") for c, l in board.items() if l == king)


def _arrivals(frm: Cell, to: Cell, is_white: bool) -> list[Move]:
    if (to[0], to[1]) == ((4, 4) if is_white else (0, 0)):
        return [(frm, to, p, None) for p in PROMOTION_LETTERS]
    return [(frm, to, None, None)]


def _pawn_moves(state: State, frm: Cell, is_white: bool) -> list[Move]:
    board, s = state.board, (1 if is_white else -1)
    out: list[Move] = []
    for d in ((0, s, 0), (s, 0, 0)):
        to = add(frm, d)
        if inside(to) and to not in board:
            out += _arrivals(frm, to, is_white)
    for d in pawn_captures(s):
        to = add(frm, d)
        if not inside(to):
            continue
        if to in board:
            if white(board[to]) != is_white:
                out += _arrivals(frm, to, is_white)
        elif state.ep and to in state.ep[0]:
            victim = board.get(state.ep[1])
            if victim is not None and white(victim) != is_white:
                out += _arrivals(frm, to, is_white)  # en passant
    if (frm[0], frm[1]) == ((0, 1) if is_white else (4, 3)):
        forward, up = add(frm, (0, s, 0)), add(frm, (s, 0, 0))
        for to, clear in (
            (add(frm, (0, 2 * s, 0)), forward not in board),
            (add(frm, (2 * s, 0, 0)), up not in board),
            (add(frm, (s, s, 0)), forward not in board or up not in board),  # the L-step
        ):
            if clear and to not in board:
                out.append((frm, to, None, None))
    return out


def _piece_targets(board: dict, frm: Cell, letter: str) -> list[Cell]:
    kind, mine = letter.lower(), white(letter)
    out = []
    if kind == "k":
        for d in ORTH + SPACE:
            to = add(frm, d)
            if not inside(to):
                continue
            if to not in board:
                if d in ORTH:  # 3D diagonals only capture
                    out.append(to)
            elif white(board[to]) != mine:
                out.append(to)
        return out
    leaps, slides = PIECES[kind]
    for d in leaps:
        to = add(frm, d)
        if inside(to) and (to not in board or white(board[to]) != mine):
            out.append(to)
    for d in slides:
        to = add(frm, d)
        while inside(to):
            if to in board:
                if white(board[to]) != mine:
                    out.append(to)
                break
            out.append(to)
            to = add(to, d)
    return out


def pseudo_moves(state: State) -> list[Move]:
    """Every move by the rules of movement and placement, ignoring the king's safety; no castling."""
    mine = state.side == "w"
    hand = sorted(c.lower() for c in state.reserves if white(c) == mine)
    out: list[Move] = []
    for frm, letter in state.board.items():
        if white(letter) != mine:
            continue
        if letter.lower() == "p":
            out += _pawn_moves(state, frm, mine)
            continue
        places = hand if frm in state.unmoved else []
        for to in _piece_targets(state.board, frm, letter):
            out.append((frm, to, None, None))
            out += [(frm, to, None, p) for p in places]
    return out


def castling_moves(state: State) -> list[Move]:
    if not state.castling:
        return []
    king, rook = ("K", "R") if state.side == "w" else ("k", "r")
    enemy = "b" if state.side == "w" else "w"
    out: list[Move] = []
    for k, letter in state.board.items():
        if letter != king or attacked(state.board, k, enemy):
            continue
        for r, other in state.board.items():
            differ = [i for i in range(3) if k[i] != r[i]]
            if other != rook or len(differ) != 1:
                continue
            i = differ[0]
            step = 1 if r[i] > k[i] else -1
            between = []
            c = list(k)
            c[i] += step
            while c[i] != r[i]:
                between.append(tuple(c))
                c[i] += step
            if any(b in state.board or attacked(state.board, b, enemy) for b in between):
                continue
            out.append((k, r, None, None))
    return out


def play(state: State, move: Move) -> State:
    frm, to, promo, place = move
    board = dict(state.board)
    letter = board.pop(frm)
    mine, kind, s = white(letter), letter.lower(), (1 if white(letter) else -1)
    unmoved = set(state.unmoved)
    reserves = set(state.reserves)
    target = state.board.get(to)
    capture, en_passant = target is not None, None
    d = (to[0] - frm[0], to[1] - frm[1], to[2] - frm[2])
    if kind == "k" and target is not None and white(target) == mine:  # castling: swap
        capture = False  # the rook is not taken: the 50-move count goes on (section 7)
        board[frm] = target
        board[to] = letter
        unmoved -= {frm, to}
    else:
        if kind == "p" and target is None and state.ep and to in state.ep[0] and d in pawn_captures(s):
            # en passant (the L-step's vector is also a capture vector, hence the passed-cell test)
            del board[state.ep[1]]
            unmoved.discard(state.ep[1])
            capture = True
        elif kind == "p" and target is None and d in ((0, 2 * s, 0), (2 * s, 0, 0), (s, s, 0)):
            if d == (s, s, 0):  # the L-step passes both middle cells that were empty
                middles = [add(frm, (0, s, 0)), add(frm, (s, 0, 0))]
            else:
                middles = [add(frm, (d[0] // 2, d[1] // 2, 0))]
            passed = tuple(sorted(m for m in middles if m not in state.board))
            en_passant = (passed, to)
        board[to] = (promo.upper() if mine else promo) if promo else letter
        unmoved.discard(frm)  # a moved (or promoted) piece is no longer unmoved
        unmoved.discard(to)  # a captured piece's status is gone
        if place:
            placed = place.upper() if mine else place
            reserves.remove(placed)
            board[frm] = placed
            unmoved.add(frm)
    return State(
        board,
        "b" if mine else "w",
        frozenset(reserves),
        frozenset(unmoved),
        en_passant,
        0 if capture or kind == "p" else state.halfmove + 1,
        state.fullmove + (0 if mine else 1),
        state.castling,
    )


def legal_moves(state: State) -> list[Move]:
    candidates = pseudo_moves(state) + castling_moves(state)
    return [m for m in candidates if not in_check(play(state, m).board, state.side)]


def coord(move: Move) -> str:
    frm, to, promo, place = move
    return name(frm) + name(to) + (promo or "") + ("/" + place if place else "")


def parse_move(state: State, text: str) -> Move:
    for m in legal_moves(state):
        if coord(m) == text:
            return m
    raise ValueError(f"not a legal move here: {text}")


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(play(state, m), depth - 1) for m in moves)


def legal_coords(fen: str, castling: bool = False) -> list[str]:
    return sorted(coord(m) for m in legal_moves(read(fen, castling)))


def perft_fen(fen: str, depth: int, castling: bool = False) -> int:
    return perft(read(fen, castling), depth)


def mirror_colours(state: State) -> State:
    """The same position seen from the other side: (l, r, f) -> (4-l, 4-r, f), colours swapped."""
    flip = lambda c: (4 - c[0], 4 - c[1], c[2])  # noqa: E731
    return replace(
        state,
        board={flip(c): l.swapcase() for c, l in state.board.items()},
        side="b" if state.side == "w" else "w",
        reserves=frozenset(c.swapcase() for c in state.reserves),
        unmoved=frozenset(map(flip, state.unmoved)),
        ep=state.ep and (tuple(sorted(map(flip, state.ep[0]))), flip(state.ep[1])),
    )


def mirror_files(state: State) -> State:
    """Files a..e reversed; the rules do not tell left from right."""
    flip = lambda c: (c[0], c[1], 4 - c[2])  # noqa: E731
    return replace(
        state,
        board={flip(c): l for c, l in state.board.items()},
        unmoved=frozenset(map(flip, state.unmoved)),
        ep=state.ep and (tuple(sorted(map(flip, state.ep[0]))), flip(state.ep[1])),
    )


if __name__ == "__main__":
    # Independent perft for cross-checking by hand:
    #   python tests/engine/naive_fiveup.py 2 [--fen F] [--castling]  -> per-root-move counts, total
    import argparse
    import time

    parser = argparse.ArgumentParser()
    parser.add_argument("depth", type=int)
    parser.add_argument("--fen", default=START)
    parser.add_argument("--castling", action="store_true")
    parser.add_argument("--total-only", action="store_true")
    args = parser.parse_args()
    root = read(args.fen, args.castling)
    started = time.process_time()
    total = 0
    for mv in sorted(legal_moves(root), key=coord):
        n = perft(play(root, mv), args.depth - 1)
        total += n
        if not args.total_only:
            print(coord(mv), n, flush=True)
    print(total, f"({time.process_time() - started:.1f} s CPU)")
