"""Op family _nn (to be filled)."""
