"""Settings are checked when the app is built: a bad one stops the start, named."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from companion import cli, config
from companion.app import create_app

README = Path(__file__).resolve().parents[1] / "README.md"
BAD = [("SESSION_TTL", "7d"), ("SESSION_TTL", "0"), ("IDEMPOTENCY_TTL", "1.5"),
       ("RATE_LIMIT_CREATE", "thirty a minute"), ("RATE_LIMIT_JOIN", "60 per fortnight"),
       ("SSE_HEARTBEAT", "nan"), ("SSE_HEARTBEAT", "-1"), ("REDIS_URL", "localhost:6379"),
       ("REDIS_URL", "http://redis"), ("REDIS_MAXMEMORY", "lots"), ("PUBLIC_URL", "table.lan"),
       ("MAX_CONTENT_LENGTH", "-1"), ("TRUSTED_PROXIES", "one"), ("SSE_MAX_STREAMS", "0"),
       ("MAX_SESSION_ENTRIES", "2k"), ("COMMIT_RETRIES", "0"),
       ("REDIS_MAX_CONNECTIONS", "many"), ("LOG_LEVEL", "loud")]


@pytest.mark.parametrize(("name", "value"), BAD)
def test_a_bad_setting_stops_the_start_with_its_name_value_and_expectation(
        monkeypatch, tmp_path, name, value):
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv(name, value)
    with pytest.raises(config.BadSetting) as refused:
        create_app()
    setting = next(s for s in config.SETTINGS if s.variable == name)
    assert str(refused.value) == f"{name}={value!r}: expected {setting.expected}"


def test_an_empty_variable_means_the_default(monkeypatch, tmp_path):
    monkeypatch.setenv("MOVES_PAGE", "")
    assert config.resolve({"INSTANCE_PATH": str(tmp_path)})["MOVES_PAGE"] == 200


def test_settings_given_in_code_are_checked_too(tmp_path):
    with pytest.raises(config.BadSetting, match="RATE_LIMIT_CREATE='often'"):
        create_app({"INSTANCE_PATH": str(tmp_path), "RATE_LIMIT_CREATE": "often"})
    with pytest.raises(config.BadSetting, match="SSE_HEARTBEAT=0"):
        create_app({"INSTANCE_PATH": str(tmp_path), "SSE_HEARTBEAT": 0})


def test_good_values_are_read_as_their_types(tmp_path):
    env = {"SESSION_TTL": " 3600 ", "SSE_HEARTBEAT": "0.5", "RATE_LIMIT_CREATE": "5/minute",
           "REDIS_URL": "redis+cluster://127.0.0.1:7000", "PUBLIC_URL": "https://play.example/",
           "LOG_LEVEL": "debug", "REDIS_MAXMEMORY": "1gb", "COMPANION_INSTANCE_PATH": "/x"}
    conf = config.resolve({"NOW": 5}, env=env)
    assert (conf["SESSION_TTL"], conf["SSE_HEARTBEAT"], conf["PUBLIC_URL"]) == (
        3600, 0.5, "https://play.example")
    assert (conf["RATE_LIMIT_CREATE"], conf["LOG_LEVEL"], conf["INSTANCE_PATH"]) == (
        "5/minute", "DEBUG", "/x")
    assert conf["NOW"] == 5  # what is no setting passes through
    defaults = config.resolve(env={})
    assert {s.key: defaults[s.key] for s in config.SETTINGS if s.default is not None} == {
        s.key: s.default for s in config.SETTINGS if s.default is not None}


def test_the_readme_lists_every_setting_and_only_settings():
    table = [line for line in README.read_text().splitlines()
             if line.startswith("| `") and "` |" in line]
    listed = {name for line in table
              for name in re.findall(r"`([A-Z][A-Z0-9_]+)`", line.split(" | ")[0])}
    known = {s.variable for s in (*config.SETTINGS, *config.SERVING)}
    assert listed == known


@pytest.mark.parametrize(("name", "value"), [("PORT", "abc"), ("PORT", "70000"),
                                             ("WEB_CONCURRENCY", "0"), ("SESSION_TTL", "7d")])
def test_serve_refuses_a_bad_setting_before_starting_anything(
        monkeypatch, capsys, name, value):
    monkeypatch.setenv(name, value)
    assert cli.main(["serve"]) == 2
    said = capsys.readouterr()
    assert said.err.startswith(f"companion: cannot start: {name}={value!r}: expected ")
    assert said.out == ""  # no URL printed: nothing was started


def test_version_and_help_from_the_installed_command():
    command = Path(sys.executable).parent / "companion"
    shown = subprocess.run([command, "--version"], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0
    assert shown.stdout.strip() == f"companion {metadata.version('companion')}"
    helped = subprocess.run([command, "--help"], capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and "serve" in helped.stdout and "--version" in helped.stdout
    assert "Traceback" not in shown.stderr + helped.stderr
