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
        sys.stderr.write(f"{self.prog}: error: {message}; see `{self.prog} --help`\n")
        sys.exit(2)
