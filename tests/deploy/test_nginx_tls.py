"""``deploy/nginx-tls.conf`` on Debian's nginx, with a throwaway certificate made by the
``openssl`` command: ``nginx -t`` accepts it, and through it (only the upstream, the
listen addresses and the certificate's paths changed) JSON comes compressed over
HTTPS while a live stream comes uncompressed, frame by frame; plain HTTP redirects."""

from __future__ import annotations

import gzip
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import requests

from tests.api.client import Api
from tests.api.serving import free_port
from tests.conftest import LiveServer, make_app

from .test_deploy_files import DEPLOY

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
OPENSSL = shutil.which("openssl")


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1, valid a day."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run([OPENSSL, "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=30)
    return cert, key


def configure(prefix: Path, upstream: int, cert: Path, key: Path) -> tuple[Path, int, int]:
    https, http = free_port(), free_port()
    conf = (DEPLOY / "nginx-tls.conf").read_text()
    for old, new in (("server app1:8000;\n    server app2:8000;",
                      f"server 127.0.0.1:{upstream};"),
                     ("listen 443 ssl http2;", f"listen 127.0.0.1:{https} ssl http2;"),
                     ("listen 80;", f"listen 127.0.0.1:{http};"),
                     ("/etc/nginx/tls/fullchain.pem", str(cert)),
                     ("/etc/nginx/tls/privkey.pem", str(key)),
                     ("root /var/www/acme;", f"root {prefix};")):
        assert old in conf, old
        conf = conf.replace(old, new)
    (prefix / "logs").mkdir(parents=True, exist_ok=True)
    path = prefix / "nginx-tls.conf"
    path.write_text(conf)
    return path, https, http


def nginx_args(prefix: Path, conf: Path) -> list[str]:
    return [NGINX, "-p", str(prefix), "-c", str(conf), "-g",
            f"daemon off; master_process off; pid {prefix}/nginx.pid; "
            f"error_log {prefix}/logs/error.log;"]


@pytest.mark.skipif(OPENSSL is None, reason="needs the openssl command")
def test_tls_proxy_compresses_json_but_never_the_streams(clean_redis, tmp_path):
    cert, key = certificate(tmp_path)
    live = LiveServer(make_app(clean_redis, tmp_path / "app", TRUSTED_PROXIES=1))
    prefix = tmp_path / "nginx"
    conf, https, http = configure(prefix, live.server.server_port, cert, key)
    checked = subprocess.run([*nginx_args(prefix, conf), "-t"], capture_output=True,
                             text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
    proc = subprocess.Popen(nginx_args(prefix, conf), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    base = f"https://127.0.0.1:{https}"
    try:
        web = requests.Session()
        web.trust_env = False  # REQUESTS_CA_BUNDLE would win over verify
        web.verify = str(cert)
        deadline = time.monotonic() + 15
        while True:
            try:
                web.get(f"{base}/healthz", timeout=2)
                break
            except requests.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        games = web.get(f"{base}/api/v1/games", headers={"Accept-Encoding": "gzip"},
                        timeout=10)
        assert games.status_code == 200 and games.headers["Content-Encoding"] == "gzip"
        assert games.json()  # requests took the compression off
        assert "max-age" in games.headers["Strict-Transport-Security"]
        api = Api(base)
        api.http = web
        table = api.table(2)
        # a new token is never compressed (BREACH)
        created = web.post(f"{base}/api/v1/sessions", json={"game": "gaia"},
                           headers={"Accept-Encoding": "gzip"}, timeout=10)
        assert created.status_code == 201 and "Content-Encoding" not in created.headers
        stream = web.get(f"{base}/api/v1/sessions/{table['sid']}/events",
                         headers={"Accept-Encoding": "gzip"}, stream=True, timeout=(5, 20))
        try:
            assert stream.status_code == 200
            assert "Content-Encoding" not in stream.headers
            first = b""
            for chunk in stream.raw.stream(256, decode_content=False):
                first += chunk
                if b"event: version" in first:
                    break
            assert first.startswith(b"retry:") and b"event: version" in first
        finally:
            stream.close()
        plain = requests.get(f"http://127.0.0.1:{http}/api/v1/games", allow_redirects=False,
                             timeout=10)
        assert plain.status_code == 301
        assert plain.headers["Location"].startswith("https://127.0.0.1/api/v1/games")
        assert len(gzip.compress(games.content)) < len(games.content)  # worth compressing
    finally:
        proc.terminate()
        proc.wait(10)
        live.stop()
