"""ASGI entry point: HTTP through Django (oversized bodies refused before Django reads them),
websockets through Channels with origin checks (browsers must come from an allowed host; token
clients may omit Origin, see games.realtime.security)."""
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
if os.environ.get("ASGI_THREAD_POOL", "1") == "0":  # Django's stock handler: a thread per request
    from django.core.asgi import get_asgi_application
else:
    from raumschach_site.asgi_threads import get_pooled_asgi_application as get_asgi_application
django_asgi_app = get_asgi_application()  # must run before importing anything that touches models

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from games.realtime.auth import TokenOrSessionAuthMiddlewareStack  # noqa: E402
from games.realtime.limits import SocketCap  # noqa: E402
from games.realtime.routing import websocket_urlpatterns  # noqa: E402
from games.realtime.security import HostOriginValidator  # noqa: E402
from tournaments.realtime import websocket_urlpatterns as tournament_sockets  # noqa: E402

from raumschach_site import request_bodies, shutdown, status_phrases, websocket_limits  # noqa: E402
from raumschach_site.body_limit import BodySizeLimit  # noqa: E402

websocket_limits.install()
request_bodies.install()
status_phrases.install()
shutdown.install()

if settings.BACKGROUND_IN_PROCESS and settings.BOTS_RESUME_ON_START:
    from bots.runner import resume_waiting_bot_moves

    resume_waiting_bot_moves()

    from bots.showcase import showcase_ensure_at_startup

    showcase_ensure_at_startup()

if settings.BACKGROUND_IN_PROCESS and settings.ANALYSIS_RESUME_ON_START:
    from analysis.services import analyses_resume

    analyses_resume()

if settings.FLAGS_ON_START:
    # This process ends the games whose time ran out while it was down and sets the running
    # live games' flags again; then, without Celery, sweeps for missed flags (its timer thread
    # holds the flags), or with Redis polls the deadlines' set for the flags that fall due.
    from games.runner import flags_start

    flags_start()

if settings.BACKGROUND_IN_PROCESS and settings.NOTIFY_PERIODIC_ON_START:
    # Without Celery beat, this process runs the mail jobs (clock warnings, digests) itself.
    from notify.runner import start_periodic

    start_periodic()

    from tournaments.runner import start_sweep  # tournaments at their start time

    start_sweep()

application = ProtocolTypeRouter(
    {
        "http": BodySizeLimit(django_asgi_app),
        "websocket": HostOriginValidator(
            # SocketCap inside the authentication: it counts per account as well as per address
            TokenOrSessionAuthMiddlewareStack(
                SocketCap(URLRouter(websocket_urlpatterns + tournament_sockets)))
        ),
    }
)

from raumschach_site.gc_tuning import tune_after_startup  # noqa: E402

tune_after_startup()  # everything above lives as long as the process: out of the GC's walk
