"""Op family _misc (to be filled)."""
