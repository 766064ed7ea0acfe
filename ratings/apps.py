from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # ratings listens to games (games.signals); games never imports ratings for this.
        from games import signals

        from . import services

        def on_game_ending(sender, game, **kwargs) -> None:
            services.rating_apply_game_result(game=game)

        signals.game_ending.connect(on_game_ending, weak=False,
                                    dispatch_uid="ratings.rating_apply_game_result")
