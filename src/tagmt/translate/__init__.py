"""Translation pipelines: engines, alignment, tag projection, resumable runs."""
