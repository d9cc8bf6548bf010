"""Translation pipelines (DT, DP) and resumable runs (cache, resume, atomic output)."""
