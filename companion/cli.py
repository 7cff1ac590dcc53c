"""``companion``: the command line (``companion serve``, ``--version``, ``--help``)."""

from __future__ import annotations

import argparse
import os
import sys
from importlib import metadata

from companion import config


def _urls(host: str, port: int) -> list[str]:
    from companion.api.links import is_loopback, lan_address

    public = os.environ.get("PUBLIC_URL")
    if public:
        return [public.rstrip("/")]
    urls = [f"http://localhost:{port}"]
    if host not in ("0.0.0.0", "", "::") and is_loopback(host):
        return urls  # bound to loopback only: phones could not reach any other address
    lan = lan_address()
    if lan:
        urls.insert(0, f"http://{lan}:{port}")  # what the phones will need: printed first
    return urls


def version() -> str:
    try:
        return metadata.version("companion")
    except metadata.PackageNotFoundError:  # run from a tree that was never installed
        return "unknown"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="Tabletop Companion: keeps, adjudicates and scores "
        "physical board games for the phones at the table.",
        epilog="Settings come from environment variables (see the README's Running "
        "section); a bad one stops the start with its name and what is expected.")
    parser.add_argument("--version", action="version", version=f"companion {version()}")
    sub = parser.add_subparsers(dest="command", required=True, title="commands",
                                metavar="{serve}")
    serve = sub.add_parser("serve", help="run the web service (gunicorn, gevent workers)",
                           description="Run the web service (gunicorn, gevent workers).")
    # unset here: read from HOST, PORT and WEB_CONCURRENCY once those are checked
    serve.add_argument("--host", help="address to listen on (HOST, default 0.0.0.0)")
    serve.add_argument("--port", type=int, help="port (PORT, default 8000)")
    serve.add_argument("--workers", type=int,
                       help="worker processes (WEB_CONCURRENCY, default 1)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:  # every setting, before anything starts: a bad one is named, not a traceback
        options = config.serving_options()
        config.from_env()
    except config.BadSetting as bad:
        print(f"companion: cannot start: {bad}", file=sys.stderr)
        return 2
    args.host = args.host or options["HOST"]
    args.port = args.port or options["PORT"]
    args.workers = args.workers or options["WEB_CONCURRENCY"]
    if args.command == "serve":
        from gevent import monkey

        monkey.patch_all()  # before redis, ssl and friends are imported

        from companion import serving

        serving.prepare_environment()  # before prometheus_client is imported
        urls = _urls(args.host, args.port)
        print(f"Tabletop Companion: open {urls[0]}/ "
              f"(API docs: {urls[0]}/api/v1/docs)", flush=True)
        for other in urls[1:]:
            print(f"  also at {other}/ (this computer only)", flush=True)
        if not os.environ.get("REDIS_URL"):
            from companion.store.embedded import describe

            print(f"Storage: embedded Redis, {describe()}, in the instance folder "
                  f"({os.environ.get('COMPANION_INSTANCE_PATH') or './instance'})", flush=True)
        serving.run(args.host, args.port, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
