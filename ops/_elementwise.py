"""Op family _elementwise (to be filled)."""
