"""Routes of the game pages (the account pages: accounts/urls.py)."""
from django.urls import path, re_path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("profile/", views.my_profile, name="my_profile"),
    path("players/<str:username>/", views.profile, name="profile"),
    path("new/", views.new_game, name="new_game"),
    path("challenges/<str:challenge_id>/", views.challenge_detail, name="challenge"),
    re_path(r"^challenges/(?P<challenge_id>[^/]+)/(?P<action>accept|decline|cancel)/$",
            views.challenge_action, name="challenge_action"),
    # A game's public id (old integer ids redirect to it).
    path("games/<str:game_id>/", views.game_page, name="game"),
    path("games/<str:game_id>/replay/", views.replay_page, name="replay"),
    path("games/<str:game_id>/rematch/", views.rematch, name="rematch"),
    path("your-turn/next/", views.next_your_turn, name="next_your_turn"),
    path("archive/", views.archive, name="archive"),
    path("import/", views.game_import, name="game_import"),
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:key>/", views.rules_page, name="rules"),
    path("rules/<slug:key>/full/", views.rules_full, name="rules_full"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("your-turn/count/", views.turn_count, name="turn_count"),
]
