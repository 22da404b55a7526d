"""Identification of private phrases (SPEC §1)."""
