"""The new-game form offers every game the site plays, each with its one-line description and
a link to its rules page, and its options (none for Raumschach)."""
import engine


def test_each_variant_is_offered_with_summary_and_rules_link(alice_client):
    html = alice_client.get("/new/").content.decode()
    for key, variant in engine.VARIANTS.items():
        assert f'name="variant" value="{key}"' in html
        assert f'href="/rules/{key}/"' in html
        assert variant.name in html
    for variant in engine.VARIANTS.values():
        assert variant.summary and variant.summary.replace("'", "&#x27;") in html
    assert 'value="raumschach"' in html and 'checked' in html.split('value="raumschach"')[1][:40]


def test_a_form_naming_no_game_still_creates_a_raumschach_challenge(alice_client, bob):
    response = alice_client.post("/new/", {"opponent_kind": "user", "username": bob.username,
                                           "color": "white", "days_per_move": "3"})
    assert response.status_code == 302
