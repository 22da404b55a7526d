"""Template tags and filters of the core app."""
