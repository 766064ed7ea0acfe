"""The new-game form offers every game the site plays, each with its one-line description and
a link to its rules page, and its options (none for Raumschach)."""
import engine
from games.variants import variant_keys


def test_each_variant_is_offered_with_summary_and_rules_link(alice_client):
    html = alice_client.get("/new/").content.decode()
    offered = {key: engine.VARIANTS[key] for key in variant_keys()}
    for key, variant in offered.items():
        assert f'name="variant" value="{key}"' in html
        assert f'href="/rules/{key}/"' in html
        assert variant.name in html
    for variant in offered.values():
        assert variant.summary and variant.summary.replace("'", "&#x27;") in html
    assert 'value="raumschach"' in html and 'checked' in html.split('value="raumschach"')[1][:40]


def test_a_form_naming_no_game_still_creates_a_raumschach_challenge(alice_client, bob):
    response = alice_client.post("/new/", {"opponent_kind": "user", "username": bob.username,
                                           "color": "white", "days_per_move": "3"})
    assert response.status_code == 302


def test_five_up_with_castling_on_reaches_the_challenge(alice_client, bob):
    from games.models import Challenge
    html = alice_client.get("/new/").content.decode()
    assert 'name="option_castling"' in html and "(off by default)" in html
    response = alice_client.post("/new/", {"opponent_kind": "user", "username": bob.username,
                                           "color": "white", "days_per_move": "3",
                                           "variant": "fiveup", "option_castling": "on"})
    assert response.status_code == 302
    challenge = Challenge.objects.get(opponent=bob)
    assert challenge.variant == "fiveup" and challenge.variant_options == {"castling": True}
    page = alice_client.get(f"/challenges/{challenge.pk}/").content.decode()
    assert "Five Up" in page and "Castling (optional rule): on" in page


def test_an_option_of_another_game_is_ignored(alice_client, bob):
    from games.models import Challenge
    alice_client.post("/new/", {"opponent_kind": "user", "username": bob.username,
                                "color": "white", "days_per_move": "3",
                                "variant": "raumschach", "option_castling": "on"})
    challenge = Challenge.objects.get(opponent=bob)
    assert challenge.variant == "raumschach" and challenge.variant_options == {}


def test_an_unknown_game_is_a_form_error_and_creates_nothing(alice_client, bob):
    from games.models import Challenge
    response = alice_client.post("/new/", {"opponent_kind": "user", "username": bob.username,
                                           "color": "white", "variant": "chess"})
    assert response.status_code == 400 and b"Select a valid choice" in response.content
    assert not Challenge.objects.exists()
