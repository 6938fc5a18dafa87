# syntax=docker/dockerfile:1
# Two stages. The first builds wheels of Pashu and of every dependency; the second installs
# them (a plain install, not editable: the image holds no source tree and no build tools)
# and runs as an unprivileged user. What the build may read is listed in .dockerignore.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY platform ./platform
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PASHU_ENV=prod \
    PASHU_MIGRATIONS_ROOT=/opt/pashu
RUN useradd --system --no-create-home --uid 10001 pashu
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --no-index --find-links=/wheels pashu && rm -rf /wheels
# The migrations are not part of the package: `pashu db upgrade` finds them through
# PASHU_MIGRATIONS_ROOT.
COPY alembic.ini /opt/pashu/alembic.ini
COPY migrations /opt/pashu/migrations
WORKDIR /opt/pashu
USER pashu
EXPOSE 8000
CMD ["pashu", "serve", "--host", "0.0.0.0", "--port", "8000"]
