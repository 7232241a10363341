"""Op family _linalg (to be filled)."""
