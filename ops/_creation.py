"""Op family _creation (to be filled)."""
