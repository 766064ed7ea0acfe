from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "bots"
    verbose_name = "Bots"

    def ready(self) -> None:
        # bots listens to games and registers with it; games never imports bots.
        from django.db.models.signals import post_migrate

        from games import bot_hook, signals

        from . import hooks, selectors

        def on_turn_passed(sender, game_id: int, player_id: int | None = None,
                           live: bool | None = None, **kwargs) -> None:
            hooks.request_bot_move_if_needed(game_id=game_id, player_id=player_id, live=live)

        signals.turn_passed.connect(on_turn_passed, weak=False,
                                    dispatch_uid="bots.request_bot_move_if_needed")
        bot_hook.register_bot_profile(lambda user: selectors.bot_profile_of_user(user=user))

        def on_draw_offered(sender, game_id: int, **kwargs) -> None:
            hooks.answer_draw_offer_if_to_a_bot(game_id=game_id)

        signals.draw_offered.connect(on_draw_offered, weak=False,
                                     dispatch_uid="bots.answer_draw_offer_if_to_a_bot")

        def on_takeback_offered(sender, game_id: int, **kwargs) -> None:
            hooks.answer_takeback_offer_if_to_a_bot(game_id=game_id)

        signals.takeback_offered.connect(on_takeback_offered, weak=False,
                                         dispatch_uid="bots.answer_takeback_offer_if_to_a_bot")

        def on_game_ending(sender, game, **kwargs) -> None:
            from .showcase import showcase_next_if_ended

            showcase_next_if_ended(game=game)

        signals.game_ending.connect(on_game_ending, weak=False,
                                    dispatch_uid="bots.showcase_next_if_ended")

        def on_migrated(sender, **kwargs) -> None:
            from .calibration import bot_ratings_seed

            bot_ratings_seed()

        # After every migrate, not in a data migration: a variant calibrated later gets its
        # bots' starting ratings on the next deploy without a migration of its own.
        post_migrate.connect(on_migrated, sender=self, weak=False,
                             dispatch_uid="bots.bot_ratings_seed")
