"""Op family _loss (to be filled)."""
