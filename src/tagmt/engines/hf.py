"""Hugging Face M2M-100 / mBART-50 checkpoints driven through ``generate``.

Decoding follows the paper (beam 4 unless told otherwise, length penalty 1.0, target language forced as the first generated
token). The generation budget is relative to the input: ``MAX_LENGTH_FACTOR`` × the input's length in tokens +
``MAX_LENGTH_EXTRA`` new tokens, per input (not per batch) (2 × + 10 covers the token ratios of en/ja/ko/zh, whose
pieces are shorter on the CJK side, without letting a degenerate output run to the model's position limit).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Sequence

from tagmt.engines.base import Engine
from tagmt.errors import TagmtError, require
from tagmt.hub import load_pretrained
from tagmt.languages import FAMILIES, check_supported

ALIASES = {
    "m2m100": "facebook/m2m100_418M",
    "m2m100-1.2b": "facebook/m2m100_1.2B",
    "mbart50": "facebook/mbart-large-50-many-to-many-mmt",
}

#: The family (``config.model_type``) of each alias, known without reading its checkpoint.
ALIAS_FAMILIES = {"m2m100": "m2m_100", "m2m100-1.2b": "m2m_100", "mbart50": "mbart"}

NUM_BEAMS = 4
LENGTH_PENALTY = 1.0
MAX_LENGTH_FACTOR = 2.0
MAX_LENGTH_EXTRA = 10

# Every language of each family in its own codes (tagmt.languages); zf (Traditional Chinese) has a code in neither.
LANGUAGE_CODES = {family: codes for family, (_, codes) in FAMILIES.items()}
FAMILY_NAMES = {family: display for family, (display, _) in FAMILIES.items()}


class HFSeq2SeqEngine(Engine):
    """An M2M-100 or mBART-50 checkpoint driven through ``generate``."""

    cacheable = True

    def __init__(self, name: str, source: str, family: str, tokenizer, model, *, device: str,
                 batch_size: int, fp16: bool, fingerprint: str, beam: int = NUM_BEAMS) -> None:
        self.name = name
        self.source = source
        self.family = family
        self.tokenizer = tokenizer
        self.model = model
        self.device = device
        self.batch_size = batch_size
        self.fp16 = fp16
        self.beam = beam
        self._fingerprint = fingerprint
        self._torch = require("torch", "hf", "translating with a Hugging Face model")
        self._transformers = require("transformers", "hf", "translating with a Hugging Face model")
        # transformers 5 does not count M2M-100's language tokens as special, so skip_special_tokens
        # alone would leave "__ja__" in the output: decoding drops these ids itself.
        self._skip_ids = set(tokenizer.all_special_ids) | set(tokenizer.lang_code_to_id.values())

    @property
    def identity(self) -> str:
        return f"{self.family}:{self.source}@{self._fingerprint}"

    def settings(self) -> dict[str, Any]:
        return {
            "num_beams": self.beam,
            "length_penalty": LENGTH_PENALTY,
            "max_length_factor": MAX_LENGTH_FACTOR,
            "max_length_extra": MAX_LENGTH_EXTRA,
            "fp16": self.fp16,
        }

    def code(self, lang: str) -> str:
        """The model's code for an ISO language code, or a TagmtError saying it has none."""
        return check_supported(lang, self.family, self.name)

    def check_direction(self, src_lang: str, trg_lang: str) -> None:
        self.code(src_lang)
        self.code(trg_lang)

    def _language_token_id(self, lang: str) -> int:
        code = self.code(lang)
        if self.family == "m2m_100":
            token_id = self.tokenizer.lang_code_to_id.get(code)
        else:
            token_id = self.tokenizer.convert_tokens_to_ids(code)
        if token_id is None or token_id == self.tokenizer.unk_token_id:
            raise TagmtError(f"the tokenizer of model {self.name} has no language token for {code!r}")
        return token_id

    def _set_source(self, lang: str) -> None:
        self.tokenizer.src_lang = self.code(lang)

    def _max_input_tokens(self) -> int:
        return int(getattr(self.model.config, "max_position_embeddings", 1024)) - 2

    def batch_order(self, texts: Sequence[str]) -> list[int]:
        # Longest first (an out-of-memory batch shows at once); ties keep the input order.
        if not texts:
            return []
        lengths = [len(ids) for ids in self.tokenizer(list(texts), add_special_tokens=False)["input_ids"]]
        return sorted(range(len(texts)), key=lambda i: -lengths[i])

    def translate(self, texts: list[str], src_lang: str, trg_lang: str) -> list[str]:
        self.check_direction(src_lang, trg_lang)
        self._set_source(src_lang)
        forced = self._language_token_id(trg_lang)
        outputs = [""] * len(texts)
        # Segments with no text (a source made of tags only, once stripped) translate to nothing.
        todo = [i for i, text in enumerate(texts) if text.strip()]
        order = [todo[k] for k in self.batch_order([texts[i] for i in todo])]
        for start in range(0, len(order), self.batch_size):
            batch = order[start:start + self.batch_size]
            for i, out in zip(batch, self._generate([texts[i] for i in batch], forced)):
                outputs[i] = out
        return outputs

    def _generate(self, texts: list[str], forced_bos_token_id: int) -> list[str]:
        torch = self._torch
        enc = self.tokenizer(
            texts, return_tensors="pt", padding=True, truncation=True, max_length=self._max_input_tokens()
        ).to(self.device)
        budgets = (MAX_LENGTH_FACTOR * enc["attention_mask"].sum(dim=1) + MAX_LENGTH_EXTRA).long()
        budgets = budgets.clamp(max=self._max_input_tokens())
        with torch.inference_mode():
            generated = self.model.generate(
                **enc,
                num_beams=self.beam,
                length_penalty=LENGTH_PENALTY,
                max_new_tokens=int(budgets.max()),
                forced_bos_token_id=forced_bos_token_id,
                stopping_criteria=self._transformers.StoppingCriteriaList([_RowBudget(budgets)]),
            )
        return [self._decode(ids) for ids in generated.tolist()]

    def _decode(self, ids: list[int]) -> str:
        kept = [i for i in ids if i not in self._skip_ids]
        return self.tokenizer.decode(kept, skip_special_tokens=True).strip()


class _RowBudget:
    """Stop each input's beams at that input's own budget of new tokens.

    ``max_new_tokens`` is one number for the whole batch; without this a short input batched with a
    long one could run on where, translated alone or in another batch, it would stop. With it, an
    input's translation does not depend on its batch mates (up to floating-point noise of padding),
    so a resumed run or a cached segment gives what a fresh run gives.
    """

    def __init__(self, budgets) -> None:
        self.budgets = budgets  # new tokens per input

    def __call__(self, input_ids, scores, **kwargs):
        # input_ids: (inputs × candidate beams, 1 decoder-start token + generated tokens)
        per_input = input_ids.shape[0] // self.budgets.shape[0]
        generated = input_ids.shape[1] - 1
        return (generated >= self.budgets.to(input_ids.device)).repeat_interleave(per_input)


def resolve_device(device: str, fp16: bool = False) -> str:
    """``auto`` → ``cuda`` when a GPU is visible, else ``cpu``; refuse what this machine cannot do."""
    if device not in ("auto", "cpu", "cuda") and not device.startswith("cuda:"):
        raise TagmtError(f"unknown device {device!r}: use auto, cpu or cuda")
    torch = require("torch", "hf", "translating with a Hugging Face model")
    has_cuda = torch.cuda.is_available()
    if device == "auto":
        device = "cuda" if has_cuda else "cpu"
    elif device.startswith("cuda") and not has_cuda:
        raise TagmtError(f"--device {device} was asked for but torch sees no CUDA GPU; use --device cpu")
    if fp16 and not device.startswith("cuda"):
        raise TagmtError("--fp16 needs a CUDA GPU (half precision on CPU is slow and inexact); drop --fp16")
    return device


def _fingerprint(directory: Path) -> str:
    """Names, sizes and modification times of a checkpoint's files: changes when the weights change."""
    h = hashlib.sha256()
    for path in sorted(p for p in directory.iterdir() if p.is_file()):
        stat = path.stat()
        h.update(f"{path.name}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return h.hexdigest()[:16]


def load_hf(name: str, *, device: str, batch_size: int, fp16: bool, option: str,
            beam: int = NUM_BEAMS) -> HFSeq2SeqEngine:
    transformers = require("transformers", "hf", "translating with a Hugging Face model")
    require("sentencepiece", "hf", "the M2M-100 / mBART-50 tokenizers")
    transformers.utils.logging.set_verbosity_error()
    transformers.utils.logging.disable_progress_bar()

    source = ALIASES.get(name, name)

    def load(path: str, local_files_only: bool):
        config = transformers.AutoConfig.from_pretrained(path, local_files_only=local_files_only)
        family = config.model_type
        if family not in LANGUAGE_CODES:
            raise TagmtError(
                f"model {name!r} is a {family!r} model; tagmt translates with M2M-100 (m2m_100) or "
                "mBART-50 (mbart) checkpoints"
            )
        if family == "m2m_100":
            tokenizer_cls, model_cls = transformers.M2M100Tokenizer, transformers.M2M100ForConditionalGeneration
        else:
            tokenizer_cls, model_cls = transformers.MBart50Tokenizer, transformers.MBartForConditionalGeneration
        tokenizer = tokenizer_cls.from_pretrained(path, local_files_only=local_files_only)
        model = model_cls.from_pretrained(path, local_files_only=local_files_only)
        return path, config, family, tokenizer, model

    source, config, family, tokenizer, model = load_pretrained(load, source, alias=name, option=option)
    local = Path(source)
    if fp16:
        model = model.half()
    model = model.to(device).eval()
    fingerprint = _fingerprint(local.resolve()) if local.is_dir() else getattr(config, "_commit_hash", None) or "hub"
    return HFSeq2SeqEngine(
        name, source, family, tokenizer, model,
        device=device, batch_size=batch_size, fp16=fp16, fingerprint=fingerprint, beam=beam,
    )
