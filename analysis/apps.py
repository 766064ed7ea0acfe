from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "analysis"
    verbose_name = "Game analysis"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # analysis depends on games and plugs its evaluations into the game's export through
        # games.export_hook, and tells the replay page whether a game has one through
        # games.analysis_hook; games never imports analysis.
        from games import analysis_hook, export_hook

        from . import selectors

        export_hook.register_move_annotations(selectors.export_annotations)
        analysis_hook.register_analysis_exists(selectors.has_analysis)
