"""A tiny random chat model (Llama architecture, byte-level BPE trained here, a chat template) that
``transformers serve DIR`` serves over the OpenAI-compatible API, for the LLM engine's tests and benchmark.

``served(directory)`` runs ``transformers serve`` on it on a free local port for the length of a
``with`` block; ``dita_document(n)`` writes a DITA concept of ``n`` segments for document mode.
``build_tiny_chat(directory)`` writes a folder that ``AutoProcessor`` / ``AutoTokenizer`` and
``LlamaForCausalLM.from_pretrained`` load as they load any chat checkpoint; nothing is downloaded. The
weights are random (seeded): the model answers with garbage of the requested length, which is what the
tests want — the LLM engine must still write one line per segment, and detag-and-project must still give
every line exactly its source's tags. The tokenizer is byte-level, so any input (tags, CJK, umlauts)
encodes; the end-of-turn token is the end-of-sequence token.
"""

from __future__ import annotations

import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Sequence

from tagmt.errors import require

# Self-written lines in the languages and markup the tests use (tagged line files, DITA, XLIFF codes).
TRAINING_LINES = (
    'Choose <uicontrol>Save</uicontrol> to keep your changes.',
    'For more information, see <xref href="a.dita"/>.',
    'The <g id="1">system</g> creates a new <x id="2"/> document for each order.',
    'Wählen Sie <g id="1">Sichern</g>, um Ihre Änderungen zu behalten.',
    'Choisissez <g id="1">Enregistrer</g> pour garder vos modifications.',
    'Válassza a <g id="1">Mentés</g> lehetőséget.',
    '<uicontrol>保存</uicontrol>を選択して変更を保存します。',
    '<uicontrol>저장</uicontrol>을 선택하여 변경 사항을 유지합니다.',
    '选择<uicontrol>保存</uicontrol>以保留更改。',
    'Translate the following text from English to German. Keep every tag.',
    '<topic id="t1"><title>Orders</title><body><p>Text</p><ul><li>Item</li></ul></body></topic>',
    '0 1 2 3 4 5 6 7 8 9 ( ) [ ] { } " \' - / : ; ? ! & = _ * # % + @ < >',
)

SPECIAL_TOKENS = ("<|end|>", "<|system|>", "<|user|>", "<|assistant|>")

CHAT_TEMPLATE = (
    "{% for message in messages %}<|{{ message['role'] }}|>{{ message['content'] }}<|end|>{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>{% endif %}"
)

SEED = 1234


def build_tiny_chat(directory: str | Path | None = None, vocab_size: int = 512, hidden_size: int = 32,
                    max_positions: int = 8192) -> Path:
    """Write a tiny random chat checkpoint to ``directory`` (a new temp dir when None); return it."""
    tokenizers = require("tokenizers", "hf", "building a tiny chat tokenizer")
    transformers = require("transformers", "hf", "building a tiny chat model")
    torch = require("torch", "hf", "building a tiny chat model")
    out = Path(directory) if directory else Path(tempfile.mkdtemp(prefix="tiny-chat-"))
    out.mkdir(parents=True, exist_ok=True)

    bpe = tokenizers.Tokenizer(tokenizers.models.BPE())
    bpe.pre_tokenizer = tokenizers.pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = tokenizers.decoders.ByteLevel()
    trainer = tokenizers.trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(SPECIAL_TOKENS),
        initial_alphabet=tokenizers.pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    bpe.train_from_iterator(TRAINING_LINES, trainer=trainer)
    end = SPECIAL_TOKENS[0]
    tokenizer = transformers.PreTrainedTokenizerFast(
        tokenizer_object=bpe, bos_token=end, eos_token=end, pad_token=end, unk_token=end,
        additional_special_tokens=list(SPECIAL_TOKENS[1:]),
    )
    tokenizer.chat_template = CHAT_TEMPLATE
    tokenizer.save_pretrained(out)

    end_id = bpe.token_to_id(end)
    torch.manual_seed(SEED)
    config = transformers.LlamaConfig(
        vocab_size=bpe.get_vocab_size(), hidden_size=hidden_size, intermediate_size=2 * hidden_size,
        num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=max_positions,
        bos_token_id=end_id, eos_token_id=end_id, pad_token_id=end_id, tie_word_embeddings=False,
    )
    model = transformers.LlamaForCausalLM(config)
    # Tied random embeddings make greedy decoding repeat the last prompt token (a role token, which
    # decodes to nothing); untied, and with the role tokens suppressed, the model writes visible garbage.
    model.generation_config = transformers.GenerationConfig(
        bos_token_id=end_id, eos_token_id=end_id, pad_token_id=end_id, do_sample=False,
        suppress_tokens=[bpe.token_to_id(t) for t in SPECIAL_TOKENS[1:]],
    )
    model.save_pretrained(out)
    return out


def serving_available() -> str | None:
    """None when ``transformers serve`` can run here, else why not (the missing package and its extra)."""
    import importlib.util
    import shutil

    for module in ("transformers", "torch", "fastapi", "uvicorn", "openai"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed: pip install \"tagmt[serve]\""
    if _serve_command() is None or shutil.which(_serve_command()[0]) is None:
        return "the transformers command is not on PATH nor beside this Python"
    return None


def _serve_command() -> list[str] | None:
    import shutil
    import sys

    beside = Path(sys.executable).parent / "transformers"
    found = str(beside) if beside.exists() else shutil.which("transformers")
    return [found, "serve"] if found else None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def served(model_dir: str | Path, port: int | None = None, startup_timeout: float = 300.0,
           log: str | Path | None = None, extra_args: Sequence[str] = ()) -> Iterator[str]:
    """Run ``transformers serve MODEL_DIR`` on 127.0.0.1 (one torch thread, CPU; ``extra_args`` such as
    ``--continuous-batching`` go to the command), wait until ``/health`` answers, yield the API base
    (``http://127.0.0.1:PORT/v1``), and stop the server afterwards."""
    import os
    import subprocess
    import time
    import urllib.request

    command = _serve_command()
    if command is None:
        raise RuntimeError("transformers serve is not available: pip install \"tagmt[serve]\"")
    port = port or free_port()
    env = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", OMP_NUM_THREADS="1",
               TOKENIZERS_PARALLELISM="false")
    sink = open(log, "wb") if log else subprocess.DEVNULL
    process = subprocess.Popen(
        [*command, str(model_dir), "--host", "127.0.0.1", "--port", str(port), "--device", "cpu",
         "--log-level", "warning", *extra_args],
        stdout=sink, stderr=subprocess.STDOUT, env=env,
    )
    try:
        deadline = time.monotonic() + startup_timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"transformers serve exited with status {process.returncode} while starting")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"transformers serve did not answer on port {port} within {startup_timeout:g} s")
            time.sleep(0.5)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if log:
            sink.close()


def dita_document(segments: int = 30, seed: int = 0) -> str:
    """A DITA concept with ``segments`` translatable segments (a title, a short description, then
    sections of paragraphs and list items, some with ``<uicontrol>`` or ``<xref/>``): document mode's
    test and benchmark input, written here so that it needs no data set."""
    import random

    rng = random.Random(seed)
    words = ("order", "delivery", "schedule", "item", "date", "system", "field", "list", "app", "group",
             "sales", "document", "status", "plant", "quantity", "price")
    from xml.sax.saxutils import escape

    def sentence() -> str:
        picked = [rng.choice(words) for _ in range(rng.randint(4, 10))]
        text = " ".join(picked).capitalize() + "."
        roll = rng.random()
        if roll < 0.3:
            return f"Choose <uicontrol>{escape(rng.choice(words).title())}</uicontrol> to open the {text.lower()}"
        if roll < 0.4:
            return f'{text[:-1]}, see <xref href="t{rng.randint(1, 99)}.dita"/>.'
        return text

    body = [f"<title>{sentence()}</title>", f"<shortdesc>{sentence()}</shortdesc>", "<conbody>"]
    left = segments - 2
    while left > 0:
        body.append(f"<section><title>{sentence()}</title>")
        left -= 1
        for _ in range(min(left, rng.randint(1, 3))):
            body.append(f"<p>{sentence()}</p>")
            left -= 1
        if left > 0:
            items = min(left, rng.randint(2, 4))
            body.append("<ul>" + "".join(f"<li>{sentence()}</li>" for _ in range(items)) + "</ul>")
            left -= items
        body.append("</section>")
    body.append("</conbody>")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">\n'
            '<concept id="c1" xml:lang="en-US">\n' + "\n".join(body) + "\n</concept>\n")
