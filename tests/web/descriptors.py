"""Descriptors for the board tests: Raumschach's as the site embeds it, and a Five Up one made
from it (same cube; Five Up's pieces, reserve and fields) for the board script's own tests,
which need no server rule."""
from __future__ import annotations

from games.web.variants import variant_descriptor

FIVEUP_START = ("rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/UBQUB|5/5/5/PPPPP/RNKNR"
                " w WGSwgs Aa1,Ab1,Ac1,Ad1,Ae1,Ba1,Bb1,Bc1,Bd1,Be1,Da5,Db5,Dc5,Dd5,De5,Ea5,Eb5,Ec5,"
                "Ed5,Ee5 - 0 1")


def raumschach() -> dict:
    return variant_descriptor("raumschach")


def fiveup() -> dict:
    pieces = [("K", "king"), ("Q", "queen"), ("R", "rook"), ("B", "bishop"), ("N", "knight"),
              ("U", "unicorn"), ("W", "wizard"), ("G", "guard"), ("S", "silver unicorn"),
              ("P", "pawn")]
    return {
        **raumschach(), "key": "fiveup", "name": "Five Up", "rules": "/rules/fiveup/",
        "summary": "Raumschach reformed: reserve pieces enter the game.",
        "pieces": [{"letter": letter, "name": name, "image": name.replace(" ", "-"),
                    "royal": letter == "K"} for letter, name in pieces],
        "promotion": list("qrbnuwgs"), "reserve": list("wgs"),
        "fen_fields": ["placement", "side", "reserves", "unmoved", "ep", "halfmove", "fullmove"],
        "options": {"castling": {"default": False, "label": "Castling (optional rule)"}},
    }
