"""A built-in bot is described per variant as it plays it: a level searches Five Up fewer plies
than Raumschach (the variant's own level table), so the API, the new-game page and the bot's
profile page give each variant's description; the default variant's stays the main one."""
import html
import re

import pytest
from django.test import Client
from engine.search.levels import core_for, levels_for
from engine.variants import variant_by_key

from games import bot_hook
from games.variants import variant_keys

pytestmark = pytest.mark.django_db

FIVEUP = variant_by_key("fiveup")
RAUMSCHACH = variant_by_key("raumschach")


def level_in(variant, number):
    return levels_for(core_for(variant), variant)[number]


def test_hard_reads_differently_in_five_up_on_either_core():
    for core in ("native", "python"):
        assert levels_for(core, FIVEUP)[3].description != levels_for(core, RAUMSCHACH)[3].description


def test_the_api_gives_each_variants_description_and_depth(anon):
    hard = anon.get("/api/v1/bots/hard-bot/").json()
    assert hard["description"] == level_in(RAUMSCHACH, 3).description
    # Every variant the server plays (a test may have registered one more).
    assert set(hard["descriptions"]) == set(hard["search_depths"]) == set(variant_keys())
    assert (hard["descriptions"]["raumschach"], hard["descriptions"]["fiveup"]) == \
        (level_in(RAUMSCHACH, 3).description, level_in(FIVEUP, 3).description)
    assert (hard["search_depths"]["raumschach"], hard["search_depths"]["fiveup"]) == \
        (level_in(RAUMSCHACH, 3).depth, level_in(FIVEUP, 3).depth)
    master = anon.get("/api/v1/bots/master-bot/").json()
    assert set(master["search_depths"].values()) == {None}


def test_an_external_bot_keeps_its_owners_words_in_every_variant():
    assert bot_hook.bot_description(level=None, external=True, stored="Mine.", variant="fiveup") == "Mine."
    described = bot_hook.bot_descriptions(level=3, external=True, stored="Mine.")
    assert described[0] == {"variant": "raumschach", "name": "Raumschach", "description": "Mine."}
    assert {"variant": "fiveup", "name": "Five Up", "description": "Mine."} in described
    assert {d["description"] for d in described} == {"Mine."}


def test_the_new_game_page_shows_the_chosen_variants_description(alice):
    client = Client()
    client.force_login(alice)
    page = client.get("/new/").content.decode()
    card = page[page.index('value="hard-bot"'):]
    card = card[:card.index("</label>")]
    spans = {key: bool(hidden) for key, hidden in re.findall(r'data-variant="([\w-]+)"( hidden)?>', card)}
    # Raumschach's shows without script; new_game.js shows the one of the chosen variant.
    assert set(spans) == set(variant_keys())
    assert not spans["raumschach"] and all(spans[key] for key in spans if key != "raumschach")
    assert html.escape(level_in(FIVEUP, 3).description) in card
    assert html.escape(level_in(RAUMSCHACH, 3).description) in card


def test_the_profile_page_adds_the_other_variants_description_where_it_differs(anon):
    page = anon.get("/players/hard-bot/").content.decode()
    assert html.escape(level_in(RAUMSCHACH, 3).description) in page
    assert f"In Five Up: {html.escape(level_in(FIVEUP, 3).description)}" in page
    easy = anon.get("/players/easy-bot/").content.decode()
    assert "In Five Up:" not in easy  # Easy plays both the same way
