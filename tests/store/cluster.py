"""The cluster helper lives with the embedded server (the benchmark uses it too)."""

from companion.store.embedded import LocalCluster

__all__ = ["LocalCluster"]
