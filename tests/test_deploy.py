"""The production compose file's Prometheus scrapes what the services serve: the API on
PASHU_METRICS_PORT (never its public port), and the worker on PASHU_WORKER_METRICS_PORT;
neither is published outside the compose network."""

from __future__ import annotations

from pathlib import Path

import yaml

from pashu.config import Settings

ROOT = Path(__file__).resolve().parents[1]


def test_prometheus_scrapes_the_api_and_the_worker_of_the_compose_file() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    services = compose["services"]
    mounted = services["prometheus"]["volumes"][0].split(":")[0]
    config = yaml.safe_load((ROOT / mounted).read_text(encoding="utf-8"))
    targets = {
        job["job_name"]: (job.get("metrics_path", "/metrics"), job["static_configs"][0]["targets"])
        for job in config["scrape_configs"]
    }
    api_port = services["api"]["command"][services["api"]["command"].index("--port") + 1]
    metrics_port = Settings().metrics_port
    assert targets["pashu-api"] == ("/metrics", [f"api:{metrics_port}"])
    assert str(metrics_port) != api_port and str(metrics_port) in services["api"]["expose"]
    published = [p.split(":")[-1] for s in services.values() for p in s.get("ports", [])]
    assert str(metrics_port) not in published and "9101" not in published
    worker_port = Settings().worker_metrics_port
    assert targets["pashu-worker"] == ("/metrics", [f"worker:{worker_port}"])
    assert str(worker_port) in services["worker"]["expose"]
    assert services["worker"]["command"] == ["pashu", "worker"]
