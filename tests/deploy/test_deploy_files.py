"""Docker has no engine here: the deployment files are validated statically."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import yaml

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
ROOT = DEPLOY.parent


def dockerfile() -> list[tuple[str, str]]:
    text = (DEPLOY / "Dockerfile").read_text().replace("\\\n", " ")
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1])
            for line in text.splitlines() if line.strip() and not line.startswith("#")]


def test_dockerfile_is_slim_non_root_with_a_healthcheck():
    steps = dockerfile()
    assert steps[0] == ("FROM", "python:3.11-slim")
    users = [arg for op, arg in steps if op == "USER"]
    assert users and users[-1] not in ("root", "0")
    assert any(op == "HEALTHCHECK" and "/readyz" in arg for op, arg in steps)
    cmd = next(arg for op, arg in steps if op == "CMD")
    assert "gunicorn" in cmd and "deploy/gunicorn.conf.py" in cmd
    for op, arg in steps:  # everything it copies exists
        if op == "COPY":
            for source in arg.split()[:-1]:
                assert (ROOT / source).exists(), source


def test_compose_runs_two_apps_behind_a_proxy_on_persistent_redis():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    apps = [name for name, s in services.items() if "build" in s]
    assert len(apps) == 2
    for name in apps:
        env = services[name]["environment"]
        assert env["REDIS_URL"].startswith("redis://redis:")
        assert services[name]["build"]["dockerfile"] == "deploy/Dockerfile"
        assert services[name]["depends_on"]["redis"]["condition"] == "service_healthy"
    assert (DEPLOY / services["redis"]["volumes"][0].split(":")[0]).exists()
    redis_conf = (DEPLOY / "redis.conf").read_text()
    assert re.search(r"^appendonly yes$", redis_conf, re.M)
    assert re.search(r"^appendfsync everysec$", redis_conf, re.M)
    assert re.search(r"^maxmemory-policy noeviction$", redis_conf, re.M)
    nginx = (DEPLOY / "nginx.conf").read_text()
    for name in apps:
        assert f"server {name}:8000;" in nginx
    assert "proxy_buffering off;" in nginx  # SSE must not be buffered
    assert "8080:80" in services["proxy"]["ports"]


def test_compose_sets_the_limits_and_trusts_only_its_proxy():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    for service in compose["services"].values():
        if "build" in service:
            env = service["environment"]
            assert env["TRUSTED_PROXIES"] == "1"  # nginx, and nobody else
            for limit in ("SSE_MAX_PER_CLIENT", "SSE_MAX_STREAMS", "MAX_SESSION_ENTRIES",
                          "MOVES_PAGE"):
                assert int(env[limit]) > 0, limit
    assert re.search(r"^maxmemory \d+[kmg]b$", (DEPLOY / "redis.conf").read_text(), re.M)
    nginx = (DEPLOY / "nginx.conf").read_text()
    # every location hands the client's address on: set once for the server, and no
    # location sets headers of its own (that would drop the inherited ones)
    server, *locations = nginx.split("location ")
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in server
    assert len(locations) == 4 and not any("proxy_set_header" in loc for loc in locations)
    assert "limit_conn streams" in nginx


def test_gunicorn_config_and_procfile():
    # it monkey-patches with gevent on import: read it in a process of its own
    probe = ("import runpy, json; s = runpy.run_path('deploy/gunicorn.conf.py'); "
             "print(json.dumps({k: (v if isinstance(v, (str, int)) else callable(v)) "
             "for k, v in s.items() if k in ('worker_class', 'on_starting', 'post_fork', "
             "'on_exit', 'bind')}))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    settings = json.loads(out)
    # gunicorn's gevent worker with a connection cap and a header deadline (companion/worker.py)
    assert settings["worker_class"] == "companion.worker.CappedWorker"
    assert settings["bind"].endswith(":8000")
    assert settings["on_starting"] is True and settings["post_fork"] is True
    procfile = (ROOT / "Procfile").read_text()
    assert procfile.startswith("web: gunicorn -c deploy/gunicorn.conf.py")
