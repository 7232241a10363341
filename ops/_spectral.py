"""Op family _spectral (to be filled)."""
