"""Op family _debug (to be filled)."""
