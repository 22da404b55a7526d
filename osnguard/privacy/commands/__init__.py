"""Subcommands of the `osnguard` command line, one module each (see `osnguard.privacy.cli`).

Exit statuses shared by the subcommands: 0 done, 2 bad input, 3 a resource is missing (from
`cli.main`), 4 some message could not be checked for private details (its JSON says why).
"""

EXIT_BAD_INPUT = 2
EXIT_UNCHECKED = 4
