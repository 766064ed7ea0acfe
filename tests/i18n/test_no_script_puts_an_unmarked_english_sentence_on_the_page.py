"""No site script (*/static/*/js/, vendored libraries aside) puts a quoted English text in front
of the player without the djangojs catalogue (issue 45): what is assigned to textContent,
innerText or title, given to setAttribute for aria-label, aria-description, title, placeholder
or alt, to alert/confirm/prompt, or to the pages' own sinks (say, status, error, showError,
announce) holds no string literal with a word in it outside gettext()/ngettext()/interpolate().

A static check, kept precise rather than complete: a literal compared with (=== "white") is a
value, not text; `${...}` inside a template is code; a placeholder alone ("%(move)s") has no
word. Tables of words (clock.js's STRINGS) are not sinks: they are read with the files."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LITERAL = r'''"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`'''
_LITERAL = re.compile(LITERAL)
SINK = re.compile(r'\.(?:textContent|innerText|title)\s*=(?!=)'
                  r'|setAttribute\(\s*"(?:aria-label|aria-description|title|placeholder|alt)"\s*,'
                  r'|\b(?:alert|confirm|prompt)\('
                  r'|\.(?:say|status|error|showError|announce)\(')
MARKED = re.compile(rf'\b(?:gettext|ngettext|interpolate)\(\s*(?:{LITERAL})(?:\s*,\s*(?:{LITERAL}))?')
COMPARED = re.compile(rf'(?:[!=]==?|\bcase)\s*(?:{LITERAL})|(?:{LITERAL})\s*[!=]==?')
CODE = re.compile(r'\$\{(?:[^{}]|\{[^{}]*\})*\}')
PLACEHOLDER = re.compile(r'%\(\w+\)s')
WORD = re.compile(r'[A-Za-z]{3,}')  # "kN/s", "en", "?!" are units, codes and glyphs


def site_scripts() -> list[Path]:
    return sorted(p for p in ROOT.glob("*/static/*/js/**/*.js") if "vendor" not in p.parts)


def _expression(text: str, start: int) -> str:
    """The statement or argument that starts at `start`: up to the first ; or unbalanced
    closing bracket (string literals skipped whole)."""
    depth, i = 0, start
    while i < len(text):
        literal = _LITERAL.match(text, i)
        if literal:
            i = literal.end()
            continue
        char = text[i]
        if char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif char == ";" and depth == 0:
            break
        i += 1
    return text[start:i]


def unmarked_texts(source: str) -> list[tuple[int, str]]:
    """(line, literal) of every English literal a sink in `source` shows unmarked."""
    found = []
    for sink in SINK.finditer(source):
        expression = COMPARED.sub("", MARKED.sub("", _expression(source, sink.end())))
        for literal in _LITERAL.finditer(expression):
            body = PLACEHOLDER.sub("", CODE.sub("", literal.group(0)[1:-1]))
            if WORD.search(body):
                found.append((source.count("\n", 0, sink.start()) + 1, literal.group(0)))
    return found


def test_the_check_finds_what_it_looks_for():
    # The detector itself, on lines as the scripts wrote them before issue 45.
    assert unmarked_texts('status.textContent = copied ? "Copied." : "Select the link.";') == [
        (1, '"Copied."'), (1, '"Select the link."')]
    assert unmarked_texts('this.say(`Analysing… ${progress}/${total}`);') == [
        (1, '`Analysing… ${progress}/${total}`')]
    assert unmarked_texts('bar.setAttribute("aria-label", "Viewpoints");') == [(1, '"Viewpoints"')]
    assert unmarked_texts('if (!window.confirm("Resign?")) return;') == [(1, '"Resign?"')]
    # ...and passes what is marked, compared, code or a unit.
    assert unmarked_texts('el.textContent = side === "white" ? gettext("White") : gettext("Black");') == []
    assert unmarked_texts('el.title = format(gettext("Better was %(move)s"), { move });') == []
    assert unmarked_texts('el.textContent = ngettext("%(n)s cell", "%(n)s cells", n);') == []
    assert unmarked_texts('speed.textContent = `${Math.round(nps / 1000)} kN/s`;') == []
    assert unmarked_texts('button.title = this.text.textPlay.replace("%(move)s", row.san);') == []


def test_no_site_script_shows_an_unmarked_english_text():
    scripts = site_scripts()
    assert len(scripts) > 40  # the glob still finds the site's scripts
    offenders = [f"{path.relative_to(ROOT)}:{line}: {literal}"
                 for path in scripts for line, literal in unmarked_texts(path.read_text(encoding="utf-8"))]
    assert offenders == [], "English shown without gettext():\n" + "\n".join(offenders)
