"""A second variant for the site's tests, declared here and nowhere else: Raumschach without
unicorns (the issue's example), registered with the engine for one test at a time. Its
position strings have no U, so a Raumschach string (which has) is not one of its positions,
and it plays by the same rules otherwise, so either core can search it."""
from __future__ import annotations

import engine
from engine.pieces import UNICORN
from engine.variants.base import Variant
from engine.variants.raumschach import PAWN_RULES, RAUMSCHACH, START_FEN, VALUES

KEY = "nounicorn"
NAME = "Raumschach without unicorns"
START = START_FEN.replace("ubqub", "1bq1b").replace("BUQBU", "B1QB1")


def build() -> Variant:
    return Variant(
        key=KEY, name=NAME, summary="Raumschach with the unicorns taken off the board.",
        geometry=RAUMSCHACH.geometry, values=VALUES,
        pieces=tuple(p for p in RAUMSCHACH.pieces if p.kind != UNICORN),
        pawn=PAWN_RULES,
        promotion_kinds=tuple(k for k in RAUMSCHACH.promotion_kinds if k != UNICORN),
        start_fen=START,
        minor_kinds=RAUMSCHACH.minor_kinds - {UNICORN},
        letter_aliases=dict(RAUMSCHACH.letter_aliases),
    )


def register() -> Variant:
    return engine.variants.register(build())


def unregister() -> None:
    engine.VARIANTS.pop(KEY, None)
