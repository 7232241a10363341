"""Test-session settings shared by tests/ and parity_tests/.

Multi-device code is tested on CPU: XLA exposes several host devices. This must be set
before JAX initializes its backend, hence here, at the root.
"""
import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
os.environ.setdefault("JAX_PLATFORMS", "cpu")


def pytest_collection_finish(session):
    """Start real MindSpore on the parity tables in the background as soon as the parity tests
    are collected, so that it computes them while ``tests/`` runs (``parity_tests/oracle.py``)."""
    if session.config.option.collectonly:
        return
    if any("parity_tests" in item.nodeid.split("::")[0] for item in session.items):
        from parity_tests import oracle
        oracle.start()
