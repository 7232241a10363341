"""Op family _index_ops (to be filled)."""
