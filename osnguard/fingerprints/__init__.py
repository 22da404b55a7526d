"""Fingerprints: which realisation choices make a recipient's version theirs (server-side only)."""
