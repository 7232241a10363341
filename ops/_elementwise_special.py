"""Special functions (to be filled)."""
