"""Two-Doku's cross-checks: engine against spec, validators against models, sampler against counts."""
