"""Engine matches: two players, varied openings, colours alternating, Elo with error margin.

How a match is played (``python -m engine match A B --games N``):
  * Openings: for each pair of games a seeded opening of ``OPENING_PLIES`` plies is drawn by
    a depth-1 search with heavy evaluation noise (varied but not suicidal); both games of the
    pair start from it, with colours swapped, so neither player profits from a lucky opening.
  * Each move is chosen with a seed derived from the match seed, game number and ply, so a
    match with the same seed replays identically (time-limited levels excepted).
  * A game ends by the rules (mate, stalemate, repetition, fifty moves, insufficient
    material), or by adjudication:
      - resignation: when the searching players' last ``RESIGN_MOVES`` reported scores all
        say the same side is ahead by at least ``RESIGN_CP`` (or has a forced mate);
      - the ply cap: after ``max_plies`` plies a neutral depth-3 search (no noise) scores
        the position; beyond +-``CAP_WIN_CP`` it is a win, otherwise a draw.
  * Elo difference from the score fraction s: ``-400 log10(1/s - 1)``; the 95 % margin is
    1.96 standard errors of the per-game score (trinomial W/D/L model) times the slope of
    that curve at s (delta method).
"""
from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path
from dataclasses import dataclass, field
from typing import Callable

from engine import RAUMSCHACH, Move, Position, Variant
from engine.search.levels import choose_move, levels_for
from engine.search.reference import ReferenceEngine
from engine.search.searcher import MATE_BOUND, SearchLimits, SearchResult, Searcher
from engine.search.sprt import Sprt

OPENING_PLIES = 4  # two moves each: enough to vary the game, too few to decide it
OPENING_NOISE = 80  # centipawns of noise for the opening draw
RESIGN_CP = 800  # a piece and more: nobody comes back from that at these levels
RESIGN_MOVES = 4  # consecutive reported scores that must agree
CAP_WIN_CP = 250  # ply-cap adjudication: below this the position counts as drawn
DEFAULT_MAX_PLIES = 200  # 100 moves each

Player = Callable[[Position, int], SearchResult]


def make_player(spec: str, *, cpu_clock: bool = False, min_depth: bool = True,
                base_dir: str | Path | None = None, threads: int | None = None) -> tuple[str, Player]:
    """``"3"`` -> level 3 (Hard) on the chosen core; ``"py:3"`` / ``"native:3"`` -> level 3 of
    that core's table (``py:3`` is the pure-Python Hard: new-vs-old matches); ``"3@1.5"`` ->
    level 3 with 1.5 s a move (any level; reduced time controls); ``"ref"`` / ``"ref:D"`` ->
    the reference engine at depth D (4); ``"base:5@0.2"`` -> level 5 of the engine checked out
    in ``base_dir`` (another commit's, built in place), searching in its own process
    (``match_worker.py``); ``"dir:PATH:5@0.2"`` -> the same from the checkout in PATH.  ``cpu_clock``: the levels' time limits count the searching
    thread's CPU time (a fair match on a loaded or paused machine).  ``min_depth=False``: a
    level with a move time searches by that time alone (its minimum depth would otherwise
    overrun a short time: equal time per move for both players).  ``threads``: the native
    core's search threads for a level player (default: the level's, levels.level_threads;
    named ``[Nt]``); the reference engine and base: players search on their own terms."""
    spec = spec.strip()
    if spec.lower().startswith("dir:"):  # dir:PATH:N[@S]: base: with its own checkout
        path, _, rest = spec[4:].rpartition(":")
        if not path:
            raise ValueError(f"{spec!r}: write dir:PATH:LEVEL[@SECONDS]")
        name, player = make_player("base:" + rest, cpu_clock=cpu_clock, min_depth=min_depth, base_dir=path)
        return f"{Path(path).name}:{name[len('Base'):]}", player
    spec = spec.lower()
    if spec.startswith("ref"):
        depth = int(spec.split(":", 1)[1]) if ":" in spec else 4
        engine = ReferenceEngine(depth)
        return f"Reference(d{depth})", lambda pos, seed: engine.search(pos)
    core = None
    text = spec
    if text.startswith("base:"):
        if base_dir is None:
            raise ValueError(f"{spec!r}: a base: player needs --base DIR (a built checkout of the engine)")
        level, movetime = _level_and_time(spec, text.split(":", 1)[1])
        worker = WorkerPlayer(base_dir, level, movetime, cpu_clock=cpu_clock, min_depth=min_depth)
        return f"Base{level}" + (f"@{movetime:g}s" if movetime else ""), worker
    if ":" in text:
        prefix, text = text.split(":", 1)
        core = {"py": "python", "python": "python", "native": "native"}.get(prefix)
        if core is None:
            raise ValueError(f"{spec!r}: the core prefix is py:, native: or base:")
    level, movetime = _level_and_time(spec, text)
    table = levels_for(core)
    if level not in table:
        raise ValueError(f"unknown level {level}; levels are {sorted(table)}")
    name = (table[level].name + (f"({core})" if core else "") + (f"@{movetime:g}s" if movetime else "")
            + (f"[{threads}t]" if threads else ""))
    return name, lambda pos, seed: choose_move(pos, level, seed=seed, movetime=movetime, core=core,
                                               cpu_clock=cpu_clock, min_depth=None if min_depth else 0,
                                               threads=threads)


def _level_and_time(spec: str, text: str) -> tuple[int, float | None]:
    movetime = None
    if "@" in text:
        text, seconds = text.split("@", 1)
        try:
            movetime = float(seconds)
        except ValueError:
            raise ValueError(f"{spec!r}: the time after @ must be seconds") from None
        if not movetime > 0:
            raise ValueError(f"{spec!r}: the time after @ must be positive")
    try:
        return int(text), movetime
    except ValueError:
        raise ValueError(f"{spec!r} is neither a level number 0-5 (optionally py:/native:/base: and @SECONDS) "
                         "nor 'ref' / 'ref:DEPTH'") from None


class WorkerPlayer:
    """Level ``level`` of the engine in ``base_dir``, asked move by move over a pipe (the
    process starts on the first move and ends with ``close()`` or this process)."""

    def __init__(self, base_dir: str | Path, level: int, movetime: float | None, *, cpu_clock: bool,
                 min_depth: bool) -> None:
        self.base_dir = Path(base_dir).resolve()
        if not (self.base_dir / "engine" / "search" / "levels.py").is_file():
            raise ValueError(f"--base {base_dir}: no engine/ checkout there")
        self.level, self.movetime, self.cpu_clock, self.min_depth = level, movetime, cpu_clock, min_depth
        self.proc: subprocess.Popen | None = None

    def _start(self) -> subprocess.Popen:
        if self.proc is None or self.proc.poll() is not None:
            env = dict(os.environ, PYTHONPATH=str(self.base_dir))
            self.proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("match_worker.py"))],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                                         cwd=self.base_dir)
        return self.proc

    def __call__(self, pos: Position, seed: int) -> SearchResult:
        variant = pos.variant
        options = {k: v for k, v in variant.option_values.items() if v != variant._base.option_values.get(k)}
        request = {"variant": variant.key, "options": options,
                   "moves": [m.coord(variant) for m in pos.move_stack], "level": self.level,
                   "movetime": self.movetime, "seed": seed, "cpu_clock": self.cpu_clock,
                   "min_depth": self.min_depth}
        proc = self._start()
        proc.stdin.write(json.dumps(request) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the base engine in {self.base_dir} exited (status {proc.wait()})")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"the base engine in {self.base_dir}: {reply['error']}")
        move = Move.from_coord(reply["move"], variant)
        return SearchResult(move, reply["score"], reply["depth"], reply["nodes"], [move])

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(10)


def opening(seed: int, variant: Variant = RAUMSCHACH) -> list:
    """A reproducible, varied opening line (list of engine.Move)."""
    pos = Position.start(variant)
    line = []
    rng = random.Random(seed)
    for _ in range(OPENING_PLIES):
        result = Searcher(tt_bits=10, seed=rng.getrandbits(32), noise=OPENING_NOISE).search(pos, SearchLimits(depth=1))
        move = result.move
        pos.push(move)
        if pos.is_game_over(claim_draw=False):
            # A move that ends the game (Star Trek has a mate in two: a board carrying a knight)
            # would decide the pair in the opening: a seeded pick among the others instead.  A
            # line that stays open draws exactly as before, so old matches replay alike.
            pos.pop()
            others = []
            for m in sorted(pos.legal_moves(), key=lambda m: pos.coord(m)):
                pos.push(m)
                if not pos.is_game_over(claim_draw=False):
                    others.append(m)
                pos.pop()
            move = rng.choice(others) if others else move
            pos.push(move)
        line.append(move)
    return line


@dataclass
class GameRecord:
    white: str
    black: str
    result: str  # "1-0", "0-1", "1/2-1/2"
    reason: str
    plies: int
    moves: list = field(default_factory=list)  # coordinate strings, opening included


def play_game(white: Player, black: Player, names: tuple[str, str], opening_line: list, seed: int,
              max_plies: int = DEFAULT_MAX_PLIES, variant: Variant = RAUMSCHACH) -> GameRecord:
    pos = Position.start(variant)
    for m in opening_line:
        pos.push(m)
    reported: list[int] = []  # White-view scores of searching players, latest last
    while True:
        outcome = pos.outcome(claim_draw=True)
        if outcome is not None:
            return GameRecord(*names, outcome.result(), outcome.termination.value, pos.ply,
                              [m.coord(variant) for m in pos.move_stack])
        if pos.ply >= max_plies:
            return _adjudicate_cap(pos, names)
        player = white if pos.turn else black
        result = player(pos, seed * 1000 + pos.ply)
        if result.depth > 0:  # Beginner's random move reports no score
            reported.append(result.score if pos.turn else -result.score)
            last = reported[-RESIGN_MOVES:]
            if len(last) == RESIGN_MOVES and (all(s >= RESIGN_CP for s in last) or all(s <= -RESIGN_CP for s in last)):
                pos.push(result.move)
                won = "1-0" if last[-1] > 0 else "0-1"
                reason = "adjudicated: mate announced" if abs(last[-1]) >= MATE_BOUND else "adjudicated: resign"
                return GameRecord(*names, won, reason, pos.ply, [m.coord(variant) for m in pos.move_stack])
        pos.push(result.move)


def _adjudicate_cap(pos: Position, names: tuple[str, str]) -> GameRecord:
    result = Searcher(tt_bits=14).search(pos, SearchLimits(depth=3))
    white_view = result.score if pos.turn else -result.score
    if white_view >= CAP_WIN_CP:
        res = "1-0"
    elif white_view <= -CAP_WIN_CP:
        res = "0-1"
    else:
        res = "1/2-1/2"
    return GameRecord(*names, res, f"adjudicated at the ply cap ({white_view:+d} cp)", pos.ply,
                      [m.coord(pos.variant) for m in pos.move_stack])


def elo(score: float) -> float:
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_with_margin(wins: int, draws: int, losses: int) -> tuple[float, float, bool]:
    """(Elo difference, 95 % margin, clipped) for the first player's W/D/L.

    A perfect (or zero) score has no finite Elo: it is reported for half a game less
    (``clipped`` is True), i.e. as a lower (upper) bound.
    """
    n = wins + draws + losses
    if n == 0:
        raise ValueError("no games")
    s = (wins + 0.5 * draws) / n
    clipped = False
    if s >= 1.0:
        s, clipped = (n - 0.5) / n, True
    elif s <= 0.0:
        s, clipped = 0.5 / n, True
    var = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** 2) / n
    se = math.sqrt(var / n)
    # Delta method: the score's 95 % half-width carried onto the Elo scale by the slope of
    # elo(s).  (Mapping s +- 1.96 se through elo() breaks down when s + 1.96 se >= 1.)
    slope = 400.0 / (math.log(10) * s * (1.0 - s))
    return elo(s) + 0.0, 1.96 * se * slope, clipped  # + 0.0: no "-0" for an even score


@dataclass
class MatchResult:
    name_a: str
    name_b: str
    wins: int = 0  # for A
    draws: int = 0
    losses: int = 0
    games: list = field(default_factory=list)
    sprt: Sprt | None = None

    @property
    def score(self) -> float:
        n = self.wins + self.draws + self.losses
        return (self.wins + 0.5 * self.draws) / n if n else 0.0

    def summary(self) -> str:
        n = self.wins + self.draws + self.losses
        d, margin, clipped = elo_with_margin(self.wins, self.draws, self.losses)
        bound = (" (perfect score: a bound)" if clipped else "")
        return (f"{self.name_a} vs {self.name_b}: +{self.wins} ={self.draws} -{self.losses} "
                f"({100 * self.score:.1f}% of {n} games)\n"
                f"Elo difference: {d:+.0f} +/- {margin:.0f} (95%){bound}"
                + ("" if self.sprt is None else
                   f"\n{self.sprt.line()}\nSPRT: {_verdict(self.sprt.decision())}"))


def _verdict(decision: str | None) -> str:
    return {"H1": "H1 accepted (A is stronger by elo1 or more)",
            "H0": "H0 accepted (A is not stronger by elo1)"}.get(decision, "no decision yet")


def export_text(rec: GameRecord, *, event: str, round_number: int, variant: Variant = RAUMSCHACH) -> str:
    """A game as text in the site's export format (games.selectors.game_export_text): tag
    pairs, then the readable moves, numbered - so any match game can be replayed."""
    tags = [("Event", event), ("Variant", variant.name), ("Round", str(round_number)), ("White", rec.white),
            ("Black", rec.black), ("Result", rec.result), ("Termination", rec.reason), ("Plies", str(rec.plies))]
    pos = Position.start(variant)
    parts: list[str] = []
    for i, coord in enumerate(rec.moves):
        move = Move.from_coord(coord, variant)
        san = pos.san(move)
        parts.append(f"{i // 2 + 1}. {san}" if i % 2 == 0 else san)
        pos.push(move)
    parts.append(rec.result)
    return "\n".join(f'[{name} "{value}"]' for name, value in tags) + "\n\n" + " ".join(parts) + "\n"


def write_record(out_dir: str | Path, n: int, rec: GameRecord, event: str, variant: Variant = RAUMSCHACH) -> Path:
    path = Path(out_dir) / f"game-{n:03d}.txt"
    path.write_text(export_text(rec, event=event, round_number=n, variant=variant))
    return path


def run_match(spec_a: str, spec_b: str, games: int, *, seed: int = 1, max_plies: int = DEFAULT_MAX_PLIES,
              report: Callable[[int, GameRecord, MatchResult], None] | None = None,
              out_dir: str | Path | None = None, cpu_clock: bool = False,
              variant: Variant = RAUMSCHACH, sprt: Sprt | None = None, min_depth: bool = True,
              base_dir: str | Path | None = None, threads: tuple[int | None, int | None] = (None, None)) -> MatchResult:
    """Play ``games`` games between A and B; colours alternate, each opening is played twice.
    With ``out_dir`` every game is written there as it ends (``game-NNN.txt``, export text)
    and the summary line is appended to ``summary.txt`` at the end.  ``cpu_clock``: both
    players' time limits are thread CPU time instead of wall time (see ``make_player``).
    ``sprt``: the test is fed every game and the match stops, after a complete pair, as soon
    as it decides (``games`` is then the most to play).  ``min_depth``, ``base_dir`` and
    ``threads`` (A's and B's): see ``make_player``."""
    if games < 1:
        raise ValueError("a match needs at least one game")
    if out_dir is not None:
        Path(out_dir).mkdir(parents=True, exist_ok=True)
    name_a, player_a = make_player(spec_a, cpu_clock=cpu_clock, min_depth=min_depth, base_dir=base_dir,
                                   threads=threads[0])
    name_b, player_b = make_player(spec_b, cpu_clock=cpu_clock, min_depth=min_depth, base_dir=base_dir,
                                   threads=threads[1])
    if name_a == name_b:
        name_b += " (2)"
    match = MatchResult(name_a, name_b, sprt=sprt)
    try:
        _play(match, player_a, player_b, spec_a, spec_b, games, seed, max_plies, report, out_dir, variant)
    finally:
        for player in (player_a, player_b):
            if isinstance(player, WorkerPlayer):
                player.close()
    return match


def _play(match: MatchResult, player_a: Player, player_b: Player, spec_a: str, spec_b: str, games: int,
          seed: int, max_plies: int, report, out_dir, variant: Variant) -> None:
    name_a, name_b = match.name_a, match.name_b
    line: list = []
    for g in range(games):
        if g % 2 == 0:
            line = opening(seed * 7919 + g // 2, variant)  # 7919: any prime, spreads the pair seeds
        a_white = g % 2 == 0
        white, black = (player_a, player_b) if a_white else (player_b, player_a)
        names = (name_a, name_b) if a_white else (name_b, name_a)
        rec = play_game(white, black, names, line, seed * 100003 + g, max_plies, variant)
        if rec.result == "1/2-1/2":
            match.draws += 1
            points = 0.5
        elif (rec.result == "1-0") == a_white:
            match.wins += 1
            points = 1.0
        else:
            match.losses += 1
            points = 0.0
        match.games.append(rec)
        if match.sprt is not None:
            match.sprt.add(points)
        if out_dir is not None:
            write_record(out_dir, g + 1, rec, f"engine match {spec_a} vs {spec_b}, seed {seed}", variant)
        if report is not None:
            report(g + 1, rec, match)
        if match.sprt is not None and g % 2 == 1 and match.sprt.decision() is not None:
            break
    if out_dir is not None:
        write_summary(out_dir, match, spec_a, spec_b, seed)


def write_summary(out_dir: str | Path, match: MatchResult, spec_a: str, spec_b: str, seed: int) -> None:
    """Append the match's one-line summary to ``summary.txt`` in ``out_dir``."""
    n = match.wins + match.draws + match.losses
    d, margin, clipped = elo_with_margin(match.wins, match.draws, match.losses) if n else (0.0, 0.0, False)
    line = (f"{spec_a} vs {spec_b} seed {seed}: {match.name_a} vs {match.name_b} +{match.wins} ={match.draws} "
            f"-{match.losses} ({100 * match.score:.1f}% of {n} games) Elo {d:+.0f} +/- {margin:.0f}"
            f"{' (perfect score: a bound)' if clipped else ''}"
            f"{'' if match.sprt is None else '; ' + match.sprt.line() + '; ' + _verdict(match.sprt.decision())}\n")
    with open(Path(out_dir) / "summary.txt", "a") as fh:
        fh.write(line)
