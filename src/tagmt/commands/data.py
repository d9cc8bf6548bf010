"""``tagmt data``: fetch the full data set (``download``) and describe a data folder (``info``)."""

from __future__ import annotations

import argparse
import sys

EXAMPLE = """\
examples:
  tagmt data download                      # the upstream default branch into ~/.cache/tagmt/data
  tagmt data download --dest data/full --version v2.1 --sha256 <64 hex digits>
  tagmt data download --url file:///tmp/archive.zip   # an archive fetched on another machine
  tagmt data info --data ~/sap-data
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "data",
        help="download the full SAP data set, or list the splits and pairs of a data folder",
        description="Fetch the upstream data set archive, or describe what a data folder holds.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(func=lambda args: _usage(parser))
    sub = parser.add_subparsers(dest="data_command", metavar="ACTION")

    download = sub.add_parser(
        "download",
        help="fetch, verify and unpack the upstream archive; prints the folder to pass as --data",
        description=(
            "Download the zip archive of github.com/SAP/software-documentation-data-set-for-machine-translation "
            "(a branch, tag or commit), verify it (zip CRCs, optional SHA-256, safe member names and types, a "
            "data set inside), unpack it and print the folder to pass as --data. The unpacked folder is named "
            "after the archive's top folder (or the URL's file name, or 'dataset') and holds "
            ".tagmt-download.json; --force replaces only such a folder."
        ),
    )
    download.add_argument("--dest", metavar="DIR", help="where to unpack (default: $TAGMT_CACHE/data)")
    download.add_argument("--version", default="master", metavar="REF", help="branch, tag or commit (default: master)")
    download.add_argument("--url", help="archive URL instead of GitHub's (https:// or file://; zip or tar)")
    download.add_argument("--sha256", metavar="HEX", help="expected SHA-256 of the archive")
    download.add_argument("--force", action="store_true",
                          help="replace a copy an earlier download made (never any other folder)")
    download.add_argument("--progress", action="store_true", help="show the progress bar even when not on a terminal")
    download.set_defaults(func=run_download)

    info = sub.add_parser("info", help="list the splits, pairs and document counts of a data folder")
    info.add_argument("--data", metavar="DIR", help="data set folder (default: the bundled sample)")
    info.set_defaults(func=run_info)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def run_download(args: argparse.Namespace) -> int:
    from tagmt.data.download import download_dataset

    folder = download_dataset(
        dest=args.dest,
        version=args.version,
        url=args.url,
        sha256=args.sha256,
        force=args.force,
        progress=True if args.progress else None,
    )
    print(f"unpacked the data set into {folder}; pass it as --data", file=sys.stderr)
    print(folder)
    return 0


def run_info(args: argparse.Namespace) -> int:
    from tagmt.data.dataset import open_dataset

    dataset = open_dataset(args.data)
    print(f"data set: {dataset.root}")
    for split in dataset.splits():
        for pair in dataset.pairs(split):
            count = len(dataset.documents(split, pair))
            print(f"{split}\t{pair}\t{count} documents")
    return 0
