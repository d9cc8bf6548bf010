"""The parser every tagmt command uses: no abbreviated options (``--metric`` is not ``--met``, so a
sacrebleu habit like ``--metrics`` is named, not guessed), and errors on one line, with the closest valid
option ("did you mean --metric?") and where to read more, instead of a usage block."""

from __future__ import annotations

import argparse
import re
import sys
from typing import NoReturn

from tagmt.errors import did_you_mean

#: sacrebleu's options and what tagmt calls them, for the messages (the ones tagmt also accepts are not here).
HABITS = {"--language-pair": "-l/--langpair", "--input": "--hyp", "-i": "--hyp", "--reference": "-r/--refs"}


class TagmtParser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[override]
        # kept for `error`: a missing required option is reported with the misspelled ones beside it
        self._given = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def option_strings(self) -> list[str]:
        return [option for action in self._actions for option in action.option_strings]

    def error(self, message: str) -> NoReturn:
        unknown = re.match(r"unrecognized arguments: (.*)", message)
        if unknown:
            hints = []
            for word in unknown.group(1).split():
                if word.startswith("-"):
                    name = word.split("=", 1)[0]
                    hint = HABITS.get(name) and f" (tagmt's is {HABITS[name]})" or did_you_mean(name, self.option_strings())
                    hints.append(f"{word}{hint}")
            message = "unrecognized arguments: " + (", ".join(hints) if hints else unknown.group(1))
        choice = re.match(r"argument (\S+): invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if choice:
            options = [c.strip(" '") for c in choice.group(3).split(",")]
            message += did_you_mean(choice.group(2), options)
        if message.startswith("the following arguments are required") or re.match(r"one of the arguments .* is required", message):
            message += self._misspelled()
        sys.stderr.write(f"{self.prog}: error: {message}; see `{self.prog} --help`\n")
        sys.exit(2)

    def _misspelled(self) -> str:
        """``; unrecognized: --aproach (did you mean --approach?)`` for the options given that this parser does
        not know (argparse names a missing required option first and would never get to them)."""
        known = set(self.option_strings())
        subcommands = {name for action in self._actions if isinstance(action, argparse._SubParsersAction)
                       for name in action.choices}
        hints = []
        for word in getattr(self, "_given", []):
            if word in subcommands:
                break  # the rest is the subcommand's
            name = word.split("=", 1)[0]
            if name.startswith("-") and name != "-" and name not in known and not _is_number(name):
                hint = HABITS.get(name) and f" (tagmt's is {HABITS[name]})" or did_you_mean(name, list(known))
                hints.append(f"{word}{hint}")
        return f"; unrecognized: {', '.join(hints)}" if hints else ""


def _is_number(word: str) -> bool:
    try:
        float(word)
    except ValueError:
        return False
    return True
