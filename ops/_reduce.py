"""Op family _reduce (to be filled)."""
