"""How a game ended, as each reader is told it, pinned word for word for every termination: the
replay page's sentence (Python), the game page's (its script, gameinfo.js, run under Node with
the table the page embeds), the analysis board's outcome heading and the Bot API's lichess
status. All come from one table (games/terminations.py); these pins keep its outputs as they
were when the three copies were made one."""
import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.test import Client

import engine
from analysis.board.services import position_node
from botapi.selectors import game_status
from games.models import Game
from games.web.views import describe_result
from tests.site_fixtures import make_game
from tests.web.conftest import embedded_json
from tests.web.node import NODE, run_module

GAMEINFO_JS = Path(__file__).resolve().parents[2] / "games/static/games/js/gameinfo.js"

# (termination, result) -> the sentence both pages show.
SENTENCES = {
    ("checkmate", "1-0"): "White won by checkmate.",
    ("stalemate", "1/2-1/2"): "Draw by stalemate.",
    ("insufficient_material", "1/2-1/2"): "Draw by insufficient material.",
    ("threefold_repetition", "1/2-1/2"): "Draw by threefold repetition.",
    ("fifty_moves", "1/2-1/2"): "Draw by the fifty-move rule.",
    ("resign", "0-1"): "Black won by resignation.",
    ("timeout", "1-0"): "White won by time (deadline passed).",
    ("agreement", "1/2-1/2"): "Draw by agreement.",
    ("bare_king", "0-1"): "Black won by a bare king (Star Trek: a king left alone loses).",
    ("abort", "1-0"): "White won by abort.",  # not a pair the site makes; the words are pinned
    ("", "1-0"): "White won.",
    ("something_new", "1/2-1/2"): "Draw by something_new.",  # an unknown one: its own name
}
LICHESS_STATUS = {
    "checkmate": "mate", "stalemate": "stalemate", "insufficient_material": "draw",
    "threefold_repetition": "draw", "fifty_moves": "draw", "resign": "resign",
    "timeout": "outoftime", "agreement": "draw", "abort": "aborted", "bare_king": "variantEnd",
    "": "unknownFinish", "something_new": "unknownFinish",
}
ANALYSIS_HEADINGS = {
    "checkmate": "Checkmate", "stalemate": "Stalemate",
    "insufficient_material": "Insufficient material", "fifty_moves": "Fifty-move rule",
    "threefold_repetition": "Threefold repetition",
    "bare_king": "Bare king",
}


def test_every_termination_has_a_pinned_sentence_status_and_heading():
    kinds = {t.value for t in engine.Termination}
    assert kinds <= {termination for termination, _ in SENTENCES}
    assert kinds <= set(LICHESS_STATUS)


@pytest.mark.parametrize("termination, result", SENTENCES)
def test_the_replay_page_s_sentence(termination, result):
    game = SimpleNamespace(status="finished", termination=termination, result=result)
    assert describe_result(game) == SENTENCES[termination, result]


# A live game (with a clock) that ended on time says so in its own words, by result.
ON_TIME = {"1-0": "White won on time.", "0-1": "Black won on time.",
           "1/2-1/2": "Draw: time ran out against a side that cannot mate."}


@pytest.mark.parametrize("result", ON_TIME)
def test_a_live_game_lost_on_time(result):
    game = SimpleNamespace(status="finished", termination="timeout", result=result, clock_limit=60)
    assert describe_result(game) == ON_TIME[result]


def test_an_aborted_game_and_a_game_without_a_result():
    assert describe_result(SimpleNamespace(status="aborted", termination="abort", result="")) == "Game aborted."
    assert describe_result(SimpleNamespace(status="finished", termination="", result="")) == "Game over."


@pytest.mark.skipif(NODE is None, reason="needs Node.js to run the game page's script")
@pytest.mark.django_db
def test_the_game_page_s_script_says_the_same_with_the_table_the_page_embeds(alice, bob):
    game = make_game(alice, bob)
    context = embedded_json(Client().get(f"/games/{game.public_id}/"), "game-context")
    words, on_time = context["termination_words"], context["on_time"]
    cases = [{"status": "finished", "termination": t, "result": r} for t, r in SENTENCES]
    cases += [{"status": "aborted", "termination": "abort", "result": ""},
              {"status": "finished", "termination": "", "result": ""}]
    clock = {"limit": 60, "increment": 0, "white": 0, "black": 0, "running": None}
    cases += [{"status": "finished", "termination": "timeout", "result": r, "clock": clock}
              for r in ON_TIME]
    script = (f"import {{ describeResult }} from {json.dumps(GAMEINFO_JS.as_uri())};\n"
              f"const words = {json.dumps(words)}, onTime = {json.dumps(on_time)};\n"
              f"const out = {json.dumps(cases)}.map((s) => describeResult(s, words, onTime));\n"
              "process.stdout.write(JSON.stringify(out));\n")
    out = run_module(script)
    # The script says "Game aborted." for an abort whatever the status (the Python page looks
    # at the status only): the site never stores one without the other.
    expected = ["Game aborted." if termination == "abort" else sentence
                for (termination, _), sentence in SENTENCES.items()]
    assert out == [*expected, "Game aborted.", "Game over.", *ON_TIME.values()]


@pytest.mark.parametrize("termination", LICHESS_STATUS)
def test_the_bot_api_s_status(termination):
    status = Game.Status.FINISHED if termination != "abort" else Game.Status.ABORTED
    assert game_status(Game(status=status, termination=termination)) == LICHESS_STATUS[termination]


def test_a_running_game_s_bot_api_status():
    assert game_status(Game(status=Game.Status.ACTIVE)) == "started"


@pytest.mark.parametrize("termination", ANALYSIS_HEADINGS)
def test_the_analysis_board_s_heading(termination, monkeypatch):
    position = engine.Position.start(engine.RAUMSCHACH)
    ended = engine.Outcome(engine.Termination(termination), None)
    monkeypatch.setattr(engine.Position, "outcome", lambda self, claim_draw=False: ended)
    assert position_node(position)["outcome"] == ANALYSIS_HEADINGS[termination]

