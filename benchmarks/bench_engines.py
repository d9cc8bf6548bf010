"""Translation speed and memory of the hf and ct2 engines, side by side, on models of the real shapes.

The script builds checkpoints with the exact shape of M2M-100 418M and mBART-50 large
(many-to-many): d_model 1024, 12 + 12 layers, 16 heads, FFN 4096, ReLU, 1,024 positions, vocabularies
of 128,112 and 250,054 entries, random weights, and a tokenizer whose vocabulary is padded to the real
size. Each is loaded through ``tagmt.engines.load_engine`` (the ct2 one converted by tagmt's converter),
and every engine decodes the same random inputs with the paper's beam (4) and a forced output length
(minimum = maximum new tokens, so every engine produces the same number of tokens).

For each model, device, engine and precision — HF float32, HF bfloat16 where the hardware has it,
CTranslate2 float32 and int8 on CPU; on CUDA also HF and CTranslate2 half precision and int8_float16 —
and each batch size (1, 16, 64), it prints generated tokens per second and the process's peak resident
memory while that batch ran (on CUDA: peak device memory in use). Each engine runs in its own process
so that one's memory does not count for another. The last line is the headline:
``speedup ct2-int8 vs hf-fp32: X`` (M2M-100 418M shape, batch 16, CPU).

Usage:  python benchmarks/bench_engines.py [--quick] [--models m2m100,mbart50] [--batch-sizes 1,16,64]
        [--input-tokens 32] [--new-tokens 32] [--beam 4] [--threads N] [--work DIR]

``--quick`` builds a 4 + 4-layer M2M-100 of width 512 with a 32,000-entry vocabulary, runs batch size 16 and
16 new tokens: a check of the machinery in about a minute, not the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

# The real checkpoints' shapes (config.json of facebook/m2m100_418M and mbart-large-50-many-to-many-mmt).
SHAPES = {
    "m2m100": dict(family="m2m_100", label="M2M-100 418M", d_model=1024, layers=12, heads=16, ffn=4096,
                   vocab_size=128_112),
    "mbart50": dict(family="mbart", label="mBART-50 large", d_model=1024, layers=12, heads=16, ffn=4096,
                    vocab_size=250_054),
}
QUICK = dict(d_model=512, layers=4, heads=8, ffn=2048, vocab_size=32_000)
M2M_LANGUAGES = 100  # M2M100Tokenizer's language tokens after the dictionary
M2M_MADEUP = 8  # fairseq's made-up words after them
MBART_EXTRA = 52 + 1  # MBart50Tokenizer's language codes and <mask> after the pieces
SEED = 1234


# --- building the checkpoints ---------------------------------------------------------------------------

def _sentencepiece(directory: Path):
    """A small SentencePiece model (the tokenizers need one); the vocabulary is padded past it."""
    import sentencepiece as spm

    lines = [f"segment {i} with words like save, settings, document and order {i * 7}" for i in range(200)]
    prefix = directory / "spm"
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_prefix=str(prefix), vocab_size=200,
                                   model_type="unigram", hard_vocab_limit=False, num_threads=1, minloglevel=2)
    pieces = [line.split("\t") for line in prefix.with_suffix(".vocab").read_text("utf-8").splitlines()]
    return prefix.with_suffix(".model"), [(piece, float(score)) for piece, score in pieces]


def _config_kwargs(shape: dict) -> dict:
    return dict(d_model=shape["d_model"], encoder_layers=shape["layers"], decoder_layers=shape["layers"],
                encoder_attention_heads=shape["heads"], decoder_attention_heads=shape["heads"],
                encoder_ffn_dim=shape["ffn"], decoder_ffn_dim=shape["ffn"], max_position_embeddings=1024,
                activation_function="relu", scale_embedding=True, vocab_size=shape["vocab_size"])


def build_checkpoint(name: str, shape: dict, out: Path) -> Path:
    """Write a random-weight checkpoint of ``shape`` with a tokenizer of the same vocabulary size."""
    import torch
    import transformers

    if (out / "model.safetensors").is_file():
        return out
    out.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(SEED)
    with tempfile.TemporaryDirectory() as tmp:
        spm_file, pieces = _sentencepiece(Path(tmp))
        if shape["family"] == "m2m_100":
            dictionary = shape["vocab_size"] - M2M_LANGUAGES - M2M_MADEUP
            encoder = {token: i for i, token in enumerate(["<s>", "<pad>", "</s>", "<unk>"])}
            for piece, _ in pieces:
                encoder.setdefault(piece, len(encoder))
            for k in range(dictionary - len(encoder)):
                encoder[f"▁filler{k}"] = len(encoder)
            vocab_file = Path(tmp) / "vocab.json"
            vocab_file.write_text(json.dumps(encoder, ensure_ascii=False), "utf-8")
            tokenizer = transformers.M2M100Tokenizer(vocab_file=str(vocab_file), spm_file=str(spm_file))
            config = transformers.M2M100Config(**_config_kwargs(shape))
            model = transformers.M2M100ForConditionalGeneration(config)
        else:
            # MBart50Tokenizer: <s> <pad> </s> <unk>, the pieces after SentencePiece's own three specials,
            # then the language codes and <mask>.
            fillers = shape["vocab_size"] - 4 - (len(pieces) - 3) - MBART_EXTRA
            scored = pieces + [(f"▁filler{k}", -100.0) for k in range(fillers)]
            tokenizer = transformers.MBart50Tokenizer(vocab=scored)
            config = transformers.MBartConfig(decoder_start_token_id=2, **_config_kwargs(shape))
            model = transformers.MBartForConditionalGeneration(config)
    if len(tokenizer.get_vocab()) + (M2M_LANGUAGES + M2M_MADEUP if shape["family"] == "m2m_100" else 0) \
            != shape["vocab_size"]:
        raise SystemExit(f"{name}: the tokenizer's vocabulary does not have {shape['vocab_size']} entries")
    tokenizer.save_pretrained(out)
    model.save_pretrained(out)
    return out


# --- one engine in its own process ----------------------------------------------------------------------

class PeakMemory:
    """Peak memory while a block runs: the process's resident set (VmHWM, reset through clear_refs) on
    CPU; device memory in use, sampled every 5 ms, on CUDA."""

    def __init__(self, device: str) -> None:
        self.device = device
        self.peak_mb = float("nan")

    def __enter__(self):
        if self.device == "cpu":
            try:
                Path("/proc/self/clear_refs").write_text("5")
            except OSError:
                pass  # older kernels: the peak then covers the whole process
        else:
            import torch

            self._stop = threading.Event()
            self._samples = [0]

            def sample() -> None:
                while not self._stop.is_set():
                    free, total = torch.cuda.mem_get_info()
                    self._samples.append(total - free)
                    time.sleep(0.005)

            self._thread = threading.Thread(target=sample, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        if self.device == "cpu":
            for line in Path("/proc/self/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    self.peak_mb = int(line.split()[1]) / 1024
        else:
            self._stop.set()
            self._thread.join()
            self.peak_mb = max(self._samples) / 2**20


def _inputs(engine, batch: int, input_tokens: int, seed: int) -> list[list[int]]:
    """``batch`` random inputs of ``input_tokens`` ids: source language token, pieces, ``</s>``."""
    rng = random.Random(seed)
    source = engine._language_token_id("en")
    first, last = 4, len(engine.tokenizer.get_vocab()) - 60  # ordinary pieces only
    return [[source] + [rng.randrange(first, last) for _ in range(input_tokens - 2)]
            + [engine.tokenizer.eos_token_id] for _ in range(batch)]


def _decode_hf(engine, inputs: list[list[int]], new_tokens: int, forced: int) -> list[int]:
    import torch

    ids = torch.tensor(inputs, device=engine.device)
    config = engine._generation_config(new_tokens, forced)
    config.min_new_tokens = new_tokens
    with torch.inference_mode():
        out = engine.model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), generation_config=config)
    if engine.device.startswith("cuda"):
        torch.cuda.synchronize()
    return [int((row[1:] != engine.tokenizer.pad_token_id).sum()) for row in out]


def _decode_ct2(engine, inputs: list[list[int]], new_tokens: int, forced: int) -> list[int]:
    results = engine.translator.translate_batch(
        [[engine.vocabulary[t] for t in row] for row in inputs],
        target_prefix=[[engine.vocabulary[forced]]] * len(inputs),
        beam_size=engine.beam, patience=1, length_penalty=1.0, max_input_length=0,
        min_decoding_length=new_tokens, max_decoding_length=new_tokens, return_end_token=True,
    )
    return [len(result.hypotheses[0]) for result in results]


def worker(args: argparse.Namespace) -> None:
    """Load one engine and time each batch size; print one JSON line per batch."""
    import torch

    torch.set_num_threads(args.threads)
    from tagmt.engines import load_engine

    started = time.perf_counter()
    engine = load_engine(args.checkpoint, engine=args.engine, compute_type=args.compute_type, device=args.device,
                         beam=args.beam)
    loaded = time.perf_counter() - started
    forced = engine._language_token_id("ja")
    decode = _decode_ct2 if args.engine == "ct2" else _decode_hf
    decode(engine, _inputs(engine, 2, args.input_tokens, 0), 4, forced)  # warm up
    for batch in args.batch_sizes:
        inputs = _inputs(engine, batch, args.input_tokens, batch)
        with PeakMemory("cpu" if args.device == "cpu" else "cuda") as memory:
            start = time.perf_counter()
            lengths = decode(engine, inputs, args.new_tokens, forced)
            seconds = time.perf_counter() - start
        if lengths != [args.new_tokens] * batch:
            raise SystemExit(f"{args.engine} {args.compute_type}: output lengths {sorted(set(lengths))}, "
                             f"not the forced {args.new_tokens}")
        print(json.dumps({"batch": batch, "seconds": seconds, "tokens": sum(lengths), "peak_mb": memory.peak_mb,
                          "load_seconds": loaded, "compute_type": engine.compute_type}), flush=True)


# --- the side-by-side run -------------------------------------------------------------------------------

def _cpu_has_bf16() -> bool:
    try:
        flags = Path("/proc/cpuinfo").read_text()
    except OSError:
        return False
    return "avx512_bf16" in flags or "amx_bf16" in flags


def engine_runs(device: str) -> list[tuple[str, str, str | None]]:
    """(engine, precision, reason when skipped) for a device."""
    if device == "cpu":
        # tagmt's hf engine refuses half precision on CPU (engines/hf.py: slow and inexact there), so that row
        # is shown as skipped with the reason, whatever the CPU has (it crashed the benchmark on bf16 CPUs).
        hf_bf16 = ("tagmt's hf engine runs half precision only on CUDA" if _cpu_has_bf16()
                   else "this CPU has no native bfloat16 (avx512_bf16 / amx_bf16)")
        return [("hf", "float32", None), ("hf", "bfloat16", hf_bf16), ("ct2", "float32", None), ("ct2", "int8", None)]
    import torch

    half = "bfloat16" if torch.cuda.is_bf16_supported() else "float16"
    return [("hf", "float32", None), ("hf", half, None), ("ct2", "float32", None), ("ct2", "float16", None),
            ("ct2", "int8_float16", None)]


def _run_worker(args, checkpoint: Path, device: str, engine: str, compute_type: str, env: dict):
    command = [sys.executable, __file__, "--worker", "--checkpoint", str(checkpoint), "--engine", engine,
               "--compute-type", compute_type, "--device", device, "--threads", str(args.threads),
               "--beam", str(args.beam), "--input-tokens", str(args.input_tokens),
               "--new-tokens", str(args.new_tokens), "--batch-sizes", ",".join(map(str, args.batch_sizes))]
    with tempfile.TemporaryFile("w+") as errors, \
            subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=errors, text=True) as worker:
        for line in worker.stdout:  # one line per batch size, as each finishes
            if line.startswith("{"):
                yield json.loads(line)
        worker.wait()
        if worker.returncode != 0:
            errors.seek(0)
            raise SystemExit(f"{engine} {compute_type} on {device} failed:\n{errors.read()[-3000:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small M2M-100 shape, batch 16 (a smoke run)")
    parser.add_argument("--models", default=None, help="m2m100 and/or mbart50 (default both; --quick: m2m100)")
    parser.add_argument("--batch-sizes", type=lambda s: [int(x) for x in s.split(",")], default=None)
    parser.add_argument("--input-tokens", type=int, default=32, help="tokens per input (default 32)")
    parser.add_argument("--new-tokens", type=int, default=None, help="forced output length (default 32)")
    parser.add_argument("--beam", type=int, default=4, help="beam size (default 4, the paper's)")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="CPU threads (default: all)")
    parser.add_argument("--work", help="folder for the built checkpoints and conversions (default: a temp folder)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--checkpoint", help=argparse.SUPPRESS)
    parser.add_argument("--engine", help=argparse.SUPPRESS)
    parser.add_argument("--compute-type", help=argparse.SUPPRESS)
    parser.add_argument("--device", default="cpu", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.batch_sizes = args.batch_sizes or ([16] if args.quick else [1, 16, 64])
    args.models = args.models or ("m2m100" if args.quick else "m2m100,mbart50")
    args.new_tokens = args.new_tokens or (16 if args.quick else 32)
    if args.worker:
        worker(args)
        return

    import torch

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(args.work or tmp).resolve()
        env = {**os.environ, "TAGMT_CACHE": str(work / "cache"), "HF_HUB_OFFLINE": "1",
               "OMP_NUM_THREADS": str(args.threads)}
        devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
        print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}, "
              f"{args.threads} CPU thread(s), beam {args.beam}, {args.input_tokens} input tokens, "
              f"{args.new_tokens} forced new tokens per input{' (QUICK shapes)' if args.quick else ''}")
        rows = []
        for name in args.models.split(","):
            shape = {**SHAPES[name], **(QUICK if args.quick else {})}
            started = time.perf_counter()
            checkpoint = build_checkpoint(name, shape, work / name)
            built = time.perf_counter() - started
            os.environ["TAGMT_CACHE"] = env["TAGMT_CACHE"]
            from tagmt.engines.ct2 import convert
            from tagmt.engines.hf import load_checkpoint

            started = time.perf_counter()
            convert(load_checkpoint(str(checkpoint), option="--work", with_model=False))
            converted = time.perf_counter() - started
            print(f"{shape['label']}{' (quick shape)' if args.quick else ''}: d_model {shape['d_model']}, "
                  f"{shape['layers']}+{shape['layers']} layers, vocabulary {shape['vocab_size']:,}; built in "
                  f"{built:.0f} s, converted for CTranslate2 in {converted:.0f} s", flush=True)
            for device in devices:
                for engine, compute_type, skipped in engine_runs(device):
                    if skipped:
                        rows.append((shape["label"], device, engine, compute_type, None, skipped))
                        continue
                    for result in _run_worker(args, checkpoint, device, engine, compute_type, env):
                        rows.append((shape["label"], device, engine, compute_type, result, None))
                        print(f"  {device} {engine} {compute_type} batch {result['batch']}: "
                              f"{result['tokens'] / result['seconds']:.1f} tokens/s", flush=True)
        print_table(rows)
        headline = speedup(rows, SHAPES["m2m100"]["label"], 16)
        if headline is not None:
            print(f"speedup ct2-int8 vs hf-fp32: {headline:.2f}")


def _tokens_per_second(result: dict) -> float:
    return result["tokens"] / result["seconds"]


def speedup(rows, label: str, batch: int) -> float | None:
    """CTranslate2 int8 tokens/s over HF float32 tokens/s for one model and batch size on CPU."""
    found = {(engine, compute_type): _tokens_per_second(result) for model, device, engine, compute_type, result, _
             in rows if result and model == label and device == "cpu" and result["batch"] == batch}
    if ("ct2", "int8") not in found or ("hf", "float32") not in found:
        return None
    return found[("ct2", "int8")] / found[("hf", "float32")]


def print_table(rows) -> None:
    print()
    print("| model | device | engine | precision | batch | tokens/s | × hf float32 | peak memory MB | load s |")
    print("|---|---|---|---|---:|---:|---:|---:|---:|")
    base = {(model, device, result["batch"]): _tokens_per_second(result)
            for model, device, engine, compute_type, result, _ in rows
            if result and engine == "hf" and compute_type == "float32"}
    for model, device, engine, compute_type, result, skipped in rows:
        if skipped:
            print(f"| {model} | {device} | {engine} | {compute_type} | – | skipped: {skipped} | | | |")
            continue
        rate = _tokens_per_second(result)
        ratio = rate / base[(model, device, result["batch"])]
        precision = compute_type if result["compute_type"] == compute_type else \
            f"{compute_type} ({result['compute_type']})"
        print(f"| {model} | {device} | {engine} | {precision} | {result['batch']} | {rate:.1f} | {ratio:.2f} | "
              f"{result['peak_mb']:.0f} | {result['load_seconds']:.1f} |")
    print()


if __name__ == "__main__":
    main()
