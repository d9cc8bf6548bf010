"""Self-contained HTML report pages: an evaluation (``tagmt evaluate --html``), a projection
(``tagmt project --ref --html``) and a reproduction grid (``tagmt reproduce``: ``OUT/report.html``).

Each page is one file with its styles, scripts and SVG figures inline, loading nothing (see
:mod:`tagmt.report.html`); the commands only call the ``write_*`` functions below.
"""

from tagmt.report.evaluation_page import SegmentCollector, check_page, evaluation_page, write_evaluation_page
from tagmt.report.projection_page import projection_page, write_projection_page

__all__ = ["SegmentCollector", "check_page", "evaluation_page", "projection_page", "write_evaluation_page",
           "write_projection_page"]
