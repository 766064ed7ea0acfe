"""Descriptors for the board tests, as the site embeds them, and Five Up's start position."""
from __future__ import annotations

from games.web.variants import variant_descriptor

FIVEUP_START = ("rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/UBQUB|5/5/5/PPPPP/RNKNR"
                " w WGSwgs Aa1,Ab1,Ac1,Ad1,Ae1,Ba1,Bb1,Bc1,Bd1,Be1,Da5,Db5,Dc5,Dd5,De5,Ea5,Eb5,Ec5,"
                "Ed5,Ee5 - 0 1")


def raumschach() -> dict:
    return variant_descriptor("raumschach")


def fiveup() -> dict:
    return variant_descriptor("fiveup")
