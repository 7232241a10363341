"""Op family _conv (to be filled)."""
