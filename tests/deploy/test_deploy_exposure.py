"""What the compose stack shows the internet: links from PUBLIC_URL, the
metrics token passed through, /metrics not proxied. Checked statically (no Docker)."""

from __future__ import annotations

import re

import yaml

from .test_deploy_files import DEPLOY


def test_compose_builds_links_from_public_url_and_passes_the_metrics_token():
    services = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]
    for name, service in services.items():
        if "build" not in service:
            continue
        env = service["environment"]
        assert env["PUBLIC_URL"].startswith("${PUBLIC_URL:?"), name  # required
        assert env["METRICS_TOKEN"].startswith("${METRICS_TOKEN:?"), name
        assert "ALLOWED_HOSTS" not in env or env["ALLOWED_HOSTS"] != "*", name


def test_nginx_does_not_pass_metrics():
    nginx = (DEPLOY / "nginx.conf").read_text()
    block = re.search(r"if \(\$uri = /metrics\) \{([^}]*)\}", nginx)
    assert block and "return 404;" in block.group(1) and "proxy_pass" not in block.group(1)
