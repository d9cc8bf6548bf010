"""A tiny BERT with random weights for tests of the awesome aligner (no download, a few KB).

The vocabulary is built offline from the words given (WordPiece: whole words, then every single
character as a word start and as a `##` continuation, so any text over those characters tokenizes
without [UNK]). Model and tokenizer are written with `save_pretrained`, so a test loads them back
through the same `from_pretrained` path as a real model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def wordpiece_vocabulary(words: Iterable[str]) -> list[str]:
    """Special tokens, the words themselves, and each of their characters (plain and `##`)."""
    words = sorted(set(words))
    chars = sorted({c for w in words for c in w})
    vocab = SPECIAL_TOKENS + words + chars + [f"##{c}" for c in chars]
    seen: set[str] = set()
    return [t for t in vocab if not (t in seen or seen.add(t))]


def build_tiny_bert(
    directory: str | Path,
    words: Iterable[str],
    layers: int = 8,
    hidden: int = 32,
    seed: int = 0,
) -> Path:
    """Save a randomly initialized BERT (`layers` layers of width `hidden`) and its WordPiece
    tokenizer over `words` into `directory`; returns the directory."""
    import torch
    from transformers import BertConfig, BertModel, BertTokenizerFast

    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    vocab_file = directory / "vocab.txt"
    vocab_file.write_text("\n".join(wordpiece_vocabulary(words)) + "\n", encoding="utf-8")
    tokenizer = BertTokenizerFast(vocab_file=str(vocab_file), do_lower_case=False)
    config = BertConfig(
        vocab_size=tokenizer.vocab_size,
        hidden_size=hidden,
        num_hidden_layers=layers,
        num_attention_heads=2,
        intermediate_size=2 * hidden,
        max_position_embeddings=128,
    )
    torch.manual_seed(seed)
    BertModel(config).eval().save_pretrained(directory)
    tokenizer.save_pretrained(directory)
    return directory
