"""Descriptors for the board tests: Raumschach's as the site builds it, and Five Up's built
the same way on the cube (a fixture until the engine's Variant.describe() offers it)."""
from __future__ import annotations

from games.web.variants import cube_descriptor, variant_descriptor

FIVEUP_START = ("rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/UBQUB|5/5/5/PPPPP/RNKNR"
                " w WGSwgs Aa1,Ab1,Ac1,Ad1,Ae1,Ba1,Bb1,Bc1,Bd1,Be1,Da5,Db5,Dc5,Dd5,De5,Ea5,Eb5,Ec5,"
                "Ed5,Ee5 - 0 1")


def raumschach() -> dict:
    return variant_descriptor("raumschach")


def fiveup() -> dict:
    return cube_descriptor(
        key="fiveup", name="Five Up", summary="Raumschach reformed: reserve pieces enter the game.",
        pieces=[("K", "king"), ("Q", "queen"), ("R", "rook"), ("B", "bishop"), ("N", "knight"),
                ("U", "unicorn"), ("W", "wizard"), ("G", "guard"), ("S", "silver unicorn"),
                ("P", "pawn")], royal="K",
        promotion=list("qrbnuwgs"), reserve=list("wgs"),
        fen_fields=["placement", "side", "reserves", "unmoved", "ep", "halfmove", "fullmove"],
        options={"castling": {"default": False, "label": "Castling (optional rule)"}})
