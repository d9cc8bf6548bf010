"""A tiny GPT-2 (random weights, byte-level BPE trained here on a few LaTeX lines) for TeXBLEU tests.

``build_tiny_gpt2(directory)`` writes a model directory that ``AutoTokenizer.from_pretrained`` and
``AutoModel.from_pretrained`` load exactly as they load ``gpt2``; nothing is downloaded. Embeddings are
seeded, so scores are deterministic (and meaningless).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tagmt.errors import require
from tagmt.testing.bpe import train_byte_level_bpe

# Self-written LaTeX lines covering commands, braces, sub/superscripts and plain words.
TRAINING_LINES = (
    r"\frac{a}{b} + \sqrt{x^2 + y^2} = c",
    r"\int_0^\infty e^{-x} \, dx = 1",
    r"\sum_{i=1}^{n} i = \frac{n(n+1)}{2}",
    r"\alpha \beta \gamma \delta \epsilon \lambda \mu \pi \sigma \omega",
    r"\begin{equation} E = mc^2 \end{equation}",
    r"\mathbf{v} \cdot \mathbf{w} = \| v \| \| w \| \cos \theta",
    r"\left( \frac{\partial f}{\partial x} \right)^2 \leq \lim_{h \to 0} g(h)",
    r"The value of \textbf{x} is \emph{positive} for all $x > 0$.",
    r"0 1 2 3 4 5 6 7 8 9 [ ] ( ) { } _ ^ = + - * / < > | , . ; : ! ?",
)

SEED = 1234


def build_tiny_gpt2(directory: str | Path | None = None, vocab_size: int = 300, n_embd: int = 32) -> Path:
    """Write a tiny GPT-2 tokenizer and model to ``directory`` (a new temp dir when None); return it."""
    transformers = require("transformers", "hf", "building a tiny GPT-2")
    torch = require("torch", "hf", "building a tiny GPT-2")
    out = Path(directory) if directory else Path(tempfile.mkdtemp(prefix="tiny-gpt2-"))
    out.mkdir(parents=True, exist_ok=True)

    bpe = train_byte_level_bpe(TRAINING_LINES, vocab_size, ["<|endoftext|>"])
    tokenizer = transformers.PreTrainedTokenizerFast(
        tokenizer_object=bpe, bos_token="<|endoftext|>", eos_token="<|endoftext|>", unk_token="<|endoftext|>"
    )
    tokenizer.save_pretrained(out)

    torch.manual_seed(SEED)
    config = transformers.GPT2Config(
        vocab_size=bpe.get_vocab_size(), n_positions=512, n_embd=n_embd, n_layer=1, n_head=2,
        bos_token_id=0, eos_token_id=0,
    )
    transformers.GPT2Model(config).save_pretrained(out)
    return out
