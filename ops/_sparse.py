"""Op family _sparse (to be filled)."""
