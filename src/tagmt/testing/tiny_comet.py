"""A tiny COMET regression model with random weights, so the ``comet`` metric runs for real in tests.

No COMET model can be downloaded here, so this builds one the way ``comet.load_from_checkpoint``
reads it: ``hparams.yaml`` (``class_identifier: regression_metric``) beside
``checkpoints/model.ckpt`` (a Lightning checkpoint: ``state_dict`` and ``hyper_parameters``), with
``pretrained_model`` pointing to a local folder holding an XLM-R config and an
``XLMRobertaTokenizerFast`` over a unigram SentencePiece model trained here on a few lines. COMET
builds the encoder from that config (``load_pretrained_weights`` is false when it loads a checkpoint)
and then fills every weight from the checkpoint, so the scores are meaningless but the same on every
build and load. Needs the ``comet`` extra (unbabel-comet brings torch, transformers, sentencepiece).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Sequence

from tagmt.errors import require

TRAINING_LINES = (
    "Save the file before you close the editor.",
    "Click <uicontrol>Save</uicontrol> to keep your changes.",
    "The system creates a new document for each order.",
    "Choose a user and enter the password.",
    "ファイルを保存します。",
    "파일을 저장합니다.",
    "保存文件。",
    "Die Datei wird gespeichert.",
)


def _tokenizer(lines: Sequence[str], vocab_size: int, directory: Path):
    """An XLMRobertaTokenizerFast over a unigram SentencePiece model trained on ``lines`` in ``directory``.

    Trained with SentencePiece because tokenizers' own Unigram trainer breaks ties between equal scores
    differently in each process (two builds would number the pieces differently). The fast tokenizer is
    assembled here from the trained pieces and scores in XLM-R's layout, because transformers' slow-to-fast
    conversion needs protobuf>=5 and unbabel-comet pins protobuf<5.
    """
    spm = require("sentencepiece", "comet", "building a tiny COMET model")
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors
    from transformers import XLMRobertaTokenizerFast

    prefix = directory / "spm"
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(list(lines) * 4), model_prefix=str(prefix), vocab_size=vocab_size,
        model_type="unigram", character_coverage=1.0, hard_vocab_limit=False, num_threads=1, minloglevel=2,
    )
    trained = spm.SentencePieceProcessor(model_file=str(prefix.with_suffix(".model")))
    # XLM-R: <s> <pad> </s> <unk>, then SentencePiece's pieces after its own <unk> <s> </s>, then <mask>
    pieces = [(trained.id_to_piece(i), trained.get_score(i)) for i in range(3, trained.get_piece_size())]
    vocab = [("<s>", 0.0), ("<pad>", 0.0), ("</s>", 0.0), ("<unk>", 0.0), *pieces, ("<mask>", 0.0)]
    backend = Tokenizer(models.Unigram(vocab, unk_id=3))
    backend.normalizer = normalizers.NFKC()
    backend.pre_tokenizer = pre_tokenizers.Metaspace()
    backend.decoder = decoders.Metaspace()
    backend.post_processor = processors.RobertaProcessing(sep=("</s>", 2), cls=("<s>", 0))
    return XLMRobertaTokenizerFast(tokenizer_object=backend, bos_token="<s>", eos_token="</s>", sep_token="</s>",
                                   cls_token="<s>", unk_token="<unk>", pad_token="<pad>", mask_token="<mask>")


def build_tiny_comet(directory: str | Path, lines: Sequence[str] = TRAINING_LINES, hidden: int = 32,
                     layers: int = 2, vocab_size: int = 120, seed: int = 0) -> Path:
    """Write a COMET model folder (``hparams.yaml``, ``checkpoints/model.ckpt``, ``encoder/``) with an
    XLM-R encoder of ``layers`` layers of width ``hidden`` into ``directory``; returns the directory.

    ``hparams.yaml`` names the encoder folder by its absolute path, so the folder is not meant to move.
    """
    from tagmt.metrics.comet import quiet_comet

    with quiet_comet():
        torch = require("torch", "comet", "building a tiny COMET model")
        comet_models = require("comet.models", "comet", "building a tiny COMET model")
        lightning = require("pytorch_lightning", "comet", "building a tiny COMET model")
    import yaml
    from transformers import XLMRobertaConfig

    directory = Path(directory)
    encoder = directory / "encoder"
    encoder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        tokenizer = _tokenizer(lines, vocab_size, Path(tmp))
        tokenizer.save_pretrained(encoder)
    XLMRobertaConfig(
        vocab_size=len(tokenizer), hidden_size=hidden, num_hidden_layers=layers, num_attention_heads=2,
        intermediate_size=2 * hidden, max_position_embeddings=130, pad_token_id=tokenizer.pad_token_id,
        bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id,
    ).save_pretrained(encoder)

    torch.manual_seed(seed)
    with quiet_comet():
        model = comet_models.RegressionMetric(
            pretrained_model=str(encoder.resolve()), load_pretrained_weights=False, local_files_only=True,
            hidden_sizes=[2 * hidden], layer="mix", layer_transformation="softmax", pool="avg",
        ).eval()
    hparams = dict(model.hparams)
    checkpoint = directory / "checkpoints" / "model.ckpt"
    checkpoint.parent.mkdir(exist_ok=True)
    torch.save({"state_dict": model.state_dict(), "hyper_parameters": hparams,
                "pytorch-lightning_version": lightning.__version__},
               checkpoint)
    (directory / "hparams.yaml").write_text(yaml.safe_dump(hparams, sort_keys=True), encoding="utf-8")
    return directory
