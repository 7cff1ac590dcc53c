"""The cluster helper lives with the embedded server (the benchmark uses it too)."""

from companion.store.cluster import LocalCluster

__all__ = ["LocalCluster"]
