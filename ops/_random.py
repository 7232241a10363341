"""Op family _random (to be filled)."""
