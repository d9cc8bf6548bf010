"""tagmt — evaluate machine translation of structured documents (inline markup carried across)."""

__version__ = "0.1.0"
