#!/usr/bin/env python3
"""Distribution-free 95% confidence intervals of the p50/p90/p99 time to layout in drain.csv.

For n samples and quantile q, the interval is [x_(l), x_(u)] of the sorted sample, where l and u
are the 2.5% and 97.5% quantiles of Binomial(n, q) (order statistics; no distribution assumed).
Files never in layout count as infinite ("> deadline"). Usage: python3 quantile_ci.py drain.csv
"""
import csv
import math
import sys


def binom_cdf(k, n, p):
    return sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k + 1))


def ranks(n, q):
    lo = next(k for k in range(n + 1) if binom_cdf(k, n, q) >= 0.025)
    hi = next(k for k in range(n + 1) if binom_cdf(k, n, q) >= 0.975)
    return max(lo, 1), min(hi + 1, n)


def fmt(v):
    return "> deadline" if math.isinf(v) else "%.1f" % v


rows = list(csv.DictReader(open(sys.argv[1] if len(sys.argv) > 1 else "drain.csv")))
print("| power | config | n | p50 s (95% CI) | p90 s (95% CI) | p99 s (95% CI) |")
print("|---|---|---|---|---|---|")
for power in sorted({r["power"] for r in rows}, key=lambda p: int(p.rstrip("%"))):
    for config in ("nn", "proxy"):
        t = sorted(float(r["secondsToLayout"]) if r["secondsToLayout"] else math.inf
                   for r in rows if r["power"] == power and r["config"] == config)
        n = len(t)
        cells = []
        for q in (0.5, 0.9, 0.99):
            point = t[math.ceil(q * n) - 1]
            lo, hi = ranks(n, q)
            cells.append("%s (%s to %s)" % (fmt(point), fmt(t[lo - 1]), fmt(t[hi - 1])))
        print("| %s | %s | %d | %s |" % (power, config, n, " | ".join(cells)))
