"""``tagmt reproduce``: run the paper's grid (models × approaches × directions) and write Tables 1–5."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from tagmt.commands.shared import add_engine_arguments
from tagmt.secrets import redact_url

EXAMPLE = """\
examples:
  tagmt reproduce --data ~/sap-data --out results                      # the paper's grid, 12 directions
  tagmt reproduce --data ~/sap-data --pairs en-ja,en-ko,en-zh --out results   # the paper's 3 directions
  tagmt reproduce --data ~/sap-data --models m2m100 --approaches dt --out results --jobs 4 --device cuda
  tagmt reproduce --data ~/sap-data --engine ct2 --max-tokens 4096 --out results-ct2   # CTranslate2, int8 on CPU
  tagmt reproduce --data ~/sap-data --backend ray --ray-address HEAD:6379 --jobs 8 --out results
  tagmt reproduce --quick                                               # offline demo (= tagmt demo)

A cell (model, approach, direction) is the unit of work: OUT/cells/<cell>/ holds its translation and
scores. A re-run computes only the cells OUT lacks; cells copied in from other machines are reused.
Writes OUT/results.json, table1_data … table5_xml (.md .tex .csv), *_vs_paper side-by-sides, figures/.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "reproduce",
        help="run the paper's experiment grid and write its tables and figures",
        description=(
            "Translate and evaluate every cell of the grid in experiments/paper.toml (M2M-100 and mBART-50, "
            "DT and DP, 12 directions), reusing finished cells, and write Tables 1-5 next to the paper's numbers."
        ),
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--data", metavar="DIR", help="data set folder (from `tagmt data download`)")
    parser.add_argument("--split", help="split to run on (default: the only split of --data; with several, the "
                                            "config's, test)")
    parser.add_argument("--config", metavar="FILE", help="grid config TOML (default: experiments/paper.toml)")
    parser.add_argument("--models", nargs="+", metavar="MODEL", help="models (m2m100, mbart50, a hub id or a folder, openai:NAME); comma-separated or repeated")
    parser.add_argument("--approaches", nargs="+", metavar="APPROACH", help="dt and/or dp")
    parser.add_argument("--pairs", nargs="+", metavar="SRC-TRG", help="directions, e.g. en-ja,en-ko (default: all 12)")
    parser.add_argument("--aligner", choices=("awesome", "eflomal"), help="word aligner of the dp cells (default: the config's, awesome)")
    parser.add_argument("--out", metavar="DIR", help="output folder (cells, tables, results.json)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="cells run in parallel, spread over the GPUs found (default 1)")
    parser.add_argument("--device", default="auto", help="auto, cpu, cuda or cuda:N (default auto)")
    parser.add_argument("--batch-size", type=int, metavar="N", help="segments per batch (default: the config's, 16)")
    add_engine_arguments(parser)
    parser.add_argument("--backend", choices=("local", "ray"), default="local",
                        help="where cells run: local processes (default) or Ray tasks (pip install \"tagmt[ray]\")")
    parser.add_argument("--ray-address", metavar="ADDR",
                        help="the Ray cluster to use with --backend ray (default: start a local instance)")
    parser.add_argument("--force", action="store_true", help="recompute every cell, even finished ones")
    parser.add_argument("--no-figures", action="store_true", help="skip the PNG figures")
    parser.add_argument("--csv-raw", action="store_true",
                        help="table CSVs with cells as they are: no ' before a cell starting with = + - @ "
                             "(see docs/safety.md)")
    parser.add_argument("--api-base", metavar="URL",
                        help="openai:NAME models: the server's OpenAI-compatible API (default: $OPENAI_BASE_URL)")
    parser.add_argument("--concurrency", type=int, metavar="N",
                        help="openai:NAME models: requests in flight (default 4)")
    parser.add_argument("--quick", action="store_true", help="the offline demo on the bundled sample (same as `tagmt demo`)")
    parser.set_defaults(func=run)


def command_line(args: argparse.Namespace) -> str:
    """The command that reproduces this run, with absolute paths (recorded in results.json)."""
    words = ["tagmt", "reproduce", "--data", str(Path(args.data).resolve())]
    for option, value in (("--split", args.split), ("--aligner", args.aligner), ("--device", args.device),
                          ("--batch-size", args.batch_size), ("--jobs", args.jobs),
                          ("--api-base", redact_url(args.api_base) if args.api_base else None), ("--concurrency", args.concurrency),
                          ("--engine", args.engine if args.engine != "hf" else None),
                          ("--compute-type", args.compute_type), ("--max-tokens", args.max_tokens),
                          ("--backend", args.backend if args.backend != "local" else None),
                          ("--ray-address", args.ray_address)):
        if value is not None:
            words += [option, str(value)]
    if args.config:
        words += ["--config", str(Path(args.config).resolve())]
    for option, values in (("--models", args.models), ("--approaches", args.approaches), ("--pairs", args.pairs)):
        if values:
            words += [option, *values]
    words += ["--out", str(Path(args.out).resolve())]
    for flag, on in (("--force", args.force), ("--no-figures", args.no_figures)):
        if on:
            words.append(flag)
    return shlex.join(words)


def run(args: argparse.Namespace) -> int:
    from tagmt import csvsafe
    from tagmt.errors import TagmtError
    from tagmt.outputs import refuse_overwriting_inputs

    refuse_overwriting_inputs([("--out", args.out)], [("--data", args.data), ("--config", args.config)])
    csvsafe.set_raw(getattr(args, "csv_raw", False))
    if args.quick:
        given = [name for name in ("data", "split", "config", "models", "approaches", "pairs", "aligner") if getattr(args, name)]
        if given:
            raise TagmtError(f"--quick runs the fixed offline grid on the bundled sample; drop --{' --'.join(given)}")
        from tagmt.demo import run_demo

        return run_demo(args.out, jobs=args.jobs, force=args.force, figures=not args.no_figures,
                        backend=args.backend, ray_address=args.ray_address)

    from tagmt.reproduce import GridOptions, load_grid, run_grid
    from tagmt.reproduce.checks import check_grid
    from tagmt.tables import terminal_tables

    if not args.data:
        raise TagmtError(
            "--data DIR is needed: the data set folder from `tagmt data download` "
            "(for an offline demo on the bundled sample run `tagmt demo`)"
        )
    if not args.out:
        raise TagmtError("--out DIR is needed: the folder for the cells, tables and results.json")
    from tagmt.data.dataset import open_dataset

    grid = load_grid(  # the config first: a bad --config is named before the data set is read
        args.config, models=args.models, approaches=args.approaches, pairs=args.pairs,
        aligner=args.aligner, split=args.split, batch_size=args.batch_size,
    )
    if args.split is None:  # the only split, as every command takes it; with several, the config's
        splits = open_dataset(args.data).splits()
        if len(splits) == 1:
            grid.split = splits[0]
    llm = None
    if args.api_base is not None or args.concurrency is not None:
        from tagmt.engines import LLMOptions

        llm = LLMOptions(**{k: v for k, v in (("api_base", args.api_base), ("concurrency", args.concurrency))
                            if v is not None})
        llm.check()
    grid.engine, grid.compute_type, grid.max_tokens = args.engine, args.compute_type, args.max_tokens
    if args.jobs < 1:
        raise TagmtError(f"--jobs must be at least 1, got {args.jobs}")
    open_dataset(args.data).resolve_split(grid.split)  # the arguments first, then what the run needs
    check_grid(grid)
    options = GridOptions(jobs=args.jobs, device=args.device, backend=args.backend, ray_address=args.ray_address,
                          llm=llm, force=args.force, figures=not args.no_figures)
    run = run_grid(grid, args.data, args.out, options=options, command=command_line(args))
    print(terminal_tables(run.results))
    print(
        f"{len(run.computed)} cells computed, {len(run.reused)} reused; "
        f"tables, figures and results.json in {run.out}",
        file=sys.stderr,
    )
    return 0
