"""Django settings: one module, driven by the environment, with embedded defaults.

Defaults need no server: SQLite in var/, and Celery over kombu's filesystem transport in var/celery.
`DATABASE_URL` switches to PostgreSQL; `REDIS_URL` switches Celery's broker and results to Redis.
`DJANGO_ENV=production` refuses to start without `DJANGO_SECRET_KEY` and `DJANGO_ALLOWED_HOSTS`.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("OSNGUARD_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


ENVIRONMENT = os.environ.get("DJANGO_ENV", "development")
PRODUCTION = ENVIRONMENT == "production"
# Debug pages (tracebacks, the URL list on a 404) only when asked for: DJANGO_DEBUG=1.
DEBUG = env_bool("DJANGO_DEBUG", False)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_ENV=production")
    SECRET_KEY = "osnguard-development-only-key-do-not-use-in-production"
if PRODUCTION and (len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5):
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY must be at least 50 characters (with at least 5 different ones) "
        "when DJANGO_ENV=production; generate one with "
        "`python -c 'import secrets; print(secrets.token_urlsafe(64))'`"
    )

ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS", "" if PRODUCTION else "127.0.0.1,localhost,testserver"
)
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS must be set when DJANGO_ENV=production")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "django_filters",
    "django_htmx",
    "csp",
    "axes",
    "osnguard.core",
    "osnguard.home",
    "osnguard.accounts",
    "osnguard.circles",
    "osnguard.posts",
    "osnguard.disclosures",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "osnguard.core.session.HtmxSessionEndedMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]

# Content-Security-Policy on every response (django-csp): scripts, styles and everything else only
# from our own origin; no inline script, no inline event handlers, no inline styles, no eval.
_csp_report_uri = os.environ.get("CSP_REPORT_URI", "")
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        **({"report-uri": [_csp_report_uri]} if _csp_report_uri else {}),
    },
}

ROOT_URLCONF = "osnguard.urls"
WSGI_APPLICATION = "osnguard.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "osnguard.core.context_processors.navigation",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'osnguard.sqlite3'}"),
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent writers on SQLite: a transaction takes the write lock when it begins (IMMEDIATE), so
    # two transactions that read then write never deadlock into "database is locked"; a writer waits
    # up to DATABASE_SQLITE_TIMEOUT seconds for the lock; WAL lets readers go on during a write.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": float(os.environ.get("DATABASE_SQLITE_TIMEOUT", "20")),
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "osnguard.accounts.usernames.VisiblePasswordValidator"},
]
LOGIN_URL = "accounts:login"
CSRF_FAILURE_VIEW = "osnguard.core.session.csrf_failure"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "accounts:login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns on a missing folder
# Outside production, whitenoise serves the static folders as they are (no collectstatic needed,
# debug mode or not); in production it serves what collectstatic gathered in STATIC_ROOT.
WHITENOISE_USE_FINDERS = not PRODUCTION
WHITENOISE_AUTOREFRESH = not PRODUCTION

if PRODUCTION:
    SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
# HTTPS: redirect plain HTTP and send HSTS (both on in production unless turned off). Behind a proxy
# that terminates TLS, DJANGO_SECURE_PROXY_SSL_HEADER names the header it sets, e.g. X-Forwarded-Proto.
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", PRODUCTION)
SECURE_HSTS_SECONDS = int(
    os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600) if PRODUCTION else "0")
)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", PRODUCTION)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", PRODUCTION)
if os.environ.get("DJANGO_SECURE_PROXY_SSL_HEADER"):
    _proxy_header = os.environ["DJANGO_SECURE_PROXY_SSL_HEADER"].strip().upper().replace("-", "_")
    SECURE_PROXY_SSL_HEADER = (
        _proxy_header if _proxy_header.startswith("HTTP_") else f"HTTP_{_proxy_header}",
        "https",
    )
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Outside production, e-mails are written as files to var/mail/ (EMAIL_FILE_PATH), one per e-mail;
# production sets EMAIL_BACKEND (and EMAIL_HOST...) to a real server.
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if PRODUCTION
    else "django.core.mail.backends.filebased.EmailBackend",
)
EMAIL_FILE_PATH = Path(os.environ.get("EMAIL_FILE_PATH", VAR_DIR / "mail"))
# The address of the app in links sent by e-mail.
SITE_URL = os.environ.get("OSNGUARD_SITE_URL", "http://127.0.0.1:8000").rstrip("/")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "osnguard <noreply@osnguard.local>")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "osnguard.accounts.tokens.ExpiringTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "osnguard.core.api.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "osnguard.core.limits.UserThrottle",
        "osnguard.core.limits.IPThrottle",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "osnguard.core.inputs.DepthLimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
# Limits (osnguard/core/limits.py); a rate of "" turns that limit off.
API_THROTTLE_USER = os.environ.get("API_THROTTLE_USER", "120/min")  # API calls per signed-in user
API_THROTTLE_IP = os.environ.get("API_THROTTLE_IP", "300/min")  # API calls per client IP address
SIGNUP_RATE = os.environ.get("SIGNUP_RATE", "5/hour")  # sign-ups per client IP (form and API)
ENGINE_CONCURRENCY = int(
    os.environ.get("ENGINE_CONCURRENCY", "2")
)  # engine calls at once, per process
ENGINE_QUEUE_TIMEOUT = float(
    os.environ.get("ENGINE_QUEUE_TIMEOUT", "15")
)  # seconds to wait for a slot
ENGINE_RETRY_AFTER = int(
    os.environ.get("ENGINE_RETRY_AFTER", "5")
)  # Retry-After of the 503 when busy
PROPOSAL_MAX_LENGTH = int(
    os.environ.get("PROPOSAL_MAX_LENGTH", "2000")
)  # characters in a proposed message
PROPOSAL_VERSIONS_PAGE_SIZE = int(
    os.environ.get("PROPOSAL_VERSIONS_PAGE_SIZE", "50")
)  # versions per proposal page
USER_SEARCH_MIN_LENGTH = int(
    os.environ.get("USER_SEARCH_MIN_LENGTH", "3")
)  # characters before user search answers
# Proxies in front of the app that append to X-Forwarded-For; 0 trusts only REMOTE_ADDR.
DJANGO_NUM_PROXIES = int(os.environ.get("DJANGO_NUM_PROXIES", "0"))
# Log-in lockout (django-axes): this many failed log-ins for one username from one IP address lock
# it for AXES_COOLOFF_MINUTES.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = dt.timedelta(minutes=float(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "osnguard.core.limits.client_ip"
AXES_LOCKOUT_TEMPLATE = "registration/locked.html"
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AUTHENTICATION_BACKENDS = [
    "osnguard.accounts.backends.LockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# API tokens expire this many seconds after they were issued (0: never).
API_TOKEN_LIFETIME = int(os.environ.get("API_TOKEN_LIFETIME", str(30 * 24 * 3600)))
# The deepest nesting of lists and objects a JSON request body may have.
API_JSON_MAX_DEPTH = int(os.environ.get("API_JSON_MAX_DEPTH", "32"))
SPECTACULAR_SETTINGS = {
    "TITLE": "osnguard API",
    "DESCRIPTION": "Control what a social-network message discloses, and to whom.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "ENUM_NAME_OVERRIDES": {
        "SourceKindEnum": "osnguard.disclosures.models.Source.Kind",
        "NotificationKindEnum": "osnguard.disclosures.models.Notification.Kind",
        "InteractionKindEnum": "osnguard.circles.models.Interaction.Kind",
    },
}

# Celery: Redis when REDIS_URL is set, else kombu's filesystem transport (no server needed).
REDIS_URL = os.environ.get("REDIS_URL", "")

# Detect workers: each keeps a screening index of stored messages (disclosures/detection.py),
# at most this many (the newest), and sweeps out deleted messages at most this often.
# Worker and web processes load the privacy engine when they start (core/preload.py; a web process
# in the background, shown by /healthz/); 0 for workers that only crawl.
ENGINE_PRELOAD = env_bool("ENGINE_PRELOAD", True)
DETECT_INDEX_MAX_MESSAGES = int(os.environ.get("DETECT_INDEX_MAX_MESSAGES", "200000"))
DETECT_SWEEP_SECONDS = float(os.environ.get("DETECT_SWEEP_SECONDS", "60"))
# Analysed messages a detect worker keeps (about 0.34 MB each for 150 recipients).
DETECT_PREPARED_CACHE_SIZE = int(os.environ.get("DETECT_PREPARED_CACHE_SIZE", "512"))
# Shards of the stored messages, by author (author id modulo DETECT_SHARDS): with more than one,
# every crawled document is screened once per shard, on queue "detect-<shard>", by workers that
# index only that shard's messages (docs/scaling.md). At most 62.
DETECT_SHARDS = min(62, max(1, int(os.environ.get("DETECT_SHARDS", "1"))))

# Caches: "proposals" keeps each reviewed proposal for an hour (the review's lifetime), so that
# posting stores the versions the author reviewed without running the engine again
# (posts/services.py); in Redis when REDIS_URL is set, so every web process shares it.
PROPOSAL_CACHE_SECONDS = int(os.environ.get("PROPOSAL_CACHE_SECONDS", "3600"))
CACHES: dict[str, dict[str, object]] = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "proposals": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "osnguard",
            "TIMEOUT": PROPOSAL_CACHE_SECONDS,
        }
        if REDIS_URL
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "proposals",
            "TIMEOUT": PROPOSAL_CACHE_SECONDS,
            "OPTIONS": {"MAX_ENTRIES": 500},
        }
    ),
}
CELERY_DATA_DIR = VAR_DIR / "celery"
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
        "retry_policy": {
            "max_retries": 2,
            "interval_start": 0,
            "interval_step": 0.3,
            "interval_max": 0.5,
        }
    }
    # How long a task a worker took but never acknowledged (it died) stays invisible before Redis
    # hands it to another worker.
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
        "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3600")),
        # How often workers sweep for such tasks (seconds x every Nth sweep), kombu's defaults.
        "unacked_restore_interval": int(os.environ.get("CELERY_UNACKED_RESTORE_INTERVAL", "10")),
        "unacked_restore_throttle": int(os.environ.get("CELERY_UNACKED_RESTORE_THROTTLE", "10")),
        # A web request that sends a task gives up within about a second when Redis is down
        # (the caller then says so and keeps the job for later), instead of hanging.
        "max_retries": 2,
        "interval_start": 0,
        "interval_step": 0.3,
        "interval_max": 0.5,
        "socket_connect_timeout": 2,
    }
else:
    for folder in ("in", "processed", "control"):
        (CELERY_DATA_DIR / folder).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_DATA_DIR / "in"),
        "data_folder_out": str(CELERY_DATA_DIR / "in"),
        "processed_folder": str(CELERY_DATA_DIR / "processed"),
        "store_processed": False,
        "control_folder": str(CELERY_DATA_DIR / "control"),
    }
    CELERY_RESULT_BACKEND = f"db+sqlite:///{CELERY_DATA_DIR / 'results.sqlite3'}"
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = "default"
CELERY_TASK_ROUTES = {
    "osnguard.disclosures.tasks.crawl_*": {"queue": "crawl"},
    "osnguard.disclosures.tasks.detect_*": {"queue": "detect"},
}
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)

# Engine and crawler settings.
OSNGUARD_DATA_DIR = os.environ.get("OSNGUARD_DATA_DIR", str(BASE_DIR.parent / "shared" / "data"))
# Networks the crawler may reach although private/loopback (e.g. "127.0.0.0/8" for local tests).
CRAWLER_ALLOWED_NETWORKS = env_list("CRAWLER_ALLOWED_NETWORKS")
CRAWLER_CONNECT_TIMEOUT = float(os.environ.get("CRAWLER_CONNECT_TIMEOUT", "5"))
CRAWLER_READ_TIMEOUT = float(os.environ.get("CRAWLER_READ_TIMEOUT", "15"))
CRAWLER_DEADLINE = float(os.environ.get("CRAWLER_DEADLINE", "60"))
CRAWLER_MAX_BYTES = int(os.environ.get("CRAWLER_MAX_BYTES", str(5 * 1024 * 1024)))
CRAWLER_MAX_SOURCES_PER_USER = int(os.environ.get("CRAWLER_MAX_SOURCES_PER_USER", "25"))
# Celery limits of one crawl task (robots.txt and the document, each within CRAWLER_DEADLINE).
CRAWL_TASK_SOFT_TIME_LIMIT = float(
    os.environ.get("CRAWL_TASK_SOFT_TIME_LIMIT", str(3 * CRAWLER_DEADLINE))
)
CRAWL_TASK_TIME_LIMIT = float(
    os.environ.get("CRAWL_TASK_TIME_LIMIT", str(CRAWL_TASK_SOFT_TIME_LIMIT + 30))
)
CELERY_BEAT_SCHEDULE = {
    "crawl-due-sources": {"task": "osnguard.disclosures.tasks.crawl_due_sources", "schedule": 60.0},
    "crawl-requeue-stuck": {
        "task": "osnguard.disclosures.tasks.crawl_requeue_stuck",
        "schedule": 600.0,
    },
    "notification-digests": {
        "task": "osnguard.disclosures.tasks.notification_send_digests",
        "schedule": 24 * 3600.0,
    },
    "circles-suggest-levels": {
        "task": "osnguard.circles.tasks.circle_suggest_levels_all",
        "schedule": 24 * 3600.0,
    },
    "writing-exposures": {
        "task": "osnguard.posts.tasks.writing_exposures_refresh_stale",
        "schedule": 24 * 3600.0,
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
