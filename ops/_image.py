"""Op family _image (to be filled)."""
