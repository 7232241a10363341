"""Op family _scalar (to be filled)."""
