#!/usr/bin/env bash
# Every projection of the benchmark sets written into OUTDIR, for a refactor's identity check: run it on the
# code before and after, then `diff -r BEFORE AFTER` (no output: byte-identical projections).
#   bash benchmarks/projection_outputs.sh OUTDIR
# Rows: bench_projection.py's sets (SAP ja/ko/zh/zf, EUR-Lex and glossary de/fr/hu) in modes none, cv and copy;
# cv with the other dev set as extra examples; without the span ranker; paragraphs (3:p with the sentences
# projected alone, 3 --sentences, 6:ul/li --no-stops); and bench_small_files.py's 10-line files projected
# through the CLI with a learned model (their projected files only).
set -euo pipefail
out=${1:?usage: projection_outputs.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
bench() { python "$here/bench_projection.py" --part all --outputs "$out/bench" "$@" >> "$out/log.txt"; }
bench --modes none,cv,copy
bench --modes cv --sets eurlex,glossary --extra-examples eurlex,glossary
bench --modes cv --sets sap --no-rerank
bench --modes cv --paragraphs 3:p --directions en-ja,en-ko,en-zh,en-de,en-fr,en-hu
bench --modes cv --paragraphs 3 --sentences --no-alone
bench --modes cv --sets eurlex --paragraphs 6:ul/li --no-stops --no-alone
work=$(mktemp -d)
python "$here/bench_small_files.py" --work "$work" >> "$out/log.txt"
mkdir -p "$out/small"
(cd "$work" && find . -type f \( -name '*.out*' -o -name '*tagged*' -o -name '*.hyp*' \) -print0 | sort -z \
    | xargs -0 -r cp --parents -t "$out/small")
rm -rf "$work"
