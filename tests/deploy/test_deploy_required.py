"""The compose stack as shipped. PUBLIC_URL, COMPANION_SECRET and
METRICS_TOKEN are required (compose refuses to start without them, saying which and
how), and nginx's stream location covers every stream path the app serves. Docker has
no engine here: compose's ``${VAR:?sentence}`` is interpreted by the test."""

from __future__ import annotations

import re

import pytest
import yaml

from .test_deploy_files import DEPLOY

REQUIRED = ("PUBLIC_URL", "COMPANION_SECRET", "METRICS_TOKEN")
#: compose's interpolation forms: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?err}...
FORM = re.compile(r"\$\{(?P<name>\w+)(?:(?P<op>:?[-?+])(?P<arg>[^}]*))?\}")


def interpolate(value: str, env: dict[str, str]) -> str:
    """What ``docker compose`` makes of ``value`` with ``env``; SystemExit with compose's
    message where it refuses to start."""
    def one(match: re.Match[str]) -> str:
        name, op, arg = match["name"], match["op"], match["arg"]
        given = env.get(name)
        empty = given is None or (given == "" and (op or "").startswith(":"))
        if op in ("?", ":?") and empty:
            raise SystemExit(f"required variable {name} is missing a value: {arg}")
        if op in ("-", ":-") and empty:
            return arg or ""
        return given or ""
    return FORM.sub(one, value)


def _apps() -> dict[str, dict]:
    services = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]
    return {name: s for name, s in services.items() if "build" in s}


@pytest.mark.parametrize("missing", REQUIRED)
def test_the_stack_refuses_to_start_without_each_required_setting(missing):
    env = {"PUBLIC_URL": "http://192.168.1.20:8080", "COMPANION_SECRET": "s" * 64,
           "METRICS_TOKEN": "t" * 32}
    for given in ({k: v for k, v in env.items() if k != missing}, {**env, missing: ""}):
        for service in _apps().values():
            with pytest.raises(SystemExit) as refused:
                for value in service["environment"].values():
                    interpolate(str(value), given)
            sentence = str(refused.value)
            assert missing in sentence and "set " + missing in sentence
    for service in _apps().values():  # with all three set, it starts with those values
        resolved = {k: interpolate(str(v), env) for k, v in service["environment"].items()}
        assert {k: resolved[k] for k in REQUIRED} == env


def test_no_secret_or_address_has_a_published_default():
    for service in _apps().values():
        for name in REQUIRED:
            assert FORM.fullmatch(service["environment"][name])["op"] == ":?", name


def test_the_stream_location_covers_every_stream_path(app):
    """Every route answering text/event-stream is proxied unbuffered, with long reads."""
    nginx = (DEPLOY / "nginx.conf").read_text()
    blocks = re.findall(r"location ~ (\S+) \{(.*?)\n    \}", nginx, re.S)
    streams = [re.compile(rx) for rx, body in blocks
               if "proxy_buffering off;" in body and "proxy_read_timeout 1h;" in body]
    assert streams
    paths = [rule.rule for rule in app.url_map.iter_rules()
             if rule.endpoint.startswith("events.")]
    assert len(paths) >= 2 and any(p.endswith("/me/events") for p in paths)
    for path in paths:
        concrete = re.sub(r"<[^>]+>", "0123456789abcdef", path)
        assert any(rx.fullmatch(concrete) for rx in streams), path
    # and nothing else is held open for an hour
    assert not any(rx.fullmatch("/api/v1/sessions/0123456789abcdef/moves") for rx in streams)
