"""Test-session settings shared by tests/ and parity_tests/.

Multi-device code is tested on CPU: XLA exposes several host devices. This must be set
before JAX initializes its backend, hence here, at the root.
"""
import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
os.environ.setdefault("JAX_PLATFORMS", "cpu")
