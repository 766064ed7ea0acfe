"""What makes two usernames "the same name" (issue 13, item 4).

Two keys are derived from a username:
- `username_key`: NFKC then case-folded. Full-width `ＲＬＵＳＥＲ6`, `RLUser6` and `rluser6` share
  one key, and the key is unique in the database (accounts.Profile), so the uniqueness check
  and the constraint that settles a race both compare the normalised form.
- `username_skeleton`: the key's look-alike form in the spirit of Unicode TR39's skeleton:
  Cyrillic and Greek letters that look like Latin ones, and digit/letter pairs such as 0/o and
  1/l, map to one character. A new name whose skeleton equals an existing account's is refused,
  so nobody can register `еasy-bot` (Cyrillic е) beside `easy-bot`, or `master-b0t`.

The table is a small hand-picked subset of TR39's confusables.txt covering the scripts a
username may contain here (Django's validator allows letters of any script); it is pure data
and imports nothing of Django.
"""
from __future__ import annotations

import unicodedata

# Single characters that look like a Latin letter or digit -> that Latin character. Applied
# after NFKC (which already folds full-width and other compatibility forms) and before
# case-folding, so capitals map to capitals (Cyrillic А -> A) and then fold with them.
_CONFUSABLE = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "һ": "h",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ɡ": "g", "ь": "b", "п": "n", "г": "r",
    "А": "A", "В": "B", "Е": "E", "Ё": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ї": "I", "Ј": "J", "Һ": "H",
    "Ԛ": "Q", "Ԝ": "W", "Ӏ": "l", "З": "3", "з": "3", "Ь": "b",
    # Greek
    "α": "a", "β": "b", "γ": "y", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ω": "w",
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "l", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    # Latin and digits that pass for one another (TR39 maps these to one prototype too)
    "0": "o", "O": "o", "1": "l", "I": "l", "|": "l", "ı": "i", "5": "s", "ſ": "f",
    # dashes and low lines
    "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "―": "-", "−": "-", "＿": "_",
}
# Letter pairs that read as one letter at a glance (TR39: rn -> m, vv -> w, cl -> d).
_PAIRS = (("rn", "m"), ("vv", "w"), ("cl", "d"))


def username_key(username: str) -> str:
    """The name as compared for uniqueness: NFKC, then case-folded."""
    return unicodedata.normalize("NFKC", username or "").casefold()


def username_skeleton(username: str) -> str:
    """The name's look-alike prototype: equal skeletons look the same on a screen."""
    text = unicodedata.normalize("NFKC", username or "")
    text = "".join(_CONFUSABLE.get(ch, ch) for ch in text).casefold()
    # Marks that only decorate a letter (é, ё) hardly show at a small size: drop them.
    text = "".join(ch for ch in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(ch))
    text = "".join(_CONFUSABLE.get(ch, ch) for ch in text)  # what case-folding produced
    for pair, single in _PAIRS:
        text = text.replace(pair, single)
    return text


# ---- mixed scripts (Unicode TR39, section 5: restriction levels) ----
# A name mixing scripts (`mixedοscript` with a Greek omicron among Latin letters) is refused
# whether or not it looks like an existing account: TR39's "Highly Restrictive" level. Python's
# unicodedata has no Script property, so a letter's script is read from its Unicode name
# (LATIN SMALL LETTER A, GREEK SMALL LETTER OMICRON, CJK UNIFIED IDEOGRAPH-4E00); digits,
# punctuation and combining marks belong to no script (TR39's Common and Inherited).
_SCRIPT_BY_NAME_PREFIX = (
    ("CJK ", "Han"), ("IDEOGRAPHIC", "Han"), ("HIRAGANA", "Hiragana"),
    ("KATAKANA", "Katakana"), ("HALFWIDTH KATAKANA", "Katakana"), ("HANGUL", "Hangul"),
    ("HALFWIDTH HANGUL", "Hangul"), ("BOPOMOFO", "Bopomofo"), ("MODIFIER LETTER", None),
)
# TR39 Highly Restrictive: one script, or Latin with the scripts written together with Han
# (Japanese: Han + Hiragana + Katakana; Korean: Han + Hangul; Chinese: Han + Bopomofo).
_ALLOWED_SCRIPT_SETS = (
    {"Latin", "Han", "Hiragana", "Katakana"}, {"Latin", "Han", "Hangul"},
    {"Latin", "Han", "Bopomofo"},
)


def _script(ch: str) -> str | None:
    if not unicodedata.category(ch).startswith("L"):
        return None  # digits, punctuation, marks: Common or Inherited
    name = unicodedata.name(ch, "")
    for prefix, script in _SCRIPT_BY_NAME_PREFIX:
        if name.startswith(prefix):
            return script
    return name.split(" ", 1)[0].title() or None  # LATIN, GREEK, CYRILLIC, ARABIC, ...


def username_scripts(username: str) -> set[str]:
    """The scripts of the name's letters (after NFKC, so full-width Latin is Latin)."""
    text = unicodedata.normalize("NFKC", username or "")
    return {script for script in map(_script, text) if script}


def username_mixes_scripts(username: str) -> bool:
    """True when the name's letters come from scripts that TR39's Highly Restrictive level does
    not allow together (Latin with Greek or Cyrillic, Greek with Cyrillic, ...)."""
    scripts = username_scripts(username)
    if len(scripts) <= 1:
        return False
    return not any(scripts <= allowed for allowed in _ALLOWED_SCRIPT_SETS)
