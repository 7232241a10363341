"""Op family _sort (to be filled)."""
