"""Tag projection: put the tags of a source segment into its translation (detag-and-project).

`projector.project_batch` runs the whole method (see its module docstring); the steps live in
`detag`, `wordseg`, `align`, `anchors`, `inside_outside` and `render`. The names callers use are
re-exported here.
"""

from tagmt.projection.projector import (
    Detagged,
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
    "ProjectionModel",
    "detag",
    "learn_model",
    "load_model",
    "project_batch",
    "project_tags",
]
