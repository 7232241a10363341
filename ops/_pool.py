"""Op family _pool (to be filled)."""
