from django.apps import AppConfig


class BotApiConfig(AppConfig):
    name = "botapi"
    verbose_name = "Bot and Board API (lichess-compatible)"

    def ready(self) -> None:
        # botapi listens to games (games never imports botapi): the event stream hears of new
        # challenges, started and finished games through these signals.
        from django.db import transaction

        from games import signals

        from . import services

        def on_game_started(sender, game_id: int, **kwargs) -> None:
            services.on_game_started(game_id=game_id)

        def on_game_ending(sender, game, **kwargs) -> None:
            # Sent inside the ending transaction: announce only once it is stored.
            game_id = game.pk
            transaction.on_commit(lambda: services.on_game_ended(game_id=game_id), robust=True)

        def on_challenge_changed(sender, challenge_id: str, **kwargs) -> None:
            services.on_challenge_changed(challenge_id=challenge_id)

        signals.game_started.connect(on_game_started, weak=False,
                                     dispatch_uid="botapi.game_started")
        signals.game_ending.connect(on_game_ending, weak=False, dispatch_uid="botapi.game_ending")
        signals.challenge_changed.connect(on_challenge_changed, weak=False,
                                          dispatch_uid="botapi.challenge_changed")
