"""A byte-level BPE tokenizer trained on a few lines: the tokenizer side of the tiny test models.

Byte-level, so any input (tags, CJK, umlauts, LaTeX) encodes; the tiny GPT-2 and the tiny chat model
differ only in their lines, vocabulary size and special tokens.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from tagmt.errors import require


def train_byte_level_bpe(lines: Iterable[str], vocab_size: int, special_tokens: Sequence[str]):
    """A ``tokenizers.Tokenizer`` (byte-level BPE) trained on ``lines``; special tokens get the first ids."""
    tokenizers = require("tokenizers", "hf", "building a tiny byte-level tokenizer")
    bpe = tokenizers.Tokenizer(tokenizers.models.BPE())
    bpe.pre_tokenizer = tokenizers.pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = tokenizers.decoders.ByteLevel()
    trainer = tokenizers.trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(special_tokens),
        initial_alphabet=tokenizers.pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    bpe.train_from_iterator(lines, trainer=trainer)
    return bpe
