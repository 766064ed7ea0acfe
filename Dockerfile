# One image for every process of docker-compose.yml (web, migrate, worker, beat).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY requirements.txt .
# gcc builds the native engine core (engine/native/, C, no third-party code).
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/* \
    && pip install -r requirements.txt

COPY . .
RUN python scripts/compile_messages.py >/dev/null \
    && python setup.py --quiet build_ext --inplace --force && rm -rf build \
    && python scripts/build_wasm.py && rm -rf /root/.cache/zig \
    && python -m engine tablebase generate --pieces 3
# Static files are baked into the image and served by WhiteNoise.
RUN DEBUG=0 SECRET_KEY=build-only python manage.py collectstatic --noinput --verbosity 0

RUN useradd --create-home --uid 1000 app
USER app

EXPOSE 8000
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "raumschach_site.asgi:application"]
