"""M2M-100 / mBART-50 through CTranslate2: the checkpoint converted once, then translated by the
library's C++ beam search (int8 on CPU by default).

**Conversion.** The checkpoint (hub id or folder) is converted with CTranslate2's own converter
(``ctranslate2.converters.TransformersConverter``) into ``tagmt.paths.cache_dir()/ct2/<key>/``, keyed by
the SHA-256 of the checkpoint's files and the converter's version; the model is written into a
temporary folder and renamed into place, so a killed conversion leaves nothing half-written. Weights are
kept in the checkpoint's own precision; ``--compute-type`` quantizes them when the model is loaded.

CTranslate2 4.8's converter expects what transformers 4 gave it, and fails with transformers 5 on both
families; :class:`_Converter` supplies it (nothing else changes):

* M2M-100: transformers 5's ``M2M100Tokenizer.get_vocab()`` no longer holds the 100 language tokens
  (ids after the SentencePiece pieces) and its ``special_tokens_map`` has no ``additional_special_tokens``,
  so the converter's vocabulary lacks them and the model refuses it (2,509 entries for 2,601 weights on
  a tiny model). The converter is given a view of the tokenizer whose ``get_vocab()`` adds them at
  their ids (the converter then appends the ``madeupword`` fillers itself).
* mBART-50: the converter reads ``config.normalize_before``, which transformers 5 configs no longer
  carry (``'MBartConfig' object has no attribute 'normalize_before'``); mBART's layers are pre-norm by
  construction, so it is set to True. The converter also picks the decoder start token from
  ``config.tokenizer_class`` (mBART-25 style when it is missing); it is set to the tokenizer actually
  used, and the converted model's start token is checked against ``decoder_start_token_id``.

After conversion the vocabulary is checked against the tokenizer (size, special and language tokens at
their ids), so a converter that drifts again fails at conversion time, not with wrong translations.

**Decoding** follows the hf engine exactly (see :mod:`tagmt.engines.hf`): same tokenizer and input ids,
the target language as ``target_prefix``, the same beam, length penalty 1.0 and per-input budget of
``2 × input tokens + 10`` new tokens. The two libraries agree on what they normalize by once
``return_end_token=True``: both divide the sum of log-probabilities by (generated tokens, the language
token and ``</s>`` included) ** length_penalty, and both stop an input's search once ``beam`` finished
hypotheses are found (HF ``early_stopping=True``). ``max_decoding_length`` is one number per batch, so
inputs are decoded in groups of equal budget with beam search; greedy search is cut to each input's
budget after one call, which is exact for greedy decoding. One difference remains: at the first free
step CTranslate2 drops ``</s>`` from secondary beams (its issue #277), where HF may keep an empty
hypothesis; it only matters when an empty translation would win.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from tagmt import paths
from tagmt.engines.options import NUM_BEAMS, DecodingOptions
from tagmt.engines.hf import HF_MODULES, LENGTH_PENALTY, Checkpoint, Seq2SeqEngine, load_checkpoint
from tagmt.errors import TagmtError, require
from tagmt.registry import Needs

#: CTranslate2 precisions tagmt accepts; the default is int8 on CPU and int8_float16 on CUDA.
CT2_COMPUTE_TYPES = ("int8", "int8_float32", "int8_float16", "int8_bfloat16", "int16", "float32", "float16",
                     "bfloat16")
#: Bumped when tagmt's conversion changes what it writes, so that old cached models are not reused.
CONVERSION_FORMAT = 1
RECORD_FILE = "tagmt-ct2.json"


def _ctranslate2():
    return require("ctranslate2", "ct2", "translating with CTranslate2")


def ct2_compute_type(device: str, requested: str | None) -> str:
    """The requested precision, or the default (int8 on CPU, int8_float16 on CUDA); refused when the
    device cannot run it."""
    ct2 = _ctranslate2()
    kind = "cuda" if device.startswith("cuda") else "cpu"
    compute_type = requested or ("int8_float16" if kind == "cuda" else "int8")
    if compute_type not in CT2_COMPUTE_TYPES:
        raise TagmtError(f"--compute-type {compute_type} is not a CTranslate2 precision: use one of "
                         f"{', '.join(CT2_COMPUTE_TYPES)}")
    supported = sorted(ct2.get_supported_compute_types(kind))
    if compute_type not in supported:
        raise TagmtError(f"--compute-type {compute_type} is not supported on this {kind.upper()} by CTranslate2; "
                         f"it supports {', '.join(supported)}")
    return compute_type


def source_sha256(directory: Path) -> str:
    """SHA-256 over the names and contents of a checkpoint folder's files (symbolic links followed, as
    in the hub cache): the conversion cache key does not depend on where or when the files were copied."""
    digest = hashlib.sha256()
    for path in sorted(p for p in directory.iterdir() if p.is_file()):
        digest.update(path.name.encode("utf-8") + b"\0")
        with path.open("rb") as handle:
            digest.update(hashlib.file_digest(handle, "sha256").digest())
    return digest.hexdigest()


class _TokenizerView:
    """The tokenizer as CTranslate2's converter reads it: ``get_vocab()`` with the language tokens at
    their ids, and a ``bos_token`` (None in transformers 5's MBart50Tokenizer), as transformers 4 gave
    them; everything else is the tokenizer's own."""

    def __init__(self, tokenizer, bos_token_id: int) -> None:
        self._tokenizer = tokenizer
        self.bos_token = tokenizer.bos_token or tokenizer.convert_ids_to_tokens(bos_token_id)
        vocab = dict(tokenizer.get_vocab())
        for token_id in tokenizer.lang_code_to_id.values():
            vocab.setdefault(tokenizer.convert_ids_to_tokens(token_id), token_id)
        self._vocab = vocab

    def get_vocab(self) -> dict[str, int]:
        return dict(self._vocab)

    def __getattr__(self, name: str):
        return getattr(self._tokenizer, name)


def _converter_class():
    converters = require("ctranslate2.converters", "ct2", "converting a model for CTranslate2")

    class _Converter(converters.TransformersConverter):
        """The library's converter, given the loaded checkpoint and what its loaders expect (module
        docstring)."""

        def __init__(self, checkpoint: Checkpoint, directory: Path) -> None:
            super().__init__(str(directory))
            self._checkpoint = checkpoint

        def load_model(self, model_class, model_name_or_path, **kwargs):
            model = self._checkpoint.model
            if self._checkpoint.family == "mbart":
                model.config.normalize_before = True  # MBart*Layer normalize before each block
                model.config.tokenizer_class = type(self._checkpoint.tokenizer).__name__.removesuffix("Fast")
            return model

        def load_tokenizer(self, tokenizer_class, model_name_or_path, **kwargs):
            return _TokenizerView(self._checkpoint.tokenizer, self._checkpoint.config.bos_token_id)

    return _Converter


def _check_converted(folder: Path, checkpoint: Checkpoint) -> list[str]:
    """The converted vocabulary, after checking it against the tokenizer and the model config."""
    tokenizer, config = checkpoint.tokenizer, checkpoint.config
    vocabulary = json.loads((folder / "shared_vocabulary.json").read_text("utf-8"))
    expected = {tokenizer.convert_ids_to_tokens(i): i for i in tokenizer.lang_code_to_id.values()}
    for token in ("eos_token", "pad_token", "unk_token"):
        expected[getattr(tokenizer, token)] = getattr(tokenizer, f"{token}_id")
    wrong = [f"{token} (id {i})" for token, i in expected.items()
             if i >= len(vocabulary) or vocabulary[i] != token]
    if len(vocabulary) != config.vocab_size or wrong:
        raise TagmtError(
            f"CTranslate2's conversion of {checkpoint.source} gave a vocabulary of {len(vocabulary)} entries for "
            f"{config.vocab_size} embeddings" + (f", with {', '.join(wrong[:3])} misplaced" if wrong else "")
            + "; use --engine hf, or report it with the ctranslate2 and transformers versions"
        )
    converted = json.loads((folder / "config.json").read_text("utf-8"))
    missing = [key for key in ("bos_token", "eos_token", "unk_token") if not converted.get(key)]
    if missing:
        raise TagmtError(f"CTranslate2's conversion of {checkpoint.source} has no {', '.join(missing)}; use --engine hf")
    start = converted.get("decoder_start_token")
    if start != tokenizer.convert_ids_to_tokens(config.decoder_start_token_id):
        raise TagmtError(f"CTranslate2's conversion of {checkpoint.source} starts decoding with {start!r}, not "
                         f"token {config.decoder_start_token_id}; use --engine hf")
    return vocabulary


def convert(checkpoint: Checkpoint, cache: Path | None = None, *, option: str = "--model") -> Path:
    """The CTranslate2 model of ``checkpoint``, converted now unless the cache holds it (its weights are
    loaded only then; ``option`` is named if they are missing)."""
    ct2 = _ctranslate2()
    local = checkpoint.local_dir()
    source_hash = source_sha256(local)
    key = hashlib.sha256(f"{source_hash}|{ct2.__version__}|{CONVERSION_FORMAT}".encode()).hexdigest()[:32]
    root = cache if cache is not None else paths.cache_dir() / "ct2"
    folder = root / key
    if (folder / RECORD_FILE).is_file():
        return folder
    root.mkdir(parents=True, exist_ok=True)
    if checkpoint.model is None:
        checkpoint = load_checkpoint(checkpoint.name, option=option)
    temporary = Path(tempfile.mkdtemp(prefix=f".{key}-", dir=root))
    try:
        _converter_class()(checkpoint, local).convert(str(temporary / "model"), force=True)
        model_dir = temporary / "model"
        _check_converted(model_dir, checkpoint)
        with (model_dir / "model.bin").open("rb") as handle:
            model_hash = hashlib.file_digest(handle, "sha256").hexdigest()
        record = {"source": checkpoint.source, "source_sha256": source_hash, "model_sha256": model_hash,
                  "family": checkpoint.family, "ctranslate2": ct2.__version__, "format": CONVERSION_FORMAT}
        (model_dir / RECORD_FILE).write_text(json.dumps(record, indent=2) + "\n", "utf-8")
        try:
            os.rename(model_dir, folder)
        except OSError:
            if not (folder / RECORD_FILE).is_file():  # not another process's finished conversion
                raise
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    return folder


class CT2Engine(Seq2SeqEngine):
    """An M2M-100 or mBART-50 checkpoint converted for CTranslate2 (``translator``, loaded from ``model_dir``
    at its compute type), tokenized by its own tokenizer."""

    engine_name = "ct2"
    needs = Needs(extra="ct2", modules=(*HF_MODULES, "ctranslate2"), weights=True)  # (tagmt[ct2] holds tagmt[hf])

    def __init__(self, checkpoint: Checkpoint, translator, *, model_dir: Path, vocabulary: list[str],
                 model_sha256: str, device: str, batch_size: int, decoding: DecodingOptions) -> None:
        super().__init__(checkpoint, batch_size=batch_size, decoding=decoding,
                         max_positions=int(getattr(checkpoint.config, "max_position_embeddings", 1024)))
        self.translator = translator
        self.model_dir = model_dir
        self.vocabulary = vocabulary
        self.compute_type = translator.compute_type
        self.device = device
        self._ids = {token: i for i, token in enumerate(vocabulary)}
        self._model_sha256 = model_sha256

    @classmethod
    def from_checkpoint(cls, name: str, **loading: Any) -> "CT2Engine":
        return load_ct2(name, **loading)

    @property
    def identity(self) -> str:
        return f"ct2:{self.family}:{self.source}@{self._model_sha256[:16]}:{self.compute_type}"

    def settings(self) -> dict[str, Any]:
        return {**self.decoding_settings(), "engine": "ct2", "compute_type": self.compute_type}

    def _generate(self, encoded: list[list[int]], forced_bos_token_id: int) -> list[list[int]]:
        prefix = [self.vocabulary[forced_bos_token_id]]
        budgets = [self.budget(len(ids)) for ids in encoded]
        if self.beam == 1:
            groups = [list(range(len(encoded)))]  # greedy: cutting at a budget is stopping there
        else:
            by_budget: dict[int, list[int]] = {}
            for i, budget in enumerate(budgets):
                by_budget.setdefault(budget, []).append(i)
            groups = list(by_budget.values())
        outputs: list[list[int]] = [[] for _ in encoded]
        for group in groups:
            results = self.translator.translate_batch(
                [[self.vocabulary[t] for t in encoded[i]] for i in group],
                target_prefix=[prefix] * len(group),
                beam_size=self.beam,
                patience=1,
                length_penalty=LENGTH_PENALTY,
                max_input_length=0,  # inputs arrive truncated as the hf engine truncates them
                max_decoding_length=max(budgets[i] for i in group),
                min_decoding_length=0,
                return_end_token=True,  # counted in the length normalization, as HF counts it
            )
            for i, result in zip(group, results):
                outputs[i] = [self._ids[token] for token in result.hypotheses[0]][: budgets[i]]
        return outputs


    def _cross_attention(self, src_ids: list[int], prefix: list[int], layer: int | None) -> list[list[float]]:
        """CTranslate2's attention (`return_attention`) with the translation given as the target prefix: the
        alignment heads chosen when the model was converted (the converter's default: the last layer's first
        head; `layer` cannot pick another here, so it is refused)."""
        if layer is not None:
            raise TagmtError("the ct2 engine returns the attention its converted model was given (the last layer); "
                             "attention options that pick a layer are for --engine hf")
        tokens = [self.vocabulary[t] for t in prefix]
        result = self.translator.translate_batch(
            [[self.vocabulary[t] for t in src_ids]], target_prefix=[tokens], beam_size=1, max_input_length=0,
            max_decoding_length=len(tokens) + 1, min_decoding_length=0, return_attention=True,
        )[0]
        return [list(row) for row in result.attention[0][: len(tokens)]]


def load_ct2(name: str, *, device: str, batch_size: int, compute_type: str | None = None, option: str,
             beam: int = NUM_BEAMS, max_tokens: int | None = None, cache: Path | None = None) -> CT2Engine:
    """Convert ``name`` (alias, hub id or folder) unless cached, and load it for translation."""
    ct2 = _ctranslate2()
    compute_type = ct2_compute_type(device, compute_type)
    checkpoint = load_checkpoint(name, option=option, with_model=False)
    folder = convert(checkpoint, cache, option=option)
    record = json.loads((folder / RECORD_FILE).read_text("utf-8"))
    kind, _, index = device.partition(":")
    translator = ct2.Translator(str(folder), device=kind, device_index=int(index or 0),
                                compute_type=compute_type, intra_threads=_intra_threads())
    return CT2Engine(
        checkpoint, translator, model_dir=folder,
        vocabulary=json.loads((folder / "shared_vocabulary.json").read_text("utf-8")),
        model_sha256=record["model_sha256"], device=device, batch_size=batch_size,
        decoding=DecodingOptions(beam=beam, max_tokens=max_tokens),
    )


def _intra_threads() -> int:
    """CPU threads for CTranslate2: torch's setting when torch is loaded (the test suite and the grid's
    workers set it), else OMP_NUM_THREADS, else 0 (the library's default: every core)."""
    import sys

    torch = sys.modules.get("torch")
    if torch is not None:
        return torch.get_num_threads()
    return int(os.environ.get("OMP_NUM_THREADS") or 0)
