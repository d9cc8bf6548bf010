"""Tiny M2M-100 and mBART-50 checkpoints for tests and offline benchmarks.

Each builder writes a directory that ``from_pretrained`` loads exactly as it would load
``facebook/m2m100_418M`` or ``facebook/mbart-large-50-many-to-many-mmt``: model config and weights,
generation config, and a tokenizer on a SentencePiece model trained here on a few self-written tagged
lines in en/ja/ko/zh (so ``<``, ``>`` and CJK characters tokenize), with the language-code tokens where
the real tokenizers put them.

A model with purely random weights almost never emits ``</s>``, so every beam runs to the length limit
and tests crawl; the builders therefore fit the random model for a few dozen steps on the same parallel
lines in all 12 directions. The result still translates nothing, but it stops at sentence-like lengths
and emits tags, as a real model does. Everything is seeded and the fit runs on one thread, so a build is
reproducible.
"""

from __future__ import annotations

import json
import re
import tempfile
from contextlib import contextmanager
from itertools import permutations
from pathlib import Path
from typing import Iterator

from tagmt.errors import require

# Self-written parallel lines carrying the markup of the tagged view.
PARALLEL = (
    {
        "en": "Choose <uicontrol>Save</uicontrol> to keep your changes.",
        "ja": "<uicontrol>保存</uicontrol>を選択して変更を保存します。",
        "ko": "<uicontrol>저장</uicontrol>을 선택하여 변경 사항을 유지합니다.",
        "zh": "选择<uicontrol>保存</uicontrol>以保留更改。",
    },
    {
        "en": "For more information, see <xref/>.",
        "ja": "詳細については、<xref/>を参照してください。",
        "ko": "자세한 내용은 <xref/>을 참조하십시오.",
        "zh": "有关更多信息，请参见<xref/>。",
    },
    {
        "en": "The <b>system</b> creates a new document for each order.",
        "ja": "<b>システム</b>は注文ごとに新しい伝票を作成します。",
        "ko": "<b>시스템</b>은 각 주문에 대해 새 문서를 생성합니다.",
        "zh": "<b>系统</b>为每个订单创建一个新凭证。",
    },
    {
        "en": "You can change the settings in the <uicontrol>Administration</uicontrol> app.",
        "ja": "設定は<uicontrol>管理</uicontrol>アプリで変更できます。",
        "ko": "<uicontrol>관리</uicontrol> 앱에서 설정을 변경할 수 있습니다.",
        "zh": "在<uicontrol>管理</uicontrol>应用中可以更改设置。",
    },
)
EXTRA_LINES = ("Numbers 0123456789, punctuation (a) [b] {c} \"d\" 'e' - / : ; ? ! & = _ * # % + @",)

_TAG = re.compile(r"<[^<>]*>")

SEED = 1234
# M2M-100 (sinusoidal positions) needs more steps than mBART-50 before it writes plain text for plain input.
FIT_STEPS = {"m2m_100": 60, "mbart": 40}
FIT_LEARNING_RATE = 2e-2


def _train_sentencepiece(directory: Path, vocab_size: int) -> Path:
    """Train a unigram SentencePiece model on the lines above; return the path of the .model file."""
    spm = require("sentencepiece", "hf", "building a tiny test tokenizer")
    lines = [line for row in PARALLEL for line in row.values()] + list(EXTRA_LINES)
    prefix = directory / "spm"
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines * 4),
        model_prefix=str(prefix),
        vocab_size=vocab_size,
        model_type="unigram",
        character_coverage=1.0,
        hard_vocab_limit=False,
        num_threads=1,
        minloglevel=2,
    )
    return prefix.with_suffix(".model")


def _tiny_dims(d_model: int, layers: int) -> dict:
    return dict(
        d_model=d_model,
        encoder_layers=layers,
        decoder_layers=layers,
        encoder_attention_heads=2,
        decoder_attention_heads=2,
        encoder_ffn_dim=2 * d_model,
        decoder_ffn_dim=2 * d_model,
        max_position_embeddings=512,
        dropout=0.0,
        attention_dropout=0.0,
        encoder_layerdrop=0.0,
        decoder_layerdrop=0.0,
    )


@contextmanager
def _one_thread(torch) -> Iterator[None]:
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(threads)


def _fit(model, tokenizer, codes: dict[str, str], steps: int) -> None:
    """A few Adam steps on every direction of PARALLEL, tagged and plain, so that the model learns
    where sentences end, and (mostly) writes tags only when the input has some."""
    torch = require("torch", "hf", "building a tiny test model")
    rows = list(PARALLEL) + [{lang: _TAG.sub("", line) for lang, line in row.items()} for row in PARALLEL]
    inputs: list[list[int]] = []
    labels: list[list[int]] = []
    for src, trg in permutations(codes, 2):
        tokenizer.src_lang, tokenizer.tgt_lang = codes[src], codes[trg]
        enc = tokenizer([row[src] for row in rows], text_target=[row[trg] for row in rows])
        inputs += enc["input_ids"]
        labels += enc["labels"]
    pad = tokenizer.pad_token_id
    width = max(map(len, inputs))
    input_ids = torch.tensor([ids + [pad] * (width - len(ids)) for ids in inputs])
    width = max(map(len, labels))
    label_ids = torch.tensor([ids + [-100] * (width - len(ids)) for ids in labels])
    optimizer = torch.optim.Adam(model.parameters(), lr=FIT_LEARNING_RATE)
    model.train()
    for _ in range(steps):
        loss = model(input_ids=input_ids, attention_mask=(input_ids != pad).long(), labels=label_ids).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    model.eval()


def build_tiny_m2m100(
    out_dir: str | Path, *, d_model: int = 32, layers: int = 2, vocab_size: int = 400,
    fit_steps: int = FIT_STEPS["m2m_100"],
) -> Path:
    """Write a tiny M2M100ForConditionalGeneration with an M2M100Tokenizer to ``out_dir``."""
    torch = require("torch", "hf", "building a tiny test model")
    transformers = require("transformers", "hf", "building a tiny test model")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        spm_file = _train_sentencepiece(Path(tmp), vocab_size)
        pieces = [line.split("\t")[0] for line in spm_file.with_suffix(".vocab").read_text("utf-8").splitlines()]
        # fairseq's dictionary order: the four specials, then the SentencePiece pieces.
        encoder = {token: i for i, token in enumerate(["<s>", "<pad>", "</s>", "<unk>"])}
        for piece in pieces:
            encoder.setdefault(piece, len(encoder))
        vocab_file = Path(tmp) / "vocab.json"
        vocab_file.write_text(json.dumps(encoder, ensure_ascii=False), "utf-8")
        tokenizer = transformers.M2M100Tokenizer(vocab_file=str(vocab_file), spm_file=str(spm_file))
        tokenizer.save_pretrained(out)
    # The language tokens (and fairseq's made-up words) sit after the dictionary, outside len(tokenizer).
    n_embeddings = tokenizer.encoder_size + len(tokenizer.lang_code_to_id) + tokenizer.num_madeup_words
    config = transformers.M2M100Config(vocab_size=n_embeddings, **_tiny_dims(d_model, layers))
    with _one_thread(torch):
        torch.manual_seed(SEED)
        model = transformers.M2M100ForConditionalGeneration(config)
        _fit(model, tokenizer, {lang: lang for lang in PARALLEL[0]}, fit_steps)
    model.save_pretrained(out)
    return out


def build_tiny_mbart50(
    out_dir: str | Path, *, d_model: int = 32, layers: int = 2, vocab_size: int = 400,
    fit_steps: int = FIT_STEPS["mbart"],
) -> Path:
    """Write a tiny MBartForConditionalGeneration with an MBart50Tokenizer to ``out_dir``."""
    torch = require("torch", "hf", "building a tiny test model")
    transformers = require("transformers", "hf", "building a tiny test model")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        spm_file = _train_sentencepiece(Path(tmp), vocab_size)
        scored = []
        for line in spm_file.with_suffix(".vocab").read_text("utf-8").splitlines():
            piece, score = line.split("\t")
            scored.append((piece, float(score)))
    # The tokenizer puts <s> <pad> </s> <unk> first and the pieces after (skipping SentencePiece's own
    # three specials, the first three entries), then the 52 language codes and <mask>.
    tokenizer = transformers.MBart50Tokenizer(vocab=scored)
    tokenizer.save_pretrained(out)
    config = transformers.MBartConfig(
        vocab_size=len(tokenizer), scale_embedding=True, decoder_start_token_id=2, **_tiny_dims(d_model, layers)
    )
    codes = {"en": "en_XX", "ja": "ja_XX", "ko": "ko_KR", "zh": "zh_CN"}
    with _one_thread(torch):
        torch.manual_seed(SEED)
        model = transformers.MBartForConditionalGeneration(config)
        _fit(model, tokenizer, codes, fit_steps)
    model.save_pretrained(out)
    return out
