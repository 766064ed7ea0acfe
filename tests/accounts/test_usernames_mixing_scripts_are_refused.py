"""A name whose letters mix scripts is refused at sign-up, whether or not it looks like an
existing account (issue 24, finding 7: `mixedοscript`, with a Greek omicron, was accepted).
The rule is Unicode TR39's Highly Restrictive level: one script, or Latin with Han and the
scripts written with it (Japanese kana, Korean Hangul, Bopomofo). Digits and punctuation
belong to no script."""
import pytest

from accounts.usernames import username_mixes_scripts
from tests.site_fixtures import PASSWORD, assert_error, db_snapshot

pytestmark = pytest.mark.django_db

MIXED = ["mixedοscript", "ivan_иван", "paypaІ", "ΑΒ-ab", "σωκρατης-и", "ᎪᏞᎬХ"]
SINGLE = ["alice", "андрей", "σωκράτης", "山田たろう", "tanaka山田", "김철수", "kim김", "élodie",
          "Ｒｌｕｓｅｒ6", "bot-2_x.y", "ǅemal", "ʻokina"]


@pytest.mark.parametrize("name", MIXED)
def test_a_mixed_script_name_is_refused_and_changes_nothing(anon, name):
    before = db_snapshot()
    response = anon.post("/api/v1/accounts/signup/", {"username": name, "password": PASSWORD},
                         format="json")
    assert_error(response, 400, "username_mixed_scripts")
    assert db_snapshot() == before


@pytest.mark.parametrize("name", SINGLE)
def test_names_in_one_script_or_an_allowed_combination_are_accepted(name):
    assert not username_mixes_scripts(name)


def test_a_one_script_name_signs_up(anon):
    response = anon.post("/api/v1/accounts/signup/", {"username": "андрей",
                                                      "password": PASSWORD}, format="json")
    assert response.status_code == 201, response.content
