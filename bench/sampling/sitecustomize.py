"""On PYTHONPATH only for bench runs with ``--sample``: each forked worker samples itself
(bench/sampler.py)."""

import os

if os.environ.get("COMPANION_SAMPLE"):
    def _after_fork() -> None:
        from bench import sampler

        sampler.start(os.environ["COMPANION_SAMPLE"])

    os.register_at_fork(after_in_child=_after_fork)
