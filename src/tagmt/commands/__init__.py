"""Subcommands of the `tagmt` CLI, one module each: `register(subparsers)` adds the parser."""
