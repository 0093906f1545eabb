"""Medians and spreads of repeated measurements."""

import statistics


def summary(values):
    """Median, minimum and maximum of a list of numbers."""
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


def percentile(values, fraction):
    """The value below which `fraction` of `values` fall (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[rank]
