"""The Celery app: workers run bot searches (queue `bots`), beat runs the deadline sweep.

Two worker steps keep a bot's turn from being lost or delayed (issue 24):
- UnackedHeartbeat: every few seconds the worker marks the messages it holds (running,
  reserved or waiting for their countdown) as still alive in the broker, so the visibility
  timeout (settings.CELERY_BROKER_TRANSPORT_OPTIONS) can be short: a whole worker killed
  stops the heartbeat and its task is handed to another worker within ~20 s, while a living
  worker's 80-s task is never handed out twice.
- HurryOnShutdown: a warm shutdown (SIGTERM: `docker stop`, systemd) does not wait out a
  30-s search; the running bot searches are hurried (the soft time limit's signal: the task
  answers with a 1-s search, bots.tasks) so the move is played and the worker exits within
  seconds.
"""
from __future__ import annotations

import logging
import os
import signal
import time

from celery import Celery, bootsteps
from celery.signals import worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")

logger = logging.getLogger(__name__)

app = Celery("raumschach_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

BOT_TASKS = {"bots.tasks.play_bot_move", "bots.tasks.answer_draw_offer"}


def heartbeat_interval() -> float:
    options = app.conf.broker_transport_options or {}
    return max(1.0, float(options.get("visibility_timeout", 3600)) / 5)


class UnackedHeartbeat(bootsteps.StartStopStep):
    requires = ("celery.worker.consumer.tasks:Tasks",)

    def __init__(self, parent, **kwargs) -> None:
        super().__init__(parent, **kwargs)
        self.tref = None

    def start(self, consumer) -> None:
        self.tref = consumer.timer.call_repeatedly(heartbeat_interval(), self.beat, (consumer,),
                                                   priority=10)

    def stop(self, consumer) -> None:
        if self.tref is not None:
            self.tref.cancel()
            self.tref = None

    @staticmethod
    def beat(consumer) -> None:
        task_consumer = getattr(consumer, "task_consumer", None)
        qos = getattr(getattr(task_consumer, "channel", None), "qos", None)
        tags = list(getattr(qos, "_delivered", None) or ())
        index = getattr(qos, "unacked_index_key", None)
        if not tags or index is None:  # nothing held, or not the Redis transport
            return
        try:
            with qos.channel.conn_or_acquire() as client:
                # xx: only messages still unacknowledged; an acked one stays gone.
                client.zadd(index, {tag: time.time() for tag in tags}, xx=True)
        except Exception:  # noqa: BLE001 - the broker is down: nothing to keep alive there
            logger.warning("unacked heartbeat not sent", exc_info=True)


class HurryOnShutdown(bootsteps.StartStopStep):
    requires = ("celery.worker.components:Pool",)

    def stop(self, worker) -> None:
        from celery.worker import state

        soft = getattr(signal, "SIGUSR1", None)
        if soft is None:
            return
        for request in list(state.active_requests):
            pid = getattr(request, "worker_pid", None)
            if request.name in BOT_TASKS and pid:
                logger.warning("shutting down: hurrying %s[%s] in process %s", request.name,
                               request.id, pid)
                try:
                    os.kill(pid, soft)
                except ProcessLookupError:
                    pass


app.steps["consumer"].add(UnackedHeartbeat)
app.steps["worker"].add(HurryOnShutdown)


@worker_ready.connect
def resume_flags_on_start(sender=None, **kwargs) -> None:
    """A worker starting: the games whose time ran out meanwhile end and every running live
    game's flag is put back in the Redis deadlines' set (a task; each worker's copy is
    harmless: the set's scores only move earlier, and the game's compare-and-set lets one
    ender end it)."""
    from django.conf import settings

    if getattr(settings, "FLAGS_ON_START", True):
        app.send_task("games.tasks.resume_flags")
