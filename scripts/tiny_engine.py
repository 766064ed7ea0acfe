#!/usr/bin/env python3
"""A complete engine for scripts/bot_bridge.py in any of the site's games: it plays a random
legal move from the bridge's `legalmoves` line (docs/engine-protocol.md shows it whole)."""
import random
import sys

legal: list[str] = []
variant = "raumschach"


def say(text: str) -> None:
    print(text, flush=True)


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    command = words[0]
    if command == "uci":
        say("id name tiny")
        say("uciok")
    elif command == "isready":
        say("readyok")
    elif command == "setoption" and words[2:3] == ["UCI_Variant"]:
        variant = words[-1]  # a real engine would set up this game's rules here
    elif command == "legalmoves":
        legal = words[1:]
    elif command == "position":  # the bridge's form: answered at once
        say("bestmove " + (random.choice(legal) if legal else "(none)"))
    elif command == "quit":
        break
    # ucinewgame, refused and anything else: nothing to answer
