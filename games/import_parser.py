"""Reading a game record for import (issue 44): the site's own export (games.selectors.
game_export_text: PGN-like tag pairs, then numbered readable moves with glyphs and comments)
or a bare move list, in readable or coordinate form, under an optional `[Variant "..."]` tag.

No writes: `parse_record` answers what the record says, every move replayed by the engine
(`engine.step.play_step`, the one path a played move takes), or raises ImportRefused naming the
line, the move and why. games.services.imports stores the answer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from django.utils.translation import gettext as _

import engine
from engine import Position
from engine.step import Step, play_step

from core.errors import CONTROL_IN_TEXT
from games.engine_words import illegal_reason
from games.errors import BadVariantOption, ImportRefused, InvalidInput
from games.positions import result_for_winner, start_position_check
from games.variants import variant_get, variant_keys, variant_with_options

MAX_IMPORT_CHARS = 64 * 1024  # a 2,000-ply record with comments fits in well under this
MAX_IMPORT_PLIES = 2000
MAX_NAME_LENGTH = 64  # Game.white_name / black_name

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
# Endings the record alone can tell (the final position cannot): who resigned, whose flag fell,
# what was agreed. Every other termination is the engine's to decide from the final position.
_CLAIMED = {"resign": ("1-0", "0-1"), "timeout": ("1-0", "0-1", "1/2-1/2"),
            "agreement": ("1/2-1/2",)}
_NO_TERMINATION = ("", "-", "unterminated", "normal", "abort")

_TAG_RE = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
_NUMBER_RE = re.compile(r"^(\d+)(\.+)")
_NAG_RE = re.compile(r"^\$\d+$")


@dataclass
class ParsedRecord:
    variant: engine.Variant  # with its options
    start_fen: str
    steps: list[Step]
    result: str  # one of RESULTS
    termination: str  # an engine.Termination value, or "" (an unfinished record: result *)
    white_name: str
    black_name: str
    played_on: date | None  # the Date tag, when it names a whole day
    tags: dict[str, str] = field(default_factory=dict)


@dataclass
class _Token:
    text: str
    line: int


def _refuse(code: str, detail: str, *, line: int | None = None, ply: int | None = None,
            move: str | None = None) -> ImportRefused:
    if line is not None:
        detail = _("Line %(line)s: %(detail)s") % {"line": line, "detail": detail}
    return ImportRefused(detail, code=code, line=line, ply=ply, move=move)


def _sentence(text: str) -> str:
    text = str(text).strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _move_label(ply: int, start_turn_white: bool, start_number: int, text: str) -> str:
    """`7... Bc2-Cc4` for the 14th ply of a game started by White at move 1."""
    offset = ply - 1 + (0 if start_turn_white else 1)
    number = start_number + offset // 2
    return f"{number}{'.' if offset % 2 == 0 else '...'} {text}"


def parse_record(text: str) -> ParsedRecord:
    """What the record `text` says, every move checked by the engine. ImportRefused (code and
    line / ply / move) for anything that is not a whole, legal, consistent game record."""
    if not isinstance(text, str) or not text.strip():
        raise _refuse("no_moves", _("The record is empty."))
    if len(text) > MAX_IMPORT_CHARS:
        raise _refuse("too_long", _("A record may be at most %(n)s characters long.")
                      % {"n": MAX_IMPORT_CHARS})
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, 1):
        if any(ch in CONTROL_IN_TEXT for ch in line):
            raise _refuse("malformed_tag", _("the line holds a control character."), line=number)
    tags, tag_lines, first_move_line = _read_tags(lines)
    variant = _variant(tags, tag_lines)
    start_fen = _start(tags, tag_lines, variant)
    tokens, result_token = _tokens(lines, first_move_line)
    steps = _replay(tokens, variant, start_fen)
    result, termination = _ending(tags, tag_lines, result_token, steps, variant)
    return ParsedRecord(variant=variant, start_fen=start_fen, steps=steps, result=result,
                        termination=termination,
                        white_name=_name(tags.get("White", "")),
                        black_name=_name(tags.get("Black", "")),
                        played_on=_date(tags.get("Date", "")), tags=tags)


def _read_tags(lines: list[str]) -> tuple[dict[str, str], dict[str, int], int]:
    """The tag pairs at the top (value unescaped), the line of each, and the index of the first
    line after them. A tag line that does not parse, or a repeated tag, is refused."""
    tags: dict[str, str] = {}
    where: dict[str, int] = {}
    index = 0
    while index < len(lines):
        line = lines[index].strip()
        if not line or line.startswith("%"):
            index += 1
            continue
        if not line.startswith("["):
            break
        match = _TAG_RE.match(line)
        if match is None:
            raise _refuse("malformed_tag", _('a tag is written [Name "value"]; this one is '
                                             'not: %(text)s') % {"text": line[:80]},
                          line=index + 1)
        name, value = match.group(1), re.sub(r"\\(.)", r"\1", match.group(2))
        if name in tags:
            raise _refuse("malformed_tag", _("the %(name)s tag is given twice.") % {"name": name},
                          line=index + 1)
        tags[name], where[name] = value.strip(), index + 1
        index += 1
    return tags, where, index


def _variant(tags: dict[str, str], where: dict[str, int]) -> engine.Variant:
    """The Variant tag (a variant's name or key; Raumschach when absent) with VariantOptions
    (`name=value` pairs: on / off, numbers, words)."""
    wanted = tags.get("Variant", "")
    key = engine.RAUMSCHACH.key
    if wanted:
        found = [k for k in variant_keys()
                 if wanted.casefold() in (k.casefold(), variant_get(k).name.casefold())]
        if not found:
            names = ", ".join(variant_get(k).name for k in variant_keys())
            raise _refuse("unknown_variant",
                          _("no variant is called %(name)s; the variants are %(names)s.")
                          % {"name": repr(wanted[:40]), "names": names}, line=where["Variant"])
        key = found[0]
    options: dict[str, object] = {}
    for pair in tags.get("VariantOptions", "").split():
        name, sep, value = pair.partition("=")
        if not sep or not name or not value:
            raise _refuse("malformed_tag", _("VariantOptions are written name=value; %(pair)s "
                                             "is not.") % {"pair": pair[:40]},
                          line=where["VariantOptions"])
        options[name] = _option_value(value)
    try:
        return variant_with_options(key, options)
    except BadVariantOption as exc:
        raise _refuse("bad_variant_option", _sentence(exc.detail),
                      line=where.get("VariantOptions")) from None


def _option_value(text: str) -> object:
    lowered = text.casefold()
    if lowered in ("on", "true", "yes"):
        return True
    if lowered in ("off", "false", "no"):
        return False
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def _start(tags: dict[str, str], where: dict[str, int], variant: engine.Variant) -> str:
    fen = tags.get("FEN", "")
    if not fen:
        return variant.start_fen
    try:
        return start_position_check(fen, variant)
    except InvalidInput as exc:
        raise _refuse("bad_position", _sentence(exc.detail), line=where["FEN"]) from None


def _tokens(lines: list[str], first: int) -> tuple[list[_Token], _Token | None]:
    """The move texts after the tags, each with its line (move numbers, comments, glyphs
    written apart and NAGs dropped), and the result token at the end if there is one."""
    tokens: list[_Token] = []
    result: _Token | None = None
    in_comment: int | None = None  # the line a { comment } opened on
    for index in range(first, len(lines)):
        number, line = index + 1, lines[index]
        if in_comment is None and line.strip().startswith("["):
            raise _refuse("malformed_tag", _("tags come before the moves, not among them."),
                          line=number)
        position = 0
        while position < len(line):
            if in_comment is not None:
                close = line.find("}", position)
                if close < 0:
                    break
                in_comment, position = None, close + 1
                continue
            char = line[position]
            if char.isspace():
                position += 1
                continue
            if char == "{":
                in_comment, position = number, position + 1
                continue
            if char == ";":
                break  # a comment to the end of the line
            if char in "()":
                raise _refuse("malformed_move", _("variations (moves in brackets) are not "
                                                  "imported; give the game's own moves only."),
                              line=number)
            end = position
            while end < len(line) and not line[end].isspace() and line[end] not in "{};()":
                end += 1
            word, position = line[position:end], end
            if result is not None:
                raise _refuse("malformed_move", _("%(text)s comes after the result %(result)s, "
                                                  "which ends the moves.")
                              % {"text": word[:40], "result": result.text}, line=number)
            if word in RESULTS:
                result = _Token(word, number)
                continue
            if _NAG_RE.match(word) or re.fullmatch(r"[!?]+", word):
                continue
            numbered = _NUMBER_RE.match(word)
            if numbered:
                word = word[numbered.end():]
                if not word:
                    continue
            tokens.append(_Token(word, number))
    if in_comment is not None:
        raise _refuse("malformed_move", _("a comment opened with { is never closed."),
                      line=in_comment)
    return tokens, result


def _replay(tokens: list[_Token], variant: engine.Variant, start_fen: str) -> list[Step]:
    """Every move played by the engine from `start_fen`, as a played move is (repetition keys
    carried along, so a threefold repetition ends the game as it would have on the site)."""
    if not tokens:
        raise _refuse("no_moves", _("The record has no moves."))
    if len(tokens) > MAX_IMPORT_PLIES:
        raise _refuse("too_long", _("A record may hold at most %(n)s moves (plies).")
                      % {"n": MAX_IMPORT_PLIES}, line=tokens[MAX_IMPORT_PLIES].line,
                      ply=MAX_IMPORT_PLIES + 1, move=tokens[MAX_IMPORT_PLIES].text)
    start = Position.from_fen(start_fen, variant)
    white_first, first_number = start.turn == engine.WHITE, start.fullmove_number
    steps: list[Step] = []
    fen, hashes, legal = start_fen, None, None
    for ply, token in enumerate(tokens, 1):
        label = _move_label(ply, white_first, first_number, token.text)
        if steps and steps[-1].outcome is not None:
            raise _refuse("moves_after_end",
                          _("%(move)s comes after the game ended (%(how)s after %(last)s).")
                          % {"move": label, "how": steps[-1].outcome.termination.value
                             .replace("_", " "),
                             "last": _move_label(ply - 1, white_first, first_number,
                                                 steps[-1].san)},
                          line=token.line, ply=ply, move=token.text)
        try:
            if legal is not None and token.text in legal:
                coord = token.text  # already the canonical coordinate form of a legal move
            else:
                position = Position.from_fen(fen, variant)
                coord = position.parse_san(token.text).coord(variant)
            step = play_step(fen, coord, hashes, variant)
        except engine.IllegalMoveError as exc:
            raise _refuse("illegal_move", _("%(move)s is illegal: %(why)s")
                          % {"move": label, "why": _sentence(illegal_reason(exc.reason))},
                          line=token.line, ply=ply, move=token.text) from None
        except (engine.MoveError, ValueError) as exc:
            raise _refuse("malformed_move", _("%(move)s is not a move: %(why)s")
                          % {"move": label, "why": _sentence(_reason(exc))},
                          line=token.line, ply=ply, move=token.text) from None
        steps.append(step)
        fen, hashes, legal = step.fen, step.hashes, set(step.legal_moves)
    return steps


def _reason(exc: Exception) -> str:
    return getattr(exc, "reason", None) or str(exc)


def _ending(tags: dict[str, str], where: dict[str, int], result_token: _Token | None,
            steps: list[Step], variant: engine.Variant) -> tuple[str, str]:
    """(result, termination): the engine's when the final position ends the game (a record
    saying otherwise is refused), else the record's (Result tag and the result after the
    moves must agree; Termination resign, timeout or agreement, or none)."""
    tagged = tags.get("Result", "")
    if tagged and tagged not in RESULTS:
        raise _refuse("malformed_tag", _("the Result tag must be 1-0, 0-1, 1/2-1/2 or *."),
                      line=where["Result"])
    written = result_token.text if result_token is not None else ""
    if tagged and written and tagged != written:
        raise _refuse("result_mismatch", _("the moves end with %(written)s but the Result tag "
                                           "says %(tagged)s.")
                      % {"written": written, "tagged": tagged}, line=result_token.line)
    claimed = tagged or written or "*"
    claim_line = where.get("Result") or (result_token.line if result_token else None)
    termination = tags.get("Termination", "").casefold()
    outcome = steps[-1].outcome
    if outcome is not None:
        result = result_for_winner(outcome.winner)
        if claimed != "*" and claimed != result:
            raise _refuse("result_mismatch",
                          _("the final position is %(how)s, so the result is %(result)s, not "
                            "%(claimed)s.")
                          % {"how": outcome.termination.value.replace("_", " "),
                             "result": result, "claimed": claimed},
                          line=claim_line, ply=len(steps), move=steps[-1].san)
        return result, outcome.termination.value
    if termination in _NO_TERMINATION:
        termination = {"1-0": "resign", "0-1": "resign", "1/2-1/2": "agreement"}.get(claimed, "")
    elif termination not in _CLAIMED:
        known = {t.value for t in engine.Termination}
        if termination in known:
            raise _refuse("result_mismatch",
                          _("the Termination tag says %(how)s, but the final position does not "
                            "end the game.") % {"how": termination.replace("_", " ")},
                          line=where["Termination"], ply=len(steps), move=steps[-1].san)
        raise _refuse("malformed_tag", _("the Termination tag must be resign, timeout or "
                                         "agreement when the moves do not end the game."),
                      line=where["Termination"])
    elif claimed not in _CLAIMED[termination]:
        raise _refuse("result_mismatch", _("a game ended by %(how)s cannot end %(result)s.")
                      % {"how": termination, "result": claimed},
                      line=where["Termination"])
    return claimed, termination


def _name(text: str) -> str:
    name = " ".join(text.split())[:MAX_NAME_LENGTH]
    return "" if name == "?" else name


def _date(text: str) -> date | None:
    match = re.fullmatch(r"(\d{4})\.(\d{2})\.(\d{2})", text.strip())
    if match is None:
        return None
    try:
        return date(*map(int, match.groups()))
    except ValueError:
        return None
