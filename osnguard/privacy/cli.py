"""The `osnguard` command line: the engine without a database, JSON in and out.

Each subcommand is a module in `osnguard.privacy.commands` exposing `HELP`,
`add_arguments(parser)` and `run(args) -> int`; this file only discovers and dispatches them.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from types import ModuleType

from osnguard.privacy import commands
from osnguard.privacy.resources import ResourceMissing


def command_modules() -> dict[str, ModuleType]:
    found = {}
    for info in pkgutil.iter_modules(commands.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        found[info.name.replace("_", "-")] = module
    return dict(sorted(found.items()))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="osnguard", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, module in command_modules().items():
        child = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(child)
        child.set_defaults(handler=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except ResourceMissing as exc:
        print(f"osnguard: missing resource: {exc}", file=sys.stderr)
        return 3
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
