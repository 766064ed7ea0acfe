from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # ratings listens to games (games.signals) and lends games its readers (games.rating_hook);
        # games never imports ratings.
        from games import rating_hook, signals

        from . import selectors, services

        rating_hook.register_rating_readers(
            rating_of=lambda user_id, variant, speed: selectors.rating_of(
                user_id=user_id, variant=variant, speed=speed),
            ratings_of=lambda user_ids, variant, speed: selectors.ratings_of(
                user_ids=user_ids, variant=variant, speed=speed),
            ratings_by_variant=lambda user_id: selectors.ratings_by_variant(user_id=user_id))

        def on_game_ending(sender, game, **kwargs) -> None:
            services.rating_apply_game_result(game=game)

        signals.game_ending.connect(on_game_ending, weak=False,
                                    dispatch_uid="ratings.rating_apply_game_result")
