"""Hugging Face M2M-100 / mBART-50 checkpoints driven through ``generate``.

Decoding follows the paper (beam 4, length penalty 1.0, target language forced as the first generated
token). The generation budget is relative to the input: ``MAX_LENGTH_FACTOR`` × the input's length in tokens +
``MAX_LENGTH_EXTRA`` new tokens, per input (not per batch) (2 × + 10 covers the token ratios of en/ja/ko/zh, whose
pieces are shorter on the CJK side, without letting a degenerate output run to the model's position limit).

:class:`Seq2SeqEngine` is what every engine over these checkpoints shares — the tokenizer, language codes,
per-input budgets, length-sorted batches cut by segment count or by a token budget, decoding of the
output ids — so the CTranslate2 engine (:mod:`tagmt.engines.ct2`) reads and writes exactly what this
one does. :class:`HFSeq2SeqEngine` adds the PyTorch model.

An input longer than the model's positions (1,022 tokens for M2M-100 and mBART-50: a whole help page, an
unsegmented XLIFF trans-unit) is not cut silently: it is translated sentence by sentence
(``tagmt.projection.sentences``), consecutive sentences packed into pieces that fit, and the pieces' translations
joined (by a space, nothing in Japanese and Chinese, a line break where the source has one). Only a single
sentence longer than the limit is still cut to it. Both are counted (``long_inputs`` in the run record) and said
on stderr; inputs within the limit are translated whole, as before.
"""

from __future__ import annotations

import hashlib
import sys
from abc import abstractmethod
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Sequence

from tagmt.engines.base import Engine
from tagmt.engines.options import NUM_BEAMS, DecodingOptions, EngineOptions
from tagmt.errors import TagmtError, require
from tagmt.hub import load_pretrained
from tagmt.languages import FAMILIES, check_supported, normalize
from tagmt.registry import Needs, Option

#: What running a checkpoint through PyTorch needs (the ``hf`` extra).
HF_MODULES = ("torch", "transformers", "sentencepiece")

ALIASES = {
    "m2m100": "facebook/m2m100_418M",
    "m2m100-1.2b": "facebook/m2m100_1.2B",
    "mbart50": "facebook/mbart-large-50-many-to-many-mmt",
}

#: The family (``config.model_type``) of each alias, known without reading its checkpoint.
ALIAS_FAMILIES = {"m2m100": "m2m_100", "m2m100-1.2b": "m2m_100", "mbart50": "mbart"}

#: Target languages whose sentences follow each other without a space (a long input's translated pieces are
#: joined by nothing there).
UNSPACED_TARGETS = ("ja", "zh", "zf")

LENGTH_PENALTY = 1.0
MAX_LENGTH_FACTOR = 2.0
MAX_LENGTH_EXTRA = 10

# Every language of each family in its own codes (tagmt.languages); zf (Traditional Chinese) has a code in neither.
LANGUAGE_CODES = {family: codes for family, (_, codes) in FAMILIES.items()}
FAMILY_NAMES = {family: display for family, (display, _) in FAMILIES.items()}

#: Precisions of the PyTorch path (``--compute-type``): float32 everywhere, half precision on CUDA.
HF_COMPUTE_TYPES = ("float32", "float16", "bfloat16")


def regional_refusal(model: str, display: str, code: str, tags: tuple[str, str] | None = None) -> str:
    """Why a model with one code per language cannot adapt between two regional variants of it."""
    pair = f"{tags[0]} → {tags[1]}" if tags else f"two regional variants of {code!r}"
    return (f"model {model} ({display}) cannot adapt {pair}: it has one language code ({code}) for both; "
            "use an LLM engine (--model openai:NAME) for a regional adaptation, or copy")


def plan_token_batches(lengths: Sequence[int], *, batch_size: int, max_tokens: int | None) -> list[list[int]]:
    """Indices of ``lengths`` longest first (ties in input order), cut into batches.

    Without ``max_tokens`` a batch holds ``batch_size`` inputs; with it, as many as fit ``max_tokens``
    padded input tokens (inputs × the longest, which leads its batch), so short segments travel in large
    batches and long ones in small; an input longer than the budget goes alone.
    """
    order = sorted(range(len(lengths)), key=lambda i: -lengths[i])
    batches: list[list[int]] = []
    for i in order:
        if batches:
            batch = batches[-1]
            if max_tokens is None:
                fits = len(batch) < batch_size
            else:
                fits = (len(batch) + 1) * lengths[batch[0]] <= max_tokens
            if fits:
                batch.append(i)
                continue
        batches.append([i])
    return batches


class Seq2SeqEngine(Engine):
    """An M2M-100 or mBART-50 checkpoint's tokenizer side: language codes, budgets, batches, decoding."""

    cacheable = True

    backend = True
    needs = Needs(extra="hf", modules=HF_MODULES, weights=True)
    option_specs = (
        Option("device", "str", "auto", "cpu, cuda, cuda:N or auto"),
        Option("compute_type", "str | None", None, "the precision of the weights (None: the back end's default)"),
        Option("fp16", "bool", False, "compute_type float16"),
        Option("batch_size", "int", 16, "segments a batch"),
        Option("beam", "int", NUM_BEAMS, "beam size"),
        Option("max_tokens", "int | None", None, "batches by a budget of padded input tokens instead"),
    )

    def __init__(self, checkpoint: "Checkpoint", *, batch_size: int, decoding: DecodingOptions,
                 max_positions: int) -> None:
        self.name = checkpoint.name
        self.source = checkpoint.source
        self.family = checkpoint.family
        self.tokenizer = tokenizer = checkpoint.tokenizer
        self.batch_size = batch_size
        self.max_tokens = decoding.max_tokens
        self.beam = decoding.beam
        self._max_positions = max_positions
        # transformers 5 does not count M2M-100's language tokens as special, so skip_special_tokens
        # alone would leave "__ja__" in the output: decoding drops these ids itself.
        self._skip_ids = set(tokenizer.all_special_ids) | set(tokenizer.lang_code_to_id.values())
        #: inputs over the model's limit: translated sentence by sentence; single sentences cut to the limit
        self.long_inputs = {"split": 0, "cut": 0}

    @classmethod
    def load(cls, options: EngineOptions, *, references: Sequence[str] | None = None, option: str = "--model",
             approach: str = "dt") -> "Seq2SeqEngine":
        """The checkpoint ``options.model`` on this back end: ``fp16`` is ``compute_type="float16"``; the
        device resolved (``auto``); ``option`` is the command's option named in load errors."""
        compute_type = options.compute_type
        if options.fp16:
            if compute_type not in (None, "float16"):
                raise TagmtError(f"--fp16 and --compute-type {compute_type} disagree: give one of them")
            compute_type = "float16"
        return cls.from_checkpoint(options.model, device=resolve_device(options.device, options.fp16, options.engine),
                                   batch_size=options.batch_size, compute_type=compute_type, option=option,
                                   beam=options.decoding.beam, max_tokens=options.decoding.max_tokens)

    @classmethod
    @abstractmethod
    def from_checkpoint(cls, name: str, *, device: str, batch_size: int, compute_type: str | None, option: str,
                        beam: int, max_tokens: int | None) -> "Seq2SeqEngine":
        """The checkpoint ``name`` loaded for this back end (``load_hf``, ``load_ct2``)."""

    def decoding_settings(self) -> dict[str, Any]:
        """The decoding rules both engines follow (part of ``settings()``)."""
        return {
            "num_beams": self.beam,
            "length_penalty": LENGTH_PENALTY,
            "max_length_factor": MAX_LENGTH_FACTOR,
            "max_length_extra": MAX_LENGTH_EXTRA,
        }

    def code(self, lang: str) -> str:
        """The model's code for a language tag (``de``, ``pt-BR``), or a TagmtError saying it has none."""
        return check_supported(normalize(lang), self.family, self.name)

    def check_direction(self, src_lang: str, trg_lang: str) -> None:
        if normalize(src_lang) == normalize(trg_lang):  # en-US → en-AU: the model has one code for both
            raise TagmtError(regional_refusal(self.name, FAMILY_NAMES[self.family], normalize(src_lang),
                                              (src_lang, trg_lang)))
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
        return self._max_positions - 2

    def _encode(self, texts: Sequence[str]) -> list[list[int]]:
        """Token ids as the model reads them: source language token, pieces, ``</s>``; truncated."""
        return self.tokenizer(list(texts), truncation=True, max_length=self._max_input_tokens())["input_ids"]

    def budget(self, input_tokens: int) -> int:
        """New tokens an input of ``input_tokens`` tokens may generate (target language token and
        ``</s>`` included)."""
        return min(int(MAX_LENGTH_FACTOR * input_tokens + MAX_LENGTH_EXTRA), self._max_input_tokens())

    def plan_batches(self, texts: Sequence[str]) -> list[list[int]]:
        # Longest first (an out-of-memory batch shows at once); ties keep the input order.
        if not texts:
            return []
        lengths = [len(ids) for ids in self._encode(texts)]
        return plan_token_batches(lengths, batch_size=self.batch_size, max_tokens=self.max_tokens)

    def batch_order(self, texts: Sequence[str]) -> list[int]:
        return [i for batch in self.plan_batches(texts) for i in batch]

    def translate(self, texts: list[str], src_lang: str, trg_lang: str) -> list[str]:
        self.check_direction(src_lang, trg_lang)
        self._set_source(src_lang)
        forced = self._language_token_id(trg_lang)
        # Segments with no text (a source made of tags only, once stripped) translate to nothing.
        todo = [i for i, text in enumerate(texts) if text.strip()]
        pieces, lengths, split, cut = self._fitting_pieces([texts[i] for i in todo])
        self._count_long_inputs(split, cut)
        flat = [piece for parts, _ in pieces for piece in parts]
        translated = [""] * len(flat)
        # the batches `plan_batches(flat)` would cut, from the lengths the pieces were measured by
        limit = self._max_input_tokens()
        batches = plan_token_batches([min(n, limit) for n in lengths], batch_size=self.batch_size,
                                     max_tokens=self.max_tokens) if flat else []
        for batch in batches:
            encoded = self._encode([flat[k] for k in batch])
            for k, ids in zip(batch, self._generate(encoded, forced)):
                translated[k] = self._decode(ids)
        outputs = [""] * len(texts)
        at = 0
        glue = "" if normalize(trg_lang) in UNSPACED_TARGETS else " "
        for i, (parts, breaks) in zip(todo, pieces):
            done = translated[at:at + len(parts)]
            at += len(parts)
            outputs[i] = done[0] + "".join(("\n" if line else glue) + piece for line, piece in zip(breaks, done[1:]))
        return outputs

    def _fitting_pieces(
        self, texts: Sequence[str]
    ) -> tuple[list[tuple[list[str], list[bool]]], list[int], int, int]:
        """Each text as the pieces the model translates: the text itself when it fits the model's input,
        else its sentences packed in order into pieces that fit (module docstring), with, between each
        two pieces, whether the source breaks the line there; the pieces' lengths in tokens, in order
        (untruncated); and how many texts were split and how many of their sentences are longer than
        the limit (cut to it when encoded)."""
        limit = self._max_input_tokens()
        lengths = [len(ids) for ids in self.tokenizer(list(texts))["input_ids"]] if texts else []
        out: list[tuple[list[str], list[bool]]] = []
        piece_lengths: list[int] = []
        split = cut = 0
        for text, length in zip(texts, lengths):
            if length <= limit:
                out.append(([text], []))
                piece_lengths.append(length)
                continue
            from tagmt.projection.sentences import sentence_spans

            spans = _outside_markup(text, sentence_spans(text))
            sizes = [len(ids) - 2 for ids in self.tokenizer([text[a:b] for a, b in spans])["input_ids"]]
            parts: list[tuple[int, int]] = []
            breaks: list[bool] = []
            size = 0
            for (a, b), n in zip(spans, sizes):
                if parts and size + n + 2 <= limit and "\n" not in text[parts[-1][1]:a]:
                    parts[-1] = (parts[-1][0], b)
                    size += n
                    continue
                if parts:
                    breaks.append("\n" in text[parts[-1][1]:a])
                parts.append((a, b))
                size = n
                cut += n + 2 > limit
            split += 1
            out.append(([text[a:b] for a, b in parts], breaks))
            piece_lengths.extend(len(ids) for ids in self.tokenizer(out[-1][0])["input_ids"])
        return out, piece_lengths, split, cut

    def _count_long_inputs(self, split: int, cut: int) -> None:
        """Count (`long_inputs`, the run record) and say on stderr the inputs split and sentences cut."""
        self.long_inputs["split"] += split
        self.long_inputs["cut"] += cut
        if split:
            limit = self._max_input_tokens()
            print(f"tagmt: warning: {split} segment(s) longer than {self.name}'s input limit ({limit} tokens) "
                  "translated sentence by sentence" + (f"; {cut} sentence(s) longer than the limit cut to it, their "
                                                        "ends untranslated" if cut else ""),
                  file=sys.stderr, flush=True)

    def record(self) -> dict[str, Any]:
        """What a run record says about the engine: its identity and settings, and the inputs longer than
        the model's limit (split into sentences; sentences cut to the limit)."""
        return {"model": self.identity, "settings": self.settings(), "long_inputs": dict(self.long_inputs)}

    @abstractmethod
    def _generate(self, encoded: list[list[int]], forced_bos_token_id: int) -> list[list[int]]:
        """Output ids (target language token first) for a batch of encoded inputs, each within its budget."""

    def _decode(self, ids: list[int]) -> str:
        kept = [i for i in ids if i not in self._skip_ids]
        return self.tokenizer.decode(kept, skip_special_tokens=True).strip()

    def attention(self, sources: Sequence[str], translations: Sequence[str], src_lang: str, trg_lang: str,
                  layer: int | None = None) -> list[tuple[list[str], list[str], list[list[float]]]]:
        """The model's cross-attention over its own translations (`--aligner attention`): per pair the source
        and target subword pieces (special and language tokens left out) and, for each target piece, its
        attention over the source pieces — at the decoder step that wrote the piece, heads averaged, over the
        decoder layer `layer` (None: all layers averaged). The translation is read back through the decoder
        (teacher forcing): the decoder is causal, so each step attends exactly as it did while translating,
        and a cached translation gets its links too. A pair longer than the model's input limit is cut."""
        self._set_source(src_lang)
        forced = self._language_token_id(trg_lang)
        out = []
        for source, translation in zip(sources, translations):
            src_ids = self._encode([source])[0] if source.strip() else []
            trg_ids = self.tokenizer(translation, add_special_tokens=False)["input_ids"][: self._max_input_tokens()]
            if not src_ids or not trg_ids:
                out.append(([], [], []))
                continue
            rows = self._cross_attention(src_ids, [forced, *trg_ids], layer)[1:1 + len(trg_ids)]
            unknown = self.tokenizer.unk_token_id  # (kept: `<unk>` stands for the characters it replaced)
            keep = [i for i, token in enumerate(src_ids) if token not in self._skip_ids or token == unknown]
            out.append((self.tokenizer.convert_ids_to_tokens([src_ids[i] for i in keep]),
                        self.tokenizer.convert_ids_to_tokens(trg_ids), [[row[i] for i in keep] for row in rows]))
        return out

    @abstractmethod
    def _cross_attention(self, src_ids: list[int], prefix: list[int], layer: int | None) -> list[list[float]]:
        """Row k: the attention over `src_ids` at the step that wrote `prefix[k]` (the target language token
        first, then the translation's pieces)."""


def _outside_markup(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`spans` (sentences of `text`) with every cut that falls inside a markup token of a tagged input (DT:
    `<a title="Hi. There">`) undone: the two sentences either side are one."""
    if "<" not in text or len(spans) < 2:
        return spans
    from tagmt.markup import tokenize

    inside = [(t.start, t.end) for t in tokenize(text, orphans=True) if t.is_markup]
    merged = [spans[0]]
    k = 0
    for a, b in spans[1:]:
        cut = merged[-1][1]
        while k < len(inside) and inside[k][1] <= cut:
            k += 1
        if k < len(inside) and inside[k][0] < cut:
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    return merged


class HFSeq2SeqEngine(Seq2SeqEngine):
    """An M2M-100 or mBART-50 checkpoint driven through ``generate`` (``checkpoint.model``, loaded)."""

    engine_name = "hf"

    def __init__(self, checkpoint: "Checkpoint", *, device: str, batch_size: int, compute_type: str,
                 fingerprint: str, decoding: DecodingOptions = DecodingOptions()) -> None:
        model = checkpoint.model
        super().__init__(checkpoint, batch_size=batch_size, decoding=decoding,
                         max_positions=int(getattr(model.config, "max_position_embeddings", 1024)))
        self.model = model
        self.device = device
        self.compute_type = compute_type
        self._fingerprint = fingerprint
        self._torch = require("torch", "hf", "translating with a Hugging Face model")
        self._transformers = require("transformers", "hf", "translating with a Hugging Face model")
        # generate() fills every field tagmt leaves unset from the checkpoint's generation_config.json
        # (mBART-50's forced_eos_token_id, a checkpoint's no_repeat_ngram_size, ...): keep only its token ids.
        config = model.config
        model.generation_config = self._transformers.GenerationConfig(
            decoder_start_token_id=config.decoder_start_token_id, bos_token_id=config.bos_token_id,
            eos_token_id=config.eos_token_id, pad_token_id=config.pad_token_id,
        )

    @classmethod
    def from_checkpoint(cls, name: str, **loading: Any) -> "HFSeq2SeqEngine":
        return load_hf(name, **loading)

    @property
    def fp16(self) -> bool:
        return self.compute_type == "float16"

    @property
    def identity(self) -> str:
        return f"{self.family}:{self.source}@{self._fingerprint}"

    def settings(self) -> dict[str, Any]:
        return {**self.decoding_settings(), "dtype": self.compute_type}

    def _generation_config(self, max_new_tokens: int, forced_bos_token_id: int):
        """Every rule of the search spelled out (the model's own generation config holds only token ids)."""
        config = self.model.config
        return self._transformers.GenerationConfig(
            num_beams=self.beam,
            do_sample=False,
            length_penalty=LENGTH_PENALTY,
            # Stop once ``beam`` finished hypotheses are found, as CTranslate2's beam search does.
            early_stopping=True,
            max_new_tokens=max_new_tokens,
            forced_bos_token_id=forced_bos_token_id,
            decoder_start_token_id=config.decoder_start_token_id,
            bos_token_id=config.bos_token_id,
            eos_token_id=config.eos_token_id,
            pad_token_id=config.pad_token_id,
        )

    def _generate(self, encoded: list[list[int]], forced_bos_token_id: int) -> list[list[int]]:
        torch = self._torch
        enc = self.tokenizer.pad({"input_ids": encoded}, return_tensors="pt").to(self.device)
        budgets = torch.tensor([self.budget(len(ids)) for ids in encoded], device=self.device)
        with torch.inference_mode():
            generated = self.model.generate(
                **enc,
                generation_config=self._generation_config(int(budgets.max()), forced_bos_token_id),
                stopping_criteria=self._transformers.StoppingCriteriaList([_RowBudget(budgets)]),
            )
        return [ids[1:] for ids in generated.tolist()]  # without the decoder start token

    def _cross_attention(self, src_ids: list[int], prefix: list[int], layer: int | None) -> list[list[float]]:
        torch = self._torch
        start = self.model.config.decoder_start_token_id
        before = self.model.config._attn_implementation
        self.model.set_attn_implementation("eager")  # (SDPA kernels return no attention weights)
        try:
            with torch.inference_mode():
                result = self.model(input_ids=torch.tensor([src_ids], device=self.device),
                                    decoder_input_ids=torch.tensor([[start, *prefix[:-1]]], device=self.device),
                                    output_attentions=True)
        finally:
            self.model.set_attn_implementation(before)
        layers = result.cross_attentions if layer is None else (result.cross_attentions[layer],)
        # (each: 1 × heads × decoder steps × source tokens); step k, reading prefix[k - 1], wrote prefix[k]
        return torch.stack([weights[0].float().mean(0) for weights in layers]).mean(0).tolist()


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


def resolve_device(device: str, fp16: bool = False, engine: str = "hf") -> str:
    """``auto`` → ``cuda`` when a GPU is visible, else ``cpu``; refuse what this machine cannot do.

    The GPU must be visible to the library that runs the model: torch for ``hf``, CTranslate2 (whose
    wheels carry CUDA even beside a CPU build of torch) for ``ct2``.
    """
    if device not in ("auto", "cpu", "cuda") and not device.startswith("cuda:"):
        raise TagmtError(f"unknown device {device!r}: use auto, cpu or cuda")
    if engine == "ct2":
        library = "CTranslate2"
        has_cuda = require("ctranslate2", "ct2", "translating with CTranslate2").get_cuda_device_count() > 0
    else:
        library = "torch"
        has_cuda = require("torch", "hf", "translating with a Hugging Face model").cuda.is_available()
    if device == "auto":
        device = "cuda" if has_cuda else "cpu"
    elif device.startswith("cuda") and not has_cuda:
        raise TagmtError(f"--device {device} was asked for but {library} sees no CUDA GPU; use --device cpu")
    if fp16 and not device.startswith("cuda"):
        raise TagmtError("--fp16 needs a CUDA GPU (half precision on CPU is slow and inexact); drop --fp16")
    return device


def hf_compute_type(device: str, requested: str | None) -> str:
    """The PyTorch precision: float32 on CPU; on CUDA bfloat16 where the GPU has it, else float16."""
    if requested is None:
        if not device.startswith("cuda"):
            return "float32"
        torch = require("torch", "hf", "translating with a Hugging Face model")
        return "bfloat16" if torch.cuda.is_bf16_supported() else "float16"
    if requested not in HF_COMPUTE_TYPES:
        raise TagmtError(
            f"--compute-type {requested} is not a precision of the hf engine: use one of "
            f"{', '.join(HF_COMPUTE_TYPES)} (int8 types are for --engine ct2)"
        )
    if requested != "float32" and not device.startswith("cuda"):
        raise TagmtError(
            f"--compute-type {requested} needs a CUDA GPU with --engine hf (half precision on CPU is slow and "
            "inexact); use float32, or --engine ct2 for int8 on CPU"
        )
    return requested


def _fingerprint(directory: Path) -> str:
    """Names, sizes and modification times of a checkpoint's files: changes when the weights change."""
    h = hashlib.sha256()
    for path in sorted(p for p in directory.iterdir() if p.is_file()):
        stat = path.stat()
        h.update(f"{path.name}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return h.hexdigest()[:16]


@dataclass
class Checkpoint:
    """An M2M-100 / mBART-50 checkpoint as loaded by :func:`load_checkpoint` (model only when asked)."""

    name: str
    source: str  # the local folder, or the hub id
    config: Any
    family: str
    tokenizer: Any
    model: Any = None

    def local_dir(self) -> Path:
        """The folder holding the checkpoint's files: the local folder, or the hub cache's snapshot."""
        local = Path(self.source)
        if local.is_dir():
            return local
        transformers = require("transformers", "hf", "translating with a Hugging Face model")
        return Path(transformers.utils.cached_file(self.source, "config.json", local_files_only=True)).parent


def load_checkpoint(name: str, *, option: str, with_model: bool = True) -> Checkpoint:
    """Config, tokenizer and (``with_model``) weights of ``name`` (an alias, hub id or local folder),
    following tagmt's loading policy (:func:`tagmt.hub.load_pretrained`)."""
    transformers = require("transformers", "hf", "translating with a Hugging Face model")
    require("sentencepiece", "hf", "the M2M-100 / mBART-50 tokenizers")
    transformers.utils.logging.set_verbosity_error()
    transformers.utils.logging.disable_progress_bar()

    def load(path: str, local_files_only: bool) -> Checkpoint:
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
        model = model_cls.from_pretrained(path, local_files_only=local_files_only) if with_model else None
        return Checkpoint(name, path, config, family, tokenizer, model)

    return load_pretrained(load, ALIASES.get(name, name), alias=name, option=option)


def load_hf(name: str, *, device: str, batch_size: int, compute_type: str | None = None, option: str,
            beam: int = NUM_BEAMS, max_tokens: int | None = None) -> HFSeq2SeqEngine:
    torch = require("torch", "hf", "translating with a Hugging Face model")
    dtype = hf_compute_type(device, compute_type)
    checkpoint = load_checkpoint(name, option=option)
    model = checkpoint.model.to(device=device, dtype=getattr(torch, dtype)).eval()
    local = Path(checkpoint.source)
    fingerprint = (
        _fingerprint(local.resolve()) if local.is_dir() else getattr(checkpoint.config, "_commit_hash", None) or "hub"
    )
    return HFSeq2SeqEngine(
        replace(checkpoint, model=model), device=device, batch_size=batch_size, compute_type=dtype,
        fingerprint=fingerprint, decoding=DecodingOptions(beam=beam, max_tokens=max_tokens),
    )
