#!/usr/bin/env python3
"""Paired per-round ratio of each configuration's blocks/s to HDFS default's in the same round,
mean with a 95% Student-t interval. Usage: nn_ratios.py namenode-overhead.csv"""
import csv, math, statistics as st, sys
T975 = {4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228, 11: 2.201,
        12: 2.179, 14: 2.145, 19: 2.093}
rows = list(csv.DictReader(open(sys.argv[1])))
by = {}
for r in rows:
    by.setdefault(r['config'], {})[r['round']] = float(r['blocks_per_s'])
base = by['DEFAULT']
print('config,rounds,median_blocks_per_s,ratio_mean,ratio_ci95_low,ratio_ci95_high')
for c, per in by.items():
    ratios = [per[k] / base[k] for k in per]
    n = len(ratios)
    m = st.mean(ratios)
    h = T975[n - 1] * st.stdev(ratios) / math.sqrt(n) if n > 1 else 0
    print('%s,%d,%.0f,%.3f,%.3f,%.3f' % (c, n, st.median(per.values()), m, m - h, m + h))
