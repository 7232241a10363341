"""Op family _comm (to be filled)."""
