"""Settings, all from the environment with defaults that run on one laptop.

DATABASE_URL  absent: a SQLite file next to manage.py.
REDIS_URL     absent: in-memory channel layer and bot moves computed in a background thread of
              the server process; present: Redis channel layer and Celery broker.
SECRET_KEY    or SECRET_KEY_FILE (a file holding it, as scripts/serve.sh keeps one); required
              unless DEBUG=1: the server refuses to start without a real key.
DEBUG         off unless DEBUG=1.
SECURE_COOKIES=1  session and CSRF cookies always Secure (they are anyway on HTTPS requests).
ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS as usual.
"""
from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)
# Keys that were once shipped in this repository: anyone can forge sessions signed with them.
KNOWN_PUBLIC_KEYS = {"insecure-local-development-key-change-me", "change-me-in-production"}
DEVELOPMENT_KEY = "insecure-local-development-key-change-me"


def secret_key() -> str:
    key = os.environ.get("SECRET_KEY", "").strip()
    key_file = os.environ.get("SECRET_KEY_FILE", "").strip()
    if not key and key_file:
        key = Path(key_file).read_text().strip()
    if DEBUG and not key:
        return DEVELOPMENT_KEY
    if not key or key in KNOWN_PUBLIC_KEYS or key.startswith("django-insecure-"):
        raise ImproperlyConfigured(
            "Set SECRET_KEY (or SECRET_KEY_FILE) to a long random value, e.g. "
            "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'. "
            "Only DEBUG=1 (development) runs without one.")
    return key


SECRET_KEY = secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "daphne",  # must precede staticfiles so `runserver` serves ASGI
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI files served locally: the docs page works offline
    "channels",
    "accounts",
    "games",
    "bots",
    "notify",
    "chat",
    "conditionals",
    "ratings",
    "botapi",
    "analysis",
    "explorer",
    "puzzles",
    "tournaments",
]

MIDDLEWARE = [
    # Outermost: once every other middleware is done, frees the request's objects at once
    # instead of leaving them, in cycles, to the garbage collector.
    "raumschach_site.request_cycles.RequestCyclesMiddleware",
    # First: sees every response, including Django's own HTML error pages, and the request
    # before anything reads its body.
    "raumschach_site.middleware.ApiErrorsAsJsonMiddleware",
    # Next: a NUL or another control character in the path or query is a 400 before any view
    # looks the text up (PostgreSQL refuses NUL in text: it was a 500).
    "raumschach_site.middleware.ControlCharactersMiddleware",
    "raumschach_site.middleware.SecurityHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session, before CommonMiddleware (Django's order): the language from the
    # `django_language` cookie, else the browser's Accept-Language, else LANGUAGE_CODE.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "notify.links.RequestSiteMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.KnownDeviceMiddleware",
    # After authentication: a logged-in account's stored language wins over the browser's
    # (read from the session, where log-in and the language switch put it: no query).
    "accounts.language.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: keeps the chain above in sync mode, one thread hop per request (see its docstring).
    "raumschach_site.middleware.OneThreadPerRequestMiddleware",
]

ROOT_URLCONF = "raumschach_site.urls"
ASGI_APPLICATION = "raumschach_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.web.context.turn_count",
            ],
        },
    },
]

_SQLITE = (os.environ.get("DATABASE_URL") or "sqlite").startswith("sqlite")
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # SQLite: keep each request thread's connection (the threads are kept too, see
        # raumschach_site.asgi_threads); opening one cost ~1.5 ms of server CPU per request
        # (scripts/move_cpu.py). PostgreSQL: 0, or the pool below.
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "600" if _SQLITE else "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Bot threads and request threads write concurrently; wait for the lock instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
    # BEGIN IMMEDIATE: a transaction takes the write lock up front, so concurrent writers
    # (requests, bot threads) queue on the timeout above instead of one failing with
    # "database is locked" when both try to upgrade a read lock.
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
    # Write-ahead log: a commit appends to one file instead of creating, syncing and deleting
    # a rollback journal (less system CPU per move, and readers no longer block the writer).
    # synchronous stays FULL (SQLite's default): every commit is fsynced, as before, so a stored
    # move survives a power loss. SQLITE_SYNCHRONOUS=NORMAL trades that for less CPU: a crash of
    # the machine (not of the server) may then lose the last commits.
    DATABASES["default"]["OPTIONS"]["init_command"] = (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous="
        + os.environ.get("SQLITE_SYNCHRONOUS", "FULL") + ";")
DB_POOL_MAX = int(os.environ.get("DB_POOL_MAX", "0"))
if DB_POOL_MAX and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Under Daphne every request runs in a fresh thread, so persistent connections
    # (DB_CONN_MAX_AGE) are never reused and each request pays a new PostgreSQL backend. A
    # psycopg pool shared by the process's threads keeps connections open and bounds their
    # number (requests wait up to `timeout` seconds for one). Needs psycopg-pool.
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool, not Django, keeps connections
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2, "max_size": DB_POOL_MAX, "timeout": 10}
# Under Daphne, requests borrow a kept one-thread executor (raumschach_site.asgi_threads) instead
# of starting a thread per request; this many idle ones are kept between requests.
ASGI_THREAD_POOL_IDLE = int(os.environ.get("ASGI_THREAD_POOL_IDLE", "16"))
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # channels_redis' layer, its group_send pipelined (raumschach_site.redis_layer);
            # CHANNEL_LAYER_PIPELINED=0: the stock layer, to measure the copy against it.
            "BACKEND": ("raumschach_site.redis_layer.PipelinedRedisChannelLayer"
                        if env_bool("CHANNEL_LAYER_PIPELINED", True)
                        else "channels_redis.core.RedisChannelLayer"),
            # channels_redis queues every message for one server process under ONE Redis key
            # (its "specific.<id>!" channel) and silently drops group messages once that key
            # holds `capacity` (default 100) undelivered ones: a busy Daphne process with
            # thousands of sockets lost moves in the load test (scripts/loadtest.py). Let a
            # process fall seconds behind without losing anything; `expiry` still bounds it.
            "CONFIG": {"hosts": [REDIS_URL],
                       "capacity": int(os.environ.get("CHANNEL_LAYER_CAPACITY", "10000"))},
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
        }
    }
else:
    CHANNEL_LAYERS = {
        "default": {"BACKEND": "raumschach_site.memory_layer.SweepingOncePerSecondLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Email: the console backend by default, so the embedded set-up sends nothing anywhere and
# needs no server. Production sets EMAIL_BACKEND=django.core.mail.backends.smtp.EmailBackend and
# the EMAIL_HOST* variables; EMAIL_FILE_PATH serves the file backend. SITE_URL is the public
# address that links in mails point to (a mail has no request to take the host from).
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
if os.environ.get("EMAIL_FILE_PATH"):
    EMAIL_FILE_PATH = os.environ["EMAIL_FILE_PATH"]
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Raumschach <noreply@localhost>")
# Without SITE_URL, links are built from the request's host or else HOST/PORT, the address
# scripts/serve.sh listens on (notify/links.py); a wildcard host is reached at 127.0.0.1.
_LISTEN_HOST = os.environ.get("HOST", "127.0.0.1").strip() or "127.0.0.1"
if _LISTEN_HOST in {"0.0.0.0", "::", "[::]"}:
    _LISTEN_HOST = "127.0.0.1"
elif ":" in _LISTEN_HOST and not _LISTEN_HOST.startswith("["):
    _LISTEN_HOST = f"[{_LISTEN_HOST}]"
SITE_URL_DEFAULT = f"http://{_LISTEN_HOST}:{os.environ.get('PORT', '8000').strip() or '8000'}"
SITE_URL = (os.environ.get("SITE_URL", "").strip() or SITE_URL_DEFAULT).rstrip("/")
# Mail to players (notify): sent by a Celery task with REDIS_URL, else by a thread of the server
# process (BACKGROUND_IN_PROCESS), which also runs the periodic jobs (clock warnings, digests,
# ended vacations).
NOTIFY_PERIODIC_SECONDS = int(os.environ.get("NOTIFY_PERIODIC_SECONDS", "300"))
NOTIFY_PERIODIC_ON_START = env_bool("NOTIFY_PERIODIC_ON_START", True)
NOTIFY_CLOCK_WARNING_HOURS = int(os.environ.get("NOTIFY_CLOCK_WARNING_HOURS", "24"))
NOTIFY_DIGEST_HOURS = int(os.environ.get("NOTIFY_DIGEST_HOURS", "24"))
# How long links in mails stay valid (seconds): address confirmation and password reset.
EMAIL_VERIFY_MAX_AGE = int(os.environ.get("EMAIL_VERIFY_MAX_AGE", str(3 * 24 * 3600)))
PASSWORD_RESET_TIMEOUT = int(os.environ.get("PASSWORD_RESET_TIMEOUT", str(3600)))
# Vacation: days a year a player may stop their correspondence clocks.
VACATION_DAYS_PER_YEAR = int(os.environ.get("VACATION_DAYS_PER_YEAR", "30"))

# Live games (issue 46; games/clock.py, games/services/clocks.py): seconds each side has for its
# first move before the game is aborted (lichess's first-move timer); the most network lag one
# move is credited (ms; each side also has a quota that refills, games.clock.lag_rules); how
# often the embedded server sweeps for flags its timer missed (seconds; beat's sweep likewise).
FIRST_MOVE_SECONDS = int(os.environ.get("FIRST_MOVE_SECONDS", "30"))
LAG_CREDIT_MAX_MS = int(os.environ.get("LAG_CREDIT_MAX_MS", "1000"))
FLAG_SWEEP_SECONDS = float(os.environ.get("FLAG_SWEEP_SECONDS", "10"))
FLAGS_ON_START = env_bool("FLAGS_ON_START", True)
# With REDIS_URL: the sorted set of running live games' deadlines (core/due_set.py), and the
# longest a server process's flag poller sleeps (seconds; it wakes at the earliest deadline it
# knows, so this bounds only the lateness of a deadline set earlier than that meanwhile).
FLAG_DEADLINES_KEY = os.environ.get("FLAG_DEADLINES_KEY", "flags:deadlines")
FLAG_POLL_SECONDS = float(os.environ.get("FLAG_POLL_SECONDS", "0.2"))

# Celery: with REDIS_URL bots run in Celery workers on the `bots` queue; without it the bots
# hook computes moves in a background thread of the server process instead.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1  # a search is long; don't hoard tasks another worker could run
# Bot moves are published to `bots` or `bots_deep` by their level (bots/lanes.py; this route is
# the default, e.g. draw answers); analyses have their own queue and worker (issue 38).
CELERY_TASK_ROUTES = {"bots.tasks.*": {"queue": "bots"},
                      "analysis.tasks.*": {"queue": "analysis"}}
# A whole worker killed mid-search (a crashed machine or container) leaves its task
# unacknowledged in Redis; a running worker puts it back on the queue once it is older than the
# visibility timeout, checking every `unacked_restore_interval` seconds. A living worker marks
# the messages it holds as fresh every visibility_timeout / 5 seconds (raumschach_site.celery,
# UnackedHeartbeat), so a task searching for 80 s is never handed out twice while a killed
# worker's task is back within ~20 s (Celery's default, 1 h, left a game waiting for the
# 5-minute sweep; 90 s without the heartbeat answered after ~110 s). The heartbeat covers
# every message the worker holds unacknowledged: running, reserved, or waiting for a countdown
# or a retry's backoff. tests/bots checks these bounds, and a chaos test the kill.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "15")),
    "unacked_restore_interval": 3,
    "unacked_restore_throttle": 1,  # every interval scans (kombu's default: every 10th)
}
CELERY_BEAT_SCHEDULE = {
    "sweep-expired-games": {
        "task": "games.tasks.sweep_expired_games",
        # seconds; a live game's flag is its own timer's (games/services/clocks.py): this is
        # the net under a lost timer, and ends correspondence games, where a minute is nothing
        "schedule": FLAG_SWEEP_SECONDS,
    },
    "notify-periodic": {
        "task": "notify.tasks.run_periodic",
        "schedule": 300.0,  # seconds; clock warnings, digests, vacations that ran out
    },
    "requeue-stalled-bot-moves": {
        "task": "bots.tasks.requeue_stalled_bot_moves",
        "schedule": 60.0,  # seconds; re-queues bot moves whose task was lost (bots.services)
    },
    "expire-seeks": {
        "task": "games.tasks.expire_seeks",
        "schedule": 300.0,  # seconds; expired seeks are already hidden, this tidies them away
    },
    "ensure-showcase": {
        "task": "bots.tasks.ensure_showcase",
        "schedule": 300.0,  # seconds; the showcase restarts itself on its end, this is a net
    },
    "explorer-catch-up": {
        "task": "explorer.tasks.catch_up",
        "schedule": 600.0,  # seconds; counts a finished game whose end hook was lost (explorer)
    },
    "puzzles-mine-archive": {
        "task": "puzzles.tasks.mine_archive",
        "schedule": 1800.0,  # seconds; mines a few finished games for puzzles (puzzles/mining.py)
    },
    "tournaments-sweep": {
        "task": "tournaments.tasks.sweep",
        "schedule": 60.0,  # seconds; starts tournaments at their time, re-advances lost rounds
    },
    "refresh-statistics": {
        "task": "games.tasks.refresh_statistics",
        "schedule": 600.0,  # seconds; the planner's statistics of growing tables (core.statistics)
    },
}
# Background work (bot moves, draw answers, mail; core/background.py): Celery tasks with
# REDIS_URL, else the same tasks in thread pools of the server process.
BACKGROUND_IN_PROCESS = not REDIS_URL
# In-process bots: on server start-up, restart the moves of games waiting for a bot (their
# searches died with the previous process). The test settings turn it off for importing asgi.
BOTS_RESUME_ON_START = env_bool("BOTS_RESUME_ON_START", True)
# Seconds the server process may take to finish what is under way after SIGTERM before it
# exits regardless (raumschach_site.shutdown); running bot searches are stopped at once.
SHUTDOWN_GRACE_SECONDS = float(os.environ.get("SHUTDOWN_GRACE_SECONDS", "5"))
# In-process bot threads search this many steps of nice below the server (0: the same);
# core/background.py.
BOTS_THREAD_NICE = int(os.environ.get("BOTS_THREAD_NICE", "10"))
# Bots from this level on (3: Hard, Expert, Master) search in the deep lane (bots/lanes.py): the
# Celery queue `bots_deep` with a broker, else BOTS_DEEP_THREADS threads of their own; the
# quicker levels keep the `bots` queue / BOTS_THREADS threads, which deep searches cannot clog.
BOTS_DEEP_FROM_LEVEL = int(os.environ.get("BOTS_DEEP_FROM_LEVEL", "3"))
BOTS_DEEP_THREADS = max(1, int(os.environ.get("BOTS_DEEP_THREADS", "2")))
# A bot's move in a live game (its clock runs) goes to the live lane at any level: the Celery
# queue `bots_live` with a broker, else BOTS_LIVE_THREADS threads of their own (bots/lanes.py).
BOTS_LIVE_THREADS = max(1, int(os.environ.get("BOTS_LIVE_THREADS", "2")))

# Computer analysis of games (analysis/): every position searched to ANALYSIS_DEPTH plies or
# ANALYSIS_NODES nodes, the first reached (0 = no such limit; not both 0). The defaults analyse
# an 80-ply Raumschach game in ~17 s of one core (docs/performance.md). A user may have
# ANALYSIS_MAX_RUNNING analyses queued or running at once and request ANALYSIS_DAILY_CAP in any
# 24 hours (staff: no caps); an analysis queued or running for longer than
# ANALYSIS_STALE_SECONDS (its worker or server died) counts as failed and may be requested again.
ANALYSIS_DEPTH = int(os.environ.get("ANALYSIS_DEPTH", "12"))
ANALYSIS_NODES = int(os.environ.get("ANALYSIS_NODES", "1000000"))
# ...and for a variant the native core does not play (searched by the Python core, ~30-70x
# slower): ~1-2 s a position.
ANALYSIS_PYTHON_NODES = int(os.environ.get("ANALYSIS_PYTHON_NODES", "60000"))
ANALYSIS_MAX_RUNNING = int(os.environ.get("ANALYSIS_MAX_RUNNING", "1"))
ANALYSIS_DAILY_CAP = int(os.environ.get("ANALYSIS_DAILY_CAP", "10"))
ANALYSIS_STALE_SECONDS = int(os.environ.get("ANALYSIS_STALE_SECONDS", "900"))
# In-process analyses run in one thread of their own (core/background.py, pool "analysis"),
# niced like the bots' threads, so a long analysis never delays a bot's move.
ANALYSIS_THREADS = int(os.environ.get("ANALYSIS_THREADS", "1"))
# In-process analyses: on server start-up, start again those the previous process left queued
# or running (a stopping server puts its running one back in the queue).
ANALYSIS_RESUME_ON_START = env_bool("ANALYSIS_RESUME_ON_START", True)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Issue 45: the site speaks English and German. Catalogues live in locale/ (the .po files are
# source; the .mo files are built by scripts/compile_messages.py at install, never committed).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []
# collectstatic also writes gzip (and brotli, if installed) copies that whitenoise serves to
# clients that accept them: the vendored three.js is ~2 MB as text, ~0.4 MB gzipped.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# The vendored three.js sits in a folder per revision (scripts/vendor_threejs.sh writes a new
# one for a new version), so browsers may keep it for a year; other files get whitenoise's
# default short max-age.
WHITENOISE_IMMUTABLE_FILE_TEST = r"/vendor/three/r\d+/"

# The largest request body accepted (bytes): moves and forms are tiny. Larger ones are refused
# on their declared length before being read (raumschach_site.asgi, .middleware), and the API's
# JSON parser stops reading at this size and refuses nesting deeper than MAX_JSON_DEPTH.
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("MAX_REQUEST_BODY", str(1024 * 1024)))
# The largest websocket message (and frame) a client may send, in bytes; a larger one closes
# the connection with code 1009 (raumschach_site.websocket_limits). Clients send moves and
# chat lines of a few hundred bytes; the consumers answer messages over 4096 characters with
# an error and keep the connection.
WEBSOCKET_MAX_MESSAGE_BYTES = int(os.environ.get("WEBSOCKET_MAX_MESSAGE_BYTES", str(64 * 1024)))
# Open websockets per client (games.realtime.limits): per address (the client behind the trusted
# proxies, as the rate limits count it) and per account, across every server process (counted
# in Redis with a Redis layer). Over either: closed with 4429 (docs/api.md). A player's page
# holds one or two (the game's and the notifications'); a household behind one address has
# several players and tabs.
WEBSOCKET_MAX_PER_ADDRESS = max(1, int(os.environ.get("WEBSOCKET_MAX_PER_ADDRESS", "50")))
WEBSOCKET_MAX_PER_ACCOUNT = max(1, int(os.environ.get("WEBSOCKET_MAX_PER_ACCOUNT", "20")))
WEBSOCKET_CAP_KEY_PREFIX = os.environ.get("WEBSOCKET_CAP_KEY_PREFIX", "wscap")
# A socket's place under the caps lapses this many seconds after its process last refreshed it
# (an open socket refreshes every third of it): a killed process's sockets free their places.
WEBSOCKET_CAP_TTL_SECONDS = max(3, int(os.environ.get("WEBSOCKET_CAP_TTL_SECONDS", "60")))
# A player's game socket in a live game is pinged this often (seconds; lichess's client pings
# 2.5 s after each answer): the round trips measured are the lag credited to the player's
# moves on that socket (games.realtime.lag).
GAME_SOCKET_PING_SECONDS = max(0.05, float(os.environ.get("GAME_SOCKET_PING_SECONDS", "3")))
MAX_JSON_DEPTH = 32

REST_FRAMEWORK = {
    # Token first: its `WWW-Authenticate: Token` makes unauthenticated requests 401, not 403.
    # Session authentication enforces CSRF for browser requests.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "EXCEPTION_HANDLER": "games.api.exceptions.api_exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "games.api.parsers.LimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Raumschach server API",
    "DESCRIPTION": (
        "Play Raumschach (5×5×5 chess) by correspondence or live, against people and bots.\n\n"
        "v1.2: games are named by their public id (8 letters and digits, lichess's form) in "
        "every path, answer and event; an old integer id under /api/v1/games/ is answered "
        "with a permanent redirect to the same path under the public id (301 for GET and "
        "HEAD, 308 otherwise, the new `id` and `location` in a JSON body), or 404 if no game "
        "has it. See docs/api.md, \"Game ids\"."),
    "VERSION": "1.2",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # One name for the clock's choices (games.models.DAYS_PER_MOVE_CHOICES: the REST challenge's
    # days_per_move, the Bot API's days); were they to differ, the schema check would warn.
    "ENUM_NAME_OVERRIDES": {"DaysPerMoveEnum": [(d, d) for d in (1, 2, 3, 5, 7, 10, 14)],
                            "LichessChatRoomEnum": ["player", "spectator"],
                            "ChatRoomEnum": ["players", "spectators"],
                            "TournamentStatusEnum": ["created", "started", "finished"],
                            "TournamentSystemEnum": ["round-robin", "swiss", "arena"]},
    # A game's public id in a path: games.converters.PUBLIC_ID_PATTERN, anchored (a test holds
    # them equal; games.api.openapi finds the game paths by it), not "any string".
    "PATH_CONVERTER_OVERRIDES": {"gid": {
        "type": "string", "pattern": "^[0-9]*[A-Za-z][A-Za-z0-9]*$", "maxLength": 16,
        "description": "The game's public id (8 letters and digits, e.g. Q7rTz2Kx). An old "
                       "integer id is answered 301 (GET, HEAD) or 308 (other methods) to the "
                       "same path under the public id, or 404 if no game has it."}},
    # Documented: JSON bodies. Form-encoded bodies are also accepted (curl -d), as a convenience.
    "PARSER_WHITELIST": ["games.api.parsers.LimitedJSONParser"],
    # The Bot API's NDJSON streams are async views drf-spectacular cannot see: added here.
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "botapi.openapi.add_stream_paths",
                             "games.api.openapi.document_401_everywhere",
                             "games.api.openapi.document_old_game_id_redirects",
                             "games.api.openapi.forbid_nul_in_request_text"],
}


def env_rate(name: str, default: str) -> tuple[int, int]:
    """'attempts/seconds', e.g. '10/3600'; '0/1' disables the limit."""
    attempts, seconds = os.environ.get(name, default).split("/")
    return int(attempts), max(1, int(seconds))


# Cache-based rate limits on account endpoints and pages (accounts.ratelimit). Per client
# address: signup (accounts created), login (web and admin log-in attempts), token (token
# exchanges). Per account: login_account (wrong passwords for one name from anywhere; a
# browser that logged in to that account before is exempt, see accounts.services).
# password_change: wrong current passwords, per account and per address.
RATE_LIMITS = {
    "signup": env_rate("RATE_LIMIT_SIGNUP", "10/3600"),
    "login": env_rate("RATE_LIMIT_LOGIN", "20/300"),
    "token": env_rate("RATE_LIMIT_TOKEN", "20/300"),
    "login_account": env_rate("RATE_LIMIT_LOGIN_ACCOUNT", "10/900"),
    "password_change": env_rate("RATE_LIMIT_PASSWORD_CHANGE", "5/300"),
    # Per client address and per address asked for: a reset form must not mail-bomb anyone.
    "password_reset": env_rate("RATE_LIMIT_PASSWORD_RESET", "5/3600"),
    "email_verify": env_rate("RATE_LIMIT_EMAIL_VERIFY", "5/3600"),
    # Chat lines per user (REST and socket together): a conversation, not a flood.
    "chat": env_rate("RATE_LIMIT_CHAT", "10/30"),
    # Bot/Board API (botapi), per account: game actions, challenges sent, streams opened.
    "botapi_action": env_rate("RATE_LIMIT_BOTAPI_ACTION", "120/60"),
    "botapi_challenge": env_rate("RATE_LIMIT_BOTAPI_CHALLENGE", "60/3600"),
    "botapi_stream": env_rate("RATE_LIMIT_BOTAPI_STREAM", "60/60"),
    # The analysis board's server search (a browser without WebAssembly), per user or address.
    "analysis_search": env_rate("RATE_LIMIT_ANALYSIS_SEARCH", "10/60"),
    # The analysis board's moves (each one checked by the server's engine).
    "analysis_board": env_rate("RATE_LIMIT_ANALYSIS_BOARD", "300/60"),
    # The opening explorer's reads (one per position the analysis board shows), as the board's.
    "explorer": env_rate("RATE_LIMIT_EXPLORER", "300/60"),
    # Puzzles: `next` and attempts together, per user or address (one puzzle is two requests).
    "puzzles": env_rate("RATE_LIMIT_PUZZLES", "120/60"),
    # Game imports per account (issue 44): each replays up to 2,000 plies on the engine.
    "game_import": env_rate("RATE_LIMIT_GAME_IMPORT", "30/3600"),
}
# Scopes whose counters must outlive a restart and a Redis outage (accounts.ratelimit): kept
# in the database in the embedded set-up (its cache is process memory) and while Redis is
# unreachable (the others then fail open).
RATE_LIMIT_DURABLE_SCOPES = frozenset({
    "signup", "login", "token", "login_account", "password_change", "password_reset",
    "email_verify"})
# API tokens an account may hold at once (accounts.services): enough for a few devices and
# bot programs; beyond it old ones must be revoked (a token leak stays countable).
MAX_API_TOKENS_PER_ACCOUNT = max(1, int(os.environ.get("MAX_API_TOKENS_PER_ACCOUNT", "20")))
# The signed "known device" cookie (accounts.http): which accounts a browser logged in to.
KNOWN_DEVICE_COOKIE_NAME = "rs_known_device"
KNOWN_DEVICE_COOKIE_AGE = int(os.environ.get("KNOWN_DEVICE_COOKIE_AGE", str(365 * 24 * 3600)))
RATE_LIMIT_KEY_PREFIX = "rl"

# Game chat: the longest line in characters, and how many of the latest lines a read returns.
CHAT_MAX_LENGTH = int(os.environ.get("CHAT_MAX_LENGTH", "500"))
CHAT_HISTORY = int(os.environ.get("CHAT_HISTORY", "200"))
# Conditional moves: lines a player may keep per game, and moves per line (both sides').
CONDITIONAL_MAX_LINES = int(os.environ.get("CONDITIONAL_MAX_LINES", "20"))
CONDITIONAL_MAX_LINE_MOVES = int(os.environ.get("CONDITIONAL_MAX_LINE_MOVES", "20"))
# Bot/Board API streams: seconds between keep-alive empty lines, and open streams per account
# (over it, or a second stream of one token for one game: 429). An open stream's place lapses
# BOTAPI_STREAM_SLOT_SECONDS after its last refresh (0: six keep-alives, at least 30 s; the
# place of a stream whose process died frees itself then); a live stream refreshes it at every
# keep-alive. Fractions of a second are for tests that run many lifetimes of a place quickly.
BOTAPI_KEEPALIVE_SECONDS = max(0.1, float(os.environ.get("BOTAPI_KEEPALIVE_SECONDS", "6")))
BOTAPI_STREAM_SLOT_SECONDS = max(0, int(os.environ.get("BOTAPI_STREAM_SLOT_SECONDS", "0")))
BOTAPI_MAX_STREAMS = max(1, int(os.environ.get("BOTAPI_MAX_STREAMS", "20")))
BOTAPI_STREAM_KEY_PREFIX = os.environ.get("BOTAPI_STREAM_KEY_PREFIX", "botapi")
# Reverse proxies in front of the server that each append their peer's address to
# X-Forwarded-For (nginx's $proxy_add_x_forwarded_for, Caddy, Traefik): the client counted by
# the rate limits is the entry the outermost one appended (accounts.http.client_ip). 0: the
# direct peer (REMOTE_ADDR). Set it only when the proxies are the only way in.
TRUSTED_PROXY_COUNT = max(0, int(os.environ.get("TRUSTED_PROXY_COUNT", "0")))

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_SAMESITE = "Lax"
# Served over HTTPS (directly or behind the trusted proxy), the session and CSRF cookies are
# marked Secure per response (raumschach_site.middleware.SecurityHeadersMiddleware); over plain
# http on 127.0.0.1 or a LAN they are not, or logging in would fail with a CSRF error.
# SECURE_COOKIES=1 makes them Secure always (the compose stack sets it).
# X-Forwarded-Proto is believed only behind trusted proxies (TRUSTED_PROXY_COUNT, the only way
# in; the outermost must set the header itself, overwriting the client's): believed from
# anyone, a client sending `X-Forwarded-Proto: https` over plain http earned HSTS and Secure
# cookies, and request.is_secure() meant nothing.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if TRUSTED_PROXY_COUNT else None
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", False)
# HSTS is only ever sent on HTTPS responses (SecurityMiddleware), so it cannot lock out http.
# includeSubDomains and preload bind every other site of the domain: off by default, on in the
# compose stack's settings (its operator may turn them off and accept check --deploy's warning).
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# No deployment check is silenced: the compose stack's settings pass `check --deploy` as they
# are (tests/deploy); the embedded set-up over plain http is rightly warned about.
# The pages load scripts, styles and images from this server only; no inline code.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)
# Except for the API docs: the Swagger UI bundle sets inline styles (its scripts stay strict).
CONTENT_SECURITY_POLICY_BY_PATH = {
    # The analysis board compiles the engine's WebAssembly (no JavaScript eval).
    "/analysis/": CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"),
    "/api/docs/": CONTENT_SECURITY_POLICY.replace("style-src 'self'",
                                                  "style-src 'self' 'unsafe-inline'"),
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# ---- ratings and the lobby (issue 15) ----
# Glicko-2 rating periods per day of inactivity (lichess's 0.21436: one period ~4.7 days); each
# adds the volatility to a player's deviation, so a rating grows less certain while unused.
RATING_PERIODS_PER_DAY = float(os.environ.get("RATING_PERIODS_PER_DAY", "0.21436"))
# Rated games a person may start against the same bot in 24 hours; more are casual (see README).
# The analysis board's server search (for a browser without WebAssembly): its time cap, seconds.
ANALYSIS_BOARD_SEARCH_SECONDS = float(os.environ.get("ANALYSIS_BOARD_SEARCH_SECONDS", "1.0"))
# The opening explorer (issue 41) counts the moves of each finished game's first plies this far
# (explorer/lines.py). Changing it changes what new games add: run explorer_backfill on an
# emptied explorer to recount the archive to the new depth.
EXPLORER_MAX_PLIES = max(1, int(os.environ.get("EXPLORER_MAX_PLIES", "30")))
# Puzzles (issue 41): the shipped set (puzzles/data) is loaded after every migrate unless this
# is off; the archive job mines this many finished games a run at this search depth.
PUZZLES_LOAD_ON_MIGRATE = env_bool("PUZZLES_LOAD_ON_MIGRATE", True)
PUZZLES_MINE_GAMES_PER_RUN = max(1, int(os.environ.get("PUZZLES_MINE_GAMES_PER_RUN", "20")))
PUZZLES_MINE_DEPTH = max(1, int(os.environ.get("PUZZLES_MINE_DEPTH", "4")))
RATED_GAMES_PER_BOT_PER_DAY = int(os.environ.get("RATED_GAMES_PER_BOT_PER_DAY", "3"))
# Fair share (issue 38; docs/operating.md, "Fair share"). Running games against the site's own
# bots per account (lichess caps AI games too): each is a search queued at every turn.
MAX_BOT_GAMES = max(1, int(os.environ.get("MAX_BOT_GAMES", "3")))
# Tournaments (issue 43), fair share: tournaments not over that one player may have created,
# tournaments not over one player may be in (a round robin of 20 is 19 games at once), and
# bots per tournament (each bot's moves are searches in the bots' lanes).
TOURNAMENTS_OPEN_PER_CREATOR = max(1, int(os.environ.get("TOURNAMENTS_OPEN_PER_CREATOR", "5")))
TOURNAMENTS_ENTRIES_PER_PLAYER = max(1, int(os.environ.get("TOURNAMENTS_ENTRIES_PER_PLAYER", "10")))
TOURNAMENTS_MAX_BOTS = max(0, int(os.environ.get("TOURNAMENTS_MAX_BOTS", "8")))
# Challenges created in a rolling window ('count/seconds'; cancelled and declined ones count):
# by one challenger, to one player from anyone, and from one challenger to one player.
CHALLENGE_RATE_SENT = env_rate("CHALLENGE_RATE_SENT", "60/3600")
CHALLENGE_RATE_RECEIVED = env_rate("CHALLENGE_RATE_RECEIVED", "30/3600")
CHALLENGE_RATE_PAIR = env_rate("CHALLENGE_RATE_PAIR", "5/3600")
# Pending challenges one player may have waiting for them (from everyone together).
MAX_INCOMING_CHALLENGES = max(1, int(os.environ.get("MAX_INCOMING_CHALLENGES", "20")))
# At most one challenge mail per player in this many seconds; the others wait on the home page.
CHALLENGE_MAIL_INTERVAL = max(1, int(os.environ.get("CHALLENGE_MAIL_INTERVAL", "900")))
# The home page shows this many incoming challenges (the newest) and a count of the others.
HOME_INCOMING_CHALLENGES = max(1, int(os.environ.get("HOME_INCOMING_CHALLENGES", "10")))
# The lobby: open seeks per player, and how long a seek stays listed.
MAX_OPEN_SEEKS = int(os.environ.get("MAX_OPEN_SEEKS", "3"))
SEEK_EXPIRY_HOURS = int(os.environ.get("SEEK_EXPIRY_HOURS", "72"))
# The home page's showcase: a bot-v-bot game between two strong levels, restarted when it ends
# (Expert v Hard by default: strong play at a few seconds a move, not Master's 30 s).
SHOWCASE_ENABLED = env_bool("SHOWCASE_ENABLED", True)
SHOWCASE_LEVELS = tuple(int(x) for x in os.environ.get("SHOWCASE_LEVELS", "4,3").split(","))[:2]
# Paced (seconds): a showcase move comes no sooner than this after the one before (a game one can
# follow without waiting long for the next move), and its bots think at most SHOWCASE_MOVETIME a
# move (~3.4 CPU-s per idle minute, docs/performance.md). Unpaced, the two bots replied at once around the clock and an idle
# embedded server burned half of a two-core machine.
SHOWCASE_SECONDS_PER_MOVE = float(os.environ.get("SHOWCASE_SECONDS_PER_MOVE", "5"))
SHOWCASE_MOVETIME = max(0.1, float(os.environ.get("SHOWCASE_MOVETIME", "1")))
