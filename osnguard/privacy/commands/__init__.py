"""Subcommands of the `osnguard` command line, one module each (see `osnguard.privacy.cli`)."""
