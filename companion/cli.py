"""``companion``: the command line (``companion serve``)."""

from __future__ import annotations

import argparse
import os
import sys


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description="Tabletop Companion")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the web service (gunicorn, gevent workers)")
    serve.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
    serve.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    serve.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY",
                                                                          "1")))
    args = parser.parse_args(argv)
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
