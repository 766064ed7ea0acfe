"""The options every ``python -m engine`` command shares: ``--variant KEY`` and ``--option
NAME=VALUE`` (engine/cli.py, cli_search.py and cli_bridge.py read them through here)."""
from __future__ import annotations

import argparse

from .position import Position
from .variants import VARIANTS, Variant, VariantOptionError, variant_by_key


def add_variant(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default="raumschach", metavar="KEY",
                   help=f"the game ({', '.join(sorted(VARIANTS))}; default raumschach)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option of the variant, e.g. castling=on (repeatable)")


def variant_of(args: argparse.Namespace) -> Variant:
    """The variant of ``--variant`` with the ``--option`` values (UnknownVariantError or
    VariantOptionError, both ValueErrors, for bad ones)."""
    variant = variant_by_key(getattr(args, "variant", "raumschach"))
    options = {}
    for text in getattr(args, "option", []) or []:
        name, sep, value = text.partition("=")
        if not sep:
            raise VariantOptionError(f"option {text!r}: write NAME=VALUE, e.g. castling=on")
        options[name.strip()] = value.strip()
    return variant.with_options(**options) if options else variant


def position_of(args: argparse.Namespace) -> Position:
    variant = variant_of(args)
    return Position.from_fen(args.fen if args.fen is not None else variant.start_fen, variant)
