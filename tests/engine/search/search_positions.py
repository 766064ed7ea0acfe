"""Positions for the search tests, and a colour-mirroring helper.

The mate positions come from seeded games of the Normal level against random moves (the
position before the mating move, and two moves before it); whether a mate in one / in two
exists is decided in the tests themselves by brute force over the rules core's legal moves,
independently of the search.
"""
from engine import Position

MATE_IN_ONE = [
    "3nr/1ppB1/p3p/5/5|Q3b/1ppp1/5/5/5|5/2u1p/5/5/5|4k/2Q2/3P1/PP2P/BU2U|5/5/2N2/PPPPP/R1K1R w 3 12",
    "3n1/1ppB1/p3p/5/5|5/p1pp1/3p1/5/5|Q4/4u/5/5/5|5/5/NP1N1/P1PPP/BU2U|1k3/5/5/P1PPP/R1K1R w 1 17",
    "4k/pp2p/3p1/2p2/5|5/1ppp1/4p/5/5|3Q1/5/5/1P2P/5|4B/5/1N1N1/2P2/1UQBU|4r/5/5/PPPPP/R1K1R w 3 18",
    "N4/5/1Q3/5/5|5/p1pp1/4p/5/5|5/1b3/p4/2U2/k4|5/3N1/P4/1PPPP/B2BU|5/5/5/PPPPP/R1K1R w 1 21",
    "4N/ppp1p/5/5/5|u3b/1pppp/p4/5/5|2B1N/5/5/5/5|k4/5/5/PPPPP/BU2U|5/2Q2/5/PPPPP/R1K1R w 3 16",
    "5/Q3U/2p2/5/5|5/2p1p/1p3/5/5|3Q1/5/2p2/5/5|5/5/5/1P1PP/B2BU|4k/5/2N2/PP1PP/R1KNR w 0 20",
    "5/pp1pp/2p2/5/2n2|1Q3/pp1pp/5/5/5|5/1np2/2N2/B2P1/5|5/1k3/1N3/PPP1P/1U1BU|4R/5/2P2/PP1P1/R1K2 w 3 24",
    "Nnk1r/pppUp/5/5/5|u3n/1pp1p/p4/5/5|5/5/3p1/5/5|5/5/1u3/PPPPP/BUQB1|5/5/2N2/PPPPP/R1K1R w 1 9",
    "5/3pp/5/2P2/5|5/2p2/2Up1/5/4R|5/5/1B2k/2Q2/5|2N2/5/1N3/P1PP1/1U1B1|5/5/5/PPP1P/R1K2 w 1 32",
    "4B/p1p1p/3p1/5/5|3N1/p4/1p3/5/4R|2Q2/1p2k/2P2/3U1/5|5/5/3P1/PBP2/1U3|5/5/2N2/PPPPP/R1K2 w 4 29",
    "5/p1p1p/5/5/5|3Bk/1p3/2p1p/5/5|1Q3/3p1/5/5/RB3|5/5/P3P/P1PPP/2Q1U|5/5/2N2/UPPP1/2KNR w 2 18",
    "r1k1r/pp1pp/2p2/5/5|2Bub/pppp1/3np/5/5|5/5/5/1P1Q1/5|5/5/1P3/2PPP/1U1BU|5/5/2N1P/PPPP1/R1K1R w 2 10",
]

MATE_IN_TWO = [
    "3nr/1ppB1/p3p/5/5|Q3b/1ppp1/5/5/5|3k1/2u1p/5/5/5|5/5/3P1/PP2P/BUQ1U|5/5/2N2/PPPPP/R1K1R w 1 11",
    "3n1/1ppB1/p3p/5/5|Q4/p1pp1/3p1/5/5|n4/4u/5/5/5|k4/5/NP1N1/P1PPP/BU2U|5/5/5/P1PPP/R1K1R w 0 16",
    "1Q3/pp2p/3p1/2p2/5|4k/1ppp1/4p/5/5|5/5/5/1P2P/5|4B/5/1N1N1/2P2/1UQBU|4r/5/5/PPPPP/R1K1R w 1 17",
    "N4/5/1p3/5/5|5/pQpp1/4p/k4/5|5/1b3/p4/2U2/5|5/3N1/P4/1PPPP/B2BU|5/5/5/PPPPP/R1K1R w 0 20",
    "4N/ppp1p/5/5/5|u3b/1pppp/p4/5/5|2B1N/5/5/5/5|5/5/5/PPPPP/BU2U|5/k4/3Q1/PPPPP/R1K1R w 1 15",
    "1Q3/Q3U/2p2/5/5|5/2p1p/1p3/5/5|5/2p2/5/5/5|5/5/5/1P1PP/B2BU|4k/5/2N2/PP1PP/R1KNR w 1 19",
    "5/pp1pp/2p2/5/2n2|1Q3/pp1pp/5/5/5|5/1np2/2N2/B2P1/5|5/5/1N3/PPP1P/1U1BU|2k2/5/2P2/PP1P1/R1K1R w 1 23",
    "Q3B/p1p1p/3p1/5/5|3N1/p4/1p3/5/4R|4k/1p3/2P2/3U1/5|5/5/3P1/PBP2/1U3|5/5/2N2/PPPPP/R1K2 w 2 28",
]

MIDDLEGAME = "r1k2/1p2p/2p2/5/B4|ub1u1/ppp2/3pp/5/4R|5/1p1p1/5/5/1B3|5/5/1P3/P1PPP/1U3|4r/5/5/PPPPP/R1K2 w 1 13"


def mirror(fen: str) -> str:
    """The same position with colours swapped: board point-reflected through Cc3, other side
    to move.  Reversing the placement text reflects levels, ranks and files at once."""
    placement, side, clock, number = fen.split()
    return f"{placement[::-1].swapcase()} {'b' if side == 'w' else 'w'} {clock} {number}"


def mating_moves(pos: Position) -> list:
    out = []
    for m in pos.legal_moves():
        pos.push(m)
        if pos.is_checkmate():
            out.append(m)
        pos.pop()
    return out


def forces_mate_in_two(pos: Position, move) -> bool:
    """Does ``move`` force mate with the next move, whatever the reply?"""
    pos.push(move)
    try:
        replies = pos.legal_moves()
        if not replies:
            return pos.is_checkmate()
        for reply in replies:
            pos.push(reply)
            found = bool(mating_moves(pos))
            pos.pop()
            if not found:
                return False
        return True
    finally:
        pos.pop()
