"""Confidence intervals for a binomial share, in one place on the Python side.

- :func:`clopper_pearson_upper`: the exact (Clopper–Pearson) upper limit, which
  ``hunt`` reports as ``p_unwinnable_upper95`` (docs/contract.md).
- The Wilson score interval of ``stats`` (``ci95``) is computed by the core, with
  the statistics it belongs to (``Stats.ci95``, ``Stats.from_histogram``); it is not
  written again here.
"""

from __future__ import annotations

import math


def clopper_pearson_upper(successes: int, trials: int, alpha: float = 0.05) -> float:
    """The exact (Clopper–Pearson 1934) upper limit of the two-sided ``1 - alpha``
    interval for a binomial share: the ``p`` with ``P(X ≤ successes) = alpha / 2``
    for ``X ~ Binomial(trials, p)``; 1 when every trial succeeded.

    With no success it is ``1 - (alpha / 2) ** (1 / trials)`` in closed form;
    otherwise the root of the binomial tail, written as a regularised incomplete
    beta function, found by bisection to the last bit.

    >>> round(clopper_pearson_upper(0, 10_000_000) * 1e7, 4)
    3.6889
    >>> round(clopper_pearson_upper(3, 100), 5)
    0.08518
    """
    if trials < 1 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials and trials >= 1, got {successes}/{trials}")
    tail = alpha / 2
    if successes == trials:
        return 1.0
    if successes == 0:
        return -math.expm1(math.log(tail) / trials)
    low, high = successes / trials, 1.0
    while True:
        middle = (low + high) / 2
        if middle in (low, high):
            return high
        # P(X <= k) = I_{1-p}(n - k, k + 1), decreasing in p.
        if _betainc(trials - successes, successes + 1, 1 - middle) > tail:
            low = middle
        else:
            high = middle


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function ``I_x(a, b)``."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    # The continued fraction converges fast for x below the mean; use the
    # symmetry I_x(a, b) = 1 - I_{1-x}(b, a) above it.
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_fraction(b, a, 1 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    value = d
    for m in range(1, 1_000_000):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            value *= c * d
        if abs(c * d - 1.0) < 1e-16:
            break
    return value
