"""Op family _compare (to be filled)."""
