"""The variant descriptor the pages embed: what the browser draws a board from
(docs/variant-seam.md section 5): the engine's ``Variant.describe()``, through games.variants
(the site's one door to a variant), with two fields the board needs filled in where the
engine does not give them yet: which piece is royal, and each board's axis labels.
"""
from __future__ import annotations

from django.templatetags.static import static

import engine

from games import variants
from games.variant_words import option_words, piece_words, summary_words


def variant_descriptor(key: str) -> dict:
    """The descriptor of the variant ``key``; UnknownVariant for a key the engine lacks."""
    variant = variants.variant_get(key)
    described = dict(variants.describe(variant))
    described.setdefault("rules", variants.rules_url(key))
    # "name" is said in the request's language; "english_name" stays the engine's word, for a
    # script that looks a piece up by what it is (the rules demo starts on the unicorn).
    described["pieces"] = [{**piece, "name": piece_words(piece["name"]),
                            "english_name": piece["name"]}
                           for piece in (_with_royal(variant, p) for p in described["pieces"])]
    described["summary"] = summary_words(described.get("summary", ""))
    described["options"] = {key: {**spec, "label": option_words(spec["label"])} if "label" in spec else spec
                            for key, spec in described.get("options", {}).items()}
    described["boards"] = _with_axis_labels(described["boards"], described["cells"])
    return described


def piece_urls(descriptor: dict) -> dict[str, str]:
    """Each piece picture of the variant (one SVG per kind; CSS colours Black's)."""
    return {p["image"]: static(f"games/pieces/{p['image']}.svg") for p in descriptor["pieces"]}


def all_descriptors() -> list[dict]:
    """The descriptors of every game the site plays, Raumschach first (the forms' default)."""
    keys = sorted(variants.variant_keys(), key=lambda key: (key != engine.RAUMSCHACH.key, key))
    return [variant_descriptor(key) for key in keys]


def options_shown(descriptor: dict, values: dict) -> list[dict]:
    """The variant's options as a page lists them: key, label and this game's value."""
    return [{"key": key, "label": spec.get("label", key), "on": bool(values.get(key, spec.get("default")))}
            for key, spec in descriptor.get("options", {}).items()]


def _with_royal(variant: engine.Variant, piece: dict) -> dict:
    if "royal" in piece:
        return piece
    kind = variant.kind_by_letter.get(piece["letter"].lower())
    return {**piece, "royal": kind == variant.royal_kind}


def _with_axis_labels(boards: list[dict], cells: list[dict]) -> list[dict]:
    """Each board's column labels (one per distinct x, left to right) and row labels (per
    distinct y, bottom up), read from its cell names where one character position names the
    column (or row) alone: the cube's "Cc3" gives files a..e and ranks 1..5, a hex level's
    files a..g (its ranks bend, so it gets no row labels). Labels the engine gives are kept."""
    out = []
    for index, board in enumerate(boards):
        if board.get("columns") and board.get("rows"):
            out.append(board)
            continue
        mine = [c for c in cells if c["board"] == index]
        out.append({**board, "columns": board.get("columns") or _labels(mine, "x", board["width"]),
                    "rows": board.get("rows") or _labels(mine, "y", board["height"])})
    return out


def _labels(cells: list[dict], axis: str, count: int) -> list[str]:
    # A square board's labels are indexed by x (or y), 0 .. count - 1, a hole needing a label
    # too; a hex board's by its distinct centres (fractions).
    whole = all(isinstance(c[axis], int) for c in cells)
    lines = list(range(count)) if whole else sorted({c[axis] for c in cells})
    width = min((len(c["name"]) for c in cells), default=0)
    for position in range(width):
        by_line: dict[float, set[str]] = {}
        for c in cells:
            by_line.setdefault(c[axis], set()).add(c["name"][position])
        labels = [by_line.get(line, set()) for line in lines]
        if all(len(s) == 1 for s in labels) and len({next(iter(s)) for s in labels}) == len(lines):
            return [next(iter(s)) for s in labels]
    return []
