"""Which words of a German page are English, and where in the repository their text may come
from (issue 45's browser walk, scripts/german_walk.py).

A word is English when it is in Debian's English word lists (`wamerican`, `wbritish`: the
files in /usr/share/dict) and NOT in its German one (`wngerman`), nor on the repository's short
list of allowed words (tests/i18n/allowed_words.txt: names, notation, brand words), nor a word
of a game's name. So a word German shares with English ("Name", "Turm", "Start", "Bot") passes,
and so does anything in no list at all (user names), notation (Bc2Cc2) and abbreviations (UTC)."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DICT = Path("/usr/share/dict")
ENGLISH_LISTS = ("american-english", "british-english")
GERMAN_LIST = "ngerman"
ALLOWED_FILE = ROOT / "tests" / "i18n" / "allowed_words.txt"
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
# A token with a digit is notation or a number (Bc2Cc2, NAb1-Aa3, 1+0), not words "Bc", "Cc";
# one in capitals is an abbreviation (UTC, FIDE, API), a name.
# Any letter, not only German ones: "Władysław" is one name, not "W", "adys" and "aw".
TOKEN = re.compile(r"[^\W_]+")
IDENTIFIER = re.compile(r"[A-Za-z][:@_/][A-Za-z]|[a-z]\.[a-z]{2}")
# Where a page's text can come from: templates, the browser's scripts, Python, the rules' text.
SOURCE_GLOBS = ("templates/**/*.html", "*/static/**/*.js", "*/templates/**/*.html", "**/*.py",
                "docs/rules/*.md")
SOURCE_SKIP = ("/vendor/", "/static/analysis/engine/", "/tests/", "/.venv/", "/migrations/",
               "/scripts/", "/staticfiles/")


def missing_lists() -> list[str]:
    """The Debian word lists this module needs and the machine lacks (apt-get install
    wamerican wbritish wngerman)."""
    return [str(DICT / name) for name in (*ENGLISH_LISTS, GERMAN_LIST)
            if not (DICT / name).is_file()]


def read_list(path: Path, common_only: bool = False) -> set[str]:
    """The words of a list file, lower case: one a line, a "#" starts a comment. common_only:
    only the words written in lower case (an English list's capitalised entries are names:
    Anthony, Glinski)."""
    # The lists hold one word a line, possessives too ("Turm's" is no German word; "king's").
    words = set()
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = line.split("#", 1)[0].strip()
        if line and "'" not in line and not (common_only and not line[0].islower()):
            words.add(line.lower())
    return words


@lru_cache(maxsize=1)
def english() -> frozenset[str]:
    return frozenset(set().union(*(read_list(DICT / name, common_only=True)
                                   for name in ENGLISH_LISTS)))


@lru_cache(maxsize=1)
def german() -> frozenset[str]:
    return frozenset(read_list(DICT / GERMAN_LIST))


@lru_cache(maxsize=1)
def allowed() -> frozenset[str]:
    return frozenset(w for w in read_list(ALLOWED_FILE) if not w.startswith('"'))


@lru_cache(maxsize=1)
def allowed_titles() -> tuple[str, ...]:
    """The titles of works a German page names in their own language (a line of the allowed
    file in double quotes): a title is a name, so its words pass where the whole title stands."""
    titles = []
    for line in ALLOWED_FILE.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if len(line) > 2 and line[0] == line[-1] == '"':
            titles.append(line[1:-1])
    return tuple(titles)


def variant_name_words() -> set[str]:
    """The games' names are names (Five Up, Star Trek): the registered variants'."""
    import engine
    return {word.lower() for variant in engine.VARIANTS.values()
            for word in WORD.findall(variant.name)}


def english_words(text: str, names: set[str] = frozenset()) -> list[str]:
    """The words of `text` that are English and not German, allowed or a name, in order."""
    found = []
    # A chunk with a letter on both sides of ":@_/." is an identifier (challenge:write, an
    # address, a scope), not words.
    text = " ".join(c for c in text.split() if not IDENTIFIER.search(c))
    for title in allowed_titles():
        text = text.replace(title, " ")
    for word in TOKEN.findall(text):
        if any(c.isdigit() for c in word) or (word.isupper() and len(word) > 1):
            continue
        low = word.lower()
        if (len(low) > 1 and low in english() and low not in german() and low not in allowed()
                and low not in names and low not in found):
            found.append(low)
    return found


@lru_cache(maxsize=1)
def _sources() -> dict[str, str]:
    """The repository's files a page's text can come from, lower case, by path."""
    texts = {}
    for pattern in SOURCE_GLOBS:
        for path in ROOT.glob(pattern):
            rel = str(path.relative_to(ROOT))
            if path.is_file() and not any(skip in "/" + rel for skip in SOURCE_SKIP):
                texts[rel] = path.read_text(encoding="utf-8", errors="replace").lower()
    return texts


def source_of(text: str, word: str) -> str:
    """The files whose text holds `text` (the page's text around an English `word`), else
    the three words round it, else "?" (a name, data, or text put together from parts)."""
    text = " ".join(text.split())
    words = WORD.findall(text)
    tries = [text[:80]] if len(text) > 3 else []
    low = [w.lower() for w in words]
    if word in low:
        at = low.index(word)
        for lo, hi in ((at - 1, at + 2), (at, at + 2), (at - 1, at + 1)):
            if lo >= 0 and hi <= len(words):
                tries.append(" ".join(words[lo:hi]))
        # The word alone: a marked or unmarked string (gettext("empty")), an element's text.
        tries += [f'("{words[at]}', f"('{words[at]}", f'"{words[at]}', f"'{words[at]}",
                  f">{words[at]}<"]
    for needle in tries:
        needle = needle.lower()
        hits = [path for path, body in _sources().items() if needle in body]
        if hits:
            return ", ".join(sorted(hits)[:3]) + (" ..." if len(hits) > 3 else "")
    return "?"
