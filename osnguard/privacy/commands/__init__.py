"""Subcommands of the `osnguard` command line, one module each (see `osnguard.privacy.cli`).

Exit statuses shared by the subcommands: 0 done, 2 bad input, 3 a resource is missing (from
`cli.main`), 4 some message could not be checked for private details (its JSON says why).
"""

EXIT_BAD_INPUT = 2
EXIT_UNCHECKED = 4


def read_input(path: str | None) -> str:
    """The text of `--input FILE`, or of stdin; ValueError says why it cannot be read."""
    import sys

    if path:
        try:
            with open(path, encoding="utf-8") as handle:
                return handle.read()
        except OSError as exc:
            raise ValueError(f"cannot read {path}: {exc.strerror}") from exc
        except UnicodeDecodeError as exc:
            raise ValueError(f"{path} is not UTF-8 text") from exc
    if sys.stdin.isatty():
        raise ValueError("give the input on stdin or with --input FILE")
    return sys.stdin.read()
