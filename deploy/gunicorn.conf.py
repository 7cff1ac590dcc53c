"""gunicorn configuration: ``gunicorn -c deploy/gunicorn.conf.py 'companion.app:create_app()'``.

gevent workers keep thousands of open SSE streams cheap; with no REDIS_URL the
master starts the embedded Redis once and the workers connect to it.
"""

from gevent import monkey

monkey.patch_all()  # before redis, ssl and friends are imported

import os  # noqa: E402

from companion.serving import HOOKS, SETTINGS, prepare_environment  # noqa: E402

prepare_environment()  # before the app (and prometheus_client) is imported

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = SETTINGS["worker_class"]  # companion.worker.CappedWorker
worker_connections = SETTINGS["worker_connections"]
timeout = SETTINGS["timeout"]
graceful_timeout = SETTINGS["graceful_timeout"]
keepalive = SETTINGS["keepalive"]
control_socket_disable = SETTINGS["control_socket_disable"]
logger_class = SETTINGS["logger_class"]  # gunicorn's lines as the app's JSON
on_starting = HOOKS["on_starting"]
on_exit = HOOKS["on_exit"]
post_fork = HOOKS["post_fork"]
post_worker_init = HOOKS["post_worker_init"]
child_exit = HOOKS["child_exit"]
