"""Load on ``tagmt serve`` (issue 34): a real server on a loopback port (one uvicorn worker), 16 concurrent
clients sending one-segment projection requests (``POST /v1/project``: the short, glossary-like lines of
data/sample/files/guide.en with their German translations, in turn), 400 requests in all. Printed: errors,
median and p99 latency, requests per second, and the server's resident memory after 50 and after 400
requests (their ratio; asked: at most 1.5, memory flat) and the median against the 200 ms asked.

``--lexicon none`` runs the server without the installed dictionaries (FreeDict's en-de index is scanned by
every projection call, ~0.3 s CPU: see benchmarks/bench_small_files.py); the default uses them, as a user's
server would. The segments repeat (11 distinct lines): with the server's answer cache (``--answer-cache``, on by
default) a repeated line is answered from memory, as a TMS's repeated segments would be; ``--answer-cache 0``
measures every request aligned and projected anew.

Measured (2 cores shared with eight other jobs, load average 15-32; `python benchmarks/bench_serve.py`):
400 requests, answer cache on, dictionaries: 0 errors, median 164 ms, p99 13.1 s (the first, uncached
requests of each line, computed while every core was busy), 20.3 requests/s, resident memory 87.9 MiB after
50 requests and 87.8 MiB after 400 (ratio 1.00). Every request aligned anew (`--answer-cache 0 --lexicon none
--requests 200`): 0 errors, median 11.0 s, p99 23.3 s, 1.3 requests/s, memory 75.6 / 75.5 MiB (ratio 1.00).
What a projection costs: ~0.17 s of CPU for a one-segment request, 0.16 s of it eflomal (one pair gets
eflomal's iteration schedule of a tiny corpus, three seeded runs), ~0.01 s Python; with the en-de FreeDict
dictionaries another ~0.3 s scanning their indexes. On two cores that is at most ~12 new segments a second,
so 16 clients waiting on new segments see a median over a second whatever the server does; repeated
segments (a TMS's repetitions, the benchmark's cycle) are answered from memory in a few ms.
`--quick`: median 188 ms, ratio 1.00 (64 requests, about 15 s).

Usage:
  python benchmarks/bench_serve.py [--requests 400] [--clients 16] [--lexicon default|none] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from tagmt.corpus.lines import read_segments  # noqa: E402
from tagmt.plaintext import plain_text  # noqa: E402


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(lexicon: str, answer_cache: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    if lexicon == "none":
        env["TAGMT_DEFAULT_LEXICON"] = "none"
    process = subprocess.Popen([sys.executable, "-m", "tagmt", "serve", "--port", str(port), "--log-level", "warning",
                                "--answer-cache", str(answer_cache)],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        if process.poll() is not None:
            raise SystemExit(f"tagmt serve exited: {process.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(base + "/health", timeout=2).status_code == 200:
                return process, base
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("tagmt serve did not start")


async def load(base: str, bodies: list[dict], total: int, clients: int, pid: int, mark: int):
    latencies: list[float] = []
    errors: list[str] = []
    memory: dict[int, int] = {}
    sent = 0

    async def client(http: httpx.AsyncClient) -> None:
        nonlocal sent
        while sent < total:
            k = sent
            sent += 1
            started = time.perf_counter()
            try:
                answer = await http.post(base + "/v1/project", json=bodies[k % len(bodies)])
                if answer.status_code != 200:
                    errors.append(f"{answer.status_code} {answer.text[:200]}")
            except httpx.HTTPError as exc:
                errors.append(type(exc).__name__)
            latencies.append(time.perf_counter() - started)
            if len(latencies) in (mark, total):
                memory[len(latencies)] = rss_kib(pid)

    limits = httpx.Limits(max_connections=clients)
    async with httpx.AsyncClient(timeout=120, limits=limits) as http:
        started = time.perf_counter()
        await asyncio.gather(*(client(http) for _ in range(clients)))
        seconds = time.perf_counter() - started
    return latencies, errors, memory, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--mark", type=int, default=50, help="memory measured after this many requests too")
    parser.add_argument("--lexicon", choices=("default", "none"), default="default")
    parser.add_argument("--answer-cache", type=int, default=4096,
                        help="the server's --answer-cache (0: every request aligned and projected anew)")
    parser.add_argument("--quick", action="store_true", help="64 requests, no dictionaries (under ~20 s)")
    args = parser.parse_args()
    if args.quick:
        args.requests, args.mark, args.lexicon = 64, 16, "none"
    files = ROOT / "data" / "sample" / "files"
    sources, targets = read_segments(files / "guide.en"), read_segments(files / "guide.de")
    bodies = [{"source": [s], "translation": [plain_text(t, escaped=True)], "src_lang": "en", "trg_lang": "de"}
              for s, t in zip(sources, targets) if "\n" not in s]
    process, base = start(args.lexicon, args.answer_cache)
    try:
        httpx.post(base + "/v1/project", json=bodies[0], timeout=120)  # warm: the aligner loaded, imports done
        latencies, errors, memory, seconds = asyncio.run(
            load(base, bodies, args.requests, args.clients, process.pid, args.mark))
    finally:
        process.terminate()
        process.wait(timeout=60)
    ordered = sorted(latencies)
    median = statistics.median(ordered) * 1000
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))] * 1000
    first, last = memory.get(args.mark, 0), memory.get(args.requests, 0)
    print(f"tagmt serve, {args.requests} one-segment /v1/project requests from {args.clients} clients "
          f"(dictionaries: {args.lexicon}, answer cache {args.answer_cache}; {len(bodies)} distinct segments), "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    print(f"errors: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))
    print(f"median latency: {median:.0f} ms   p99: {p99:.0f} ms   requests/s: {len(latencies) / seconds:.1f}")
    print(f"resident memory after {args.mark} requests: {first / 1024:.1f} MiB, after {args.requests}: "
          f"{last / 1024:.1f} MiB")
    print(f"ratio memory after {args.requests}/after {args.mark}: {last / first if first else float('nan'):.3f} "
          "(asked: at most 1.5)")
    print(f"ratio median latency/200 ms: {median / 200:.2f} (asked: at most 1)")
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
