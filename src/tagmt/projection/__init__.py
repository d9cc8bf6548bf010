"""Tag projection: put the tags of a source segment into its translation (detag-and-project).

`projector.Projector` runs the whole method (`project_batch` is a thin function over it; see its module
docstring): words and links of the batch (`linking`), term tables (`terms`), then per pair a context
(`context`) and the stages of the target language (`stages`), the span ranker (`rerank`) and `render`;
its switches are one `config.ProjectionConfig`. The names callers use are re-exported here.
"""

from tagmt.projection.config import ProjectionConfig
from tagmt.projection.projector import (
    Detagged,
    Projector,
    SourceTag,
    anchor_glossary,
    anchor_identical,
    anchor_loanwords,
    detag,
    project_batch,
    project_tags,
)
from tagmt.projection.model import ProjectionModel, learn_model, load_model

__all__ = [
    "Detagged",
    "SourceTag",
    "anchor_glossary",
    "anchor_identical",
    "anchor_loanwords",
    "ProjectionConfig",
    "ProjectionModel",
    "Projector",
    "detag",
    "learn_model",
    "load_model",
    "project_batch",
    "project_tags",
]
