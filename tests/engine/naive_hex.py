"""A deliberately naive second Hexagonal Raumschach move generator, written from
docs/rules/hexraumschach.md alone.

It shares no code with ``engine/`` and imports nothing from it: cells are axial
(level, q, r) tuples as in the ruling (section 1), the direction lists are the ruling's tables
copied out by hand (section 2; nothing is derived from the colouring), the position string
(section 6) has its own reader and writer, and a move is legal by the definition itself: play
it on a copy and ask every enemy piece whether its own rule reaches the mover's king.  Slow by
design; the agreement tests compare it with the engine.
"""
from __future__ import annotations

from dataclasses import dataclass

LEVELS = "ABCDE"
FILES = "abcdefg"
PROMOTION_LETTERS = "qrbnu"  # section 4: any piece of the setup except a king

Cell = tuple[int, int, int]  # (level 0..4, q -3..3, r -3..3)
Move = tuple[Cell, Cell, "str | None"]  # (from, to, promotion letter or None)

# Section 1: the in-level steps by clock direction.
UP, UP_RIGHT, DOWN_RIGHT, DOWN, DOWN_LEFT, UP_LEFT = (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)
ORTHOGONAL = [UP, UP_RIGHT, DOWN_RIGHT, DOWN, DOWN_LEFT, UP_LEFT]
DIAGONAL = [(1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2)]  # 1, 3, 5, 7, 9, 11 o'clock

# Section 2's table: which orthogonal step from the cell above (+1) / below (-1).
BISHOP_BETWEEN = {+1: [UP, DOWN_RIGHT, DOWN_LEFT], -1: [UP_RIGHT, DOWN, UP_LEFT]}
UNICORN_BETWEEN = {+1: [UP_RIGHT, DOWN, UP_LEFT], -1: [UP, DOWN_RIGHT, DOWN_LEFT]}


def _flat(dl: int, steps: list) -> list:
    return [(dl, dq, dr) for dq, dr in steps]


ROOK = _flat(0, ORTHOGONAL) + [(1, 0, 0), (-1, 0, 0)]
BISHOP = _flat(0, DIAGONAL) + _flat(1, BISHOP_BETWEEN[1]) + _flat(-1, BISHOP_BETWEEN[-1])
UNICORN = _flat(1, UNICORN_BETWEEN[1]) + _flat(-1, UNICORN_BETWEEN[-1])
QUEEN = ROOK + BISHOP + UNICORN
# The knight (section 2): Glinski's 12 in the level, written out; then "(+1, 2o) for o in
# {up, down-right, down-left}, (-1, 2o) for o in {up-right, down, up-left}, (+2, o) for o in
# {up, down-right, down-left}, (-2, o) for o in {up-right, down, up-left}".
KNIGHT = _flat(0, [(1, 2), (2, 1), (3, -1), (3, -2), (2, -3), (1, -3),
                   (-1, -2), (-2, -1), (-3, 1), (-3, 2), (-2, 3), (-1, 3)])
KNIGHT += [(1, 2 * q, 2 * r) for q, r in (UP, DOWN_RIGHT, DOWN_LEFT)]
KNIGHT += [(-1, 2 * q, 2 * r) for q, r in (UP_RIGHT, DOWN, UP_LEFT)]
KNIGHT += _flat(2, [UP, DOWN_RIGHT, DOWN_LEFT]) + _flat(-2, [UP_RIGHT, DOWN, UP_LEFT])

# kind -> (leaps, slides)
PIECES = {"k": (QUEEN, []), "q": ([], QUEEN), "r": ([], ROOK), "b": ([], BISHOP), "u": ([], UNICORN),
          "n": (KNIGHT, [])}

# Section 4: White moves up the file or up a level, captures up-left / up-right in the level or
# at up-left / up-right of the cell above; Black's, from the ruling's example (a Black pawn on
# Cd4 moves to Cd3, Bd4 and captures Cc3, Ce3, Bc3, Be3).
PAWN_MOVES = {"w": [(0, 0, 1), (1, 0, 0)], "b": [(0, 0, -1), (-1, 0, 0)]}
PAWN_CAPTURES = {"w": [(0, -1, 1), (0, 1, 0), (1, -1, 1), (1, 1, 0)],
                 "b": [(0, -1, 0), (0, 1, -1), (-1, -1, 0), (-1, 1, -1)]}


def inside(cell: Cell) -> bool:
    level, q, r = cell
    return 0 <= level <= 4 and abs(q) <= 3 and abs(r) <= 3 and abs(q + r) <= 3


def add(cell: Cell, d) -> Cell:
    return (cell[0] + d[0], cell[1] + d[1], cell[2] + d[2])


def first_r(q: int) -> int:
    """r of a file's rank 1."""
    return max(-3, -3 - q)


def last_r(q: int) -> int:
    return min(3, 3 - q)


ALL_CELLS = [(lv, q, r) for lv in range(5) for q in range(-3, 4) for r in range(first_r(q), last_r(q) + 1)]


def name(cell: Cell) -> str:
    level, q, r = cell
    return f"{LEVELS[level]}{FILES[q + 3]}{r - first_r(q) + 1}"


_BY_NAME = {name(c): c for c in ALL_CELLS}


def parse_cell(text: str) -> Cell:
    if text not in _BY_NAME:
        raise ValueError(f"not a cell: {text!r}")
    return _BY_NAME[text]


def white(letter: str) -> bool:
    return letter.isupper()


def colour(cell: Cell) -> int:
    level, q, r = cell
    return (q - r + level) % 3


@dataclass(frozen=True)
class State:
    board: dict  # Cell -> letter, upper case White
    side: str
    halfmove: int
    fullmove: int


# ---------------------------------------------------------------- position string (section 6)


def read(fen: str) -> State:
    fields = fen.split()
    if len(fields) != 4:
        raise ValueError(f"expected 4 fields, got {len(fields)}")
    placement, side, halfmove, fullmove = fields
    levels = placement.split("|")
    if len(levels) != 5:
        raise ValueError("placement needs 5 levels")
    board = {}
    for li, level_text in enumerate(levels):
        files = level_text.split("/")
        if len(files) != 7:
            raise ValueError("a level needs 7 files")
        for fi, file_text in enumerate(files):
            q = fi - 3
            length = last_r(q) - first_r(q) + 1
            k = 0
            for ch in file_text:
                if ch.isdigit():
                    k += int(ch)
                elif ch.lower() in "kqrbnup":
                    if k >= length:
                        raise ValueError(f"file too long: {file_text!r}")
                    board[(4 - li, q, first_r(q) + k)] = ch
                    k += 1
                else:
                    raise ValueError(f"bad placement character {ch!r}")
            if k != length:
                raise ValueError(f"file of {k} cells, expected {length}: {file_text!r}")
    if side not in ("w", "b"):
        raise ValueError(f"bad side {side!r}")
    return State(board, side, int(halfmove), int(fullmove))


def write(state: State) -> str:
    levels = []
    for level in range(4, -1, -1):
        files = []
        for q in range(-3, 4):
            text, empty = "", 0
            for r in range(first_r(q), last_r(q) + 1):
                letter = state.board.get((level, q, r))
                if letter is None:
                    empty += 1
                    continue
                text += (str(empty) if empty else "") + letter
                empty = 0
            files.append(text + (str(empty) if empty else ""))
        levels.append("/".join(files))
    return f"{'|'.join(levels)} {state.side} {state.halfmove} {state.fullmove}"


START = ("4/4p/4pq/4prk/4pr/4p/4|4/4p/4pu/4puu/4pn/4p/4|4/P3p/NP2pn/BBP1pbb/BP2pb/P3p/4|"
         "4/P4/UP4/UUP4/NP4/P4/4|4/P4/QP4/KRP4/RP4/P4/4 w 0 1")


# ---------------------------------------------------------------- moves (sections 2 and 4)


def _reach_table(leaps, slides) -> dict:
    """offset -> the offsets strictly between that must be empty (none for a leap)."""
    table = {d: () for d in leaps}
    for u in slides:
        for k in range(1, 7):
            table[(u[0] * k, u[1] * k, u[2] * k)] = tuple((u[0] * j, u[1] * j, u[2] * j) for j in range(1, k))
    return table


_REACH = {kind: _reach_table(*PIECES[kind]) for kind in PIECES}
_REACH["P"] = _reach_table(PAWN_CAPTURES["w"], [])
_REACH["p"] = _reach_table(PAWN_CAPTURES["b"], [])


def attacks(board: dict, frm: Cell, target: Cell) -> bool:
    """Could the piece on ``frm`` capture an enemy standing on ``target``?"""
    letter = board[frm]
    between = _REACH[letter if letter in "Pp" else letter.lower()].get(
        (target[0] - frm[0], target[1] - frm[1], target[2] - frm[2]))
    if between is None:
        return False
    return all(add(frm, b) not in board for b in between)


def in_check(board: dict, side: str) -> bool:
    king = "K" if side == "w" else "k"
    kc = next(c for c, l in board.items() if l == king)
    return any(white(l) != (side == "w") and attacks(board, c, kc) for c, l in board.items())


def promotes(cell: Cell, side: str) -> bool:
    level, q, r = cell
    return (level, r) == (4, last_r(q)) if side == "w" else (level, r) == (0, first_r(q))


def _arrive(frm: Cell, to: Cell, side: str) -> list[Move]:
    if promotes(to, side):
        return [(frm, to, p) for p in PROMOTION_LETTERS]
    return [(frm, to, None)]


def pseudo_moves(state: State) -> list[Move]:
    board, side = state.board, state.side
    mine = side == "w"
    out: list[Move] = []
    for frm, letter in board.items():
        if white(letter) != mine:
            continue
        kind = letter.lower()
        if kind == "p":
            for d in PAWN_MOVES[side]:
                to = add(frm, d)
                if inside(to) and to not in board:
                    out += _arrive(frm, to, side)
            for d in PAWN_CAPTURES[side]:
                to = add(frm, d)
                if inside(to) and to in board and white(board[to]) != mine:
                    out += _arrive(frm, to, side)
            continue
        leaps, slides = PIECES[kind]
        for d in leaps:
            to = add(frm, d)
            if inside(to) and (to not in board or white(board[to]) != mine):
                out.append((frm, to, None))
        for d in slides:
            to = add(frm, d)
            while inside(to):
                if to in board:
                    if white(board[to]) != mine:
                        out.append((frm, to, None))
                    break
                out.append((frm, to, None))
                to = add(to, d)
    return out


def play(state: State, move: Move) -> State:
    frm, to, promo = move
    board = dict(state.board)
    letter = board.pop(frm)
    capture = to in board
    mine = white(letter)
    board[to] = (promo.upper() if mine else promo) if promo else letter
    reset = capture or letter.lower() == "p"
    return State(board, "b" if mine else "w", 0 if reset else state.halfmove + 1,
                 state.fullmove + (0 if mine else 1))


def legal_moves(state: State) -> list[Move]:
    return [m for m in pseudo_moves(state) if not in_check(play(state, m).board, state.side)]


def coord(move: Move) -> str:
    frm, to, promo = move
    return name(frm) + name(to) + (promo or "")


def legal_coords(fen: str) -> list[str]:
    return sorted(coord(m) for m in legal_moves(read(fen)))


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(play(state, m), depth - 1) for m in moves)


def targets(board: dict, frm: Cell) -> set[str]:
    """Names of the cells the piece on ``frm`` could move to (empty or enemy), ignoring checks."""
    side = "w" if white(board[frm]) else "b"
    state = State(board, side, 0, 1)
    return {name(to) for f, to, _ in pseudo_moves(state) if f == frm}
