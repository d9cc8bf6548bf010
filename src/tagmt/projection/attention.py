"""`--aligner attention`: word links from the translating model's own cross-attention, for `translate
--approach dp` with the hf and ct2 engines — no second model and no eflomal run.

The engine gives, per (source, translation) pair, its subword pieces and each target piece's attention over
the source pieces (`Seq2SeqEngine.attention`: HF heads averaged over every decoder layer, or one `layer`;
CTranslate2 the alignment heads of its converted model). Each target piece is linked to the source piece it
attends to most (argmax, Garg et al. 2019's simplest extraction), and the pieces and links go through
`given.GivenAligner`, which maps pieces onto the projection's words by their characters (SentencePiece's `▁`
read as a word start). A pair whose pieces do not spell its text (an `<unk>` piece, a cut input) gets no
links — its tags are placed by the projection's fallbacks — and is counted (`unmatched`).

An engine without attention (an LLM, `copy`, `reference`) is refused before anything is translated
(`check_engine`); used anywhere else (`tagmt project`), the aligner refuses in one line too.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from typing import Any, Sequence

from tagmt.errors import TagmtError
from tagmt.projection.given import GivenAligner, covers
from tagmt.projection.links import Links
from tagmt.registry import Needs, described, option

ELSEWHERE = ("the attention aligner takes its links from the model that translates: use --aligner attention with "
             "`tagmt translate --approach dp` and an hf or ct2 engine (M2M-100, mBART-50), or another aligner here")


@dataclass(frozen=True)
class AttentionOptions:
    """The options of `AttentionAligner`."""

    layer: int | None = option(None, "the decoder layer whose cross-attention links words (None: all layers "
                                     "averaged; hf engine only; negative counts from the last)")


def check_engine(engine: Any) -> None:
    """Refuse an engine that has no cross-attention to give, before it translates anything."""
    if getattr(engine, "attention", None) is None:
        raise TagmtError(f"--aligner attention needs the translating model's cross-attention, and the "
                         f"{getattr(engine, 'name', 'chosen')} engine has none (LLMs, copy and reference do not): "
                         "translate with an hf or ct2 model, or use --aligner eflomal or awesome")


def argmax_links(rows: Sequence[Sequence[float]]) -> Links:
    """(source piece, target piece) links: each target piece to the source piece it attends to most (the
    first of equal weights); a row without weights links nothing."""
    return {(max(range(len(row)), key=row.__getitem__), j) for j, row in enumerate(rows) if len(row)}


class AttentionAligner:
    """Links from the translating model's attention (see the module docstring). Options: an `AttentionOptions`
    or its fields as keywords."""

    name = "attention"
    option_specs = described(AttentionOptions)
    needs = Needs(extra="hf", modules=("torch", "transformers"))
    learns_from_corpus = False
    from_engine = True
    """Its links come from the engine that translates (`translation.pipelines.run_detag_project` asks for
    them with `given`)."""

    def __init__(self, options: AttentionOptions | None = None, /, **settings: Any) -> None:
        self.options = replace(options or AttentionOptions(), **settings)
        self.unmatched = 0

    def align(self, src_words, trg_words) -> list[Links]:
        raise TagmtError(ELSEWHERE)

    def given(self, engine: Any, sources: Sequence[str], translations: Sequence[str], src_lang: str,
              trg_lang: str) -> GivenAligner:
        """The links of each (source, translation) pair (natural text, as the model read and wrote it) from
        `engine`'s attention, as a `GivenAligner` over the pairs in order."""
        check_engine(engine)
        layer = {} if self.options.layer is None else {"layer": self.options.layer}
        found = engine.attention(list(sources), list(translations), src_lang, trg_lang, **layer)
        alignment, src_lines, trg_lines = [], [], []
        self.unmatched = 0
        for (src_pieces, trg_pieces, rows), source, translation in zip(found, sources, translations):
            src_line, trg_line = " ".join(src_pieces), " ".join(trg_pieces)
            if covers(src_line, source) and covers(trg_line, translation):
                alignment.append(" ".join(f"{i}-{j}" for i, j in sorted(argmax_links(rows))))
            else:  # pieces that do not spell the text: no links for this pair
                self.unmatched += bool(source.strip() and translation.strip())
                alignment.append("")
                src_line, trg_line = source, translation
            src_lines.append(src_line)
            trg_lines.append(trg_line)
        if self.unmatched:
            print(f"tagmt: warning: the model's subword pieces of {self.unmatched} of {len(alignment)} pairs do not "
                  "spell their text (an unknown character, a cut input): their tags are placed without links",
                  file=sys.stderr)
        return GivenAligner(alignment, src_lines, trg_lines,
                            names=("the attention links", "the model's source pieces", "the model's target pieces"))
