#!/usr/bin/env python3
"""Ratio of each JMH row to its baseline (DEFAULT for placement rows, SORT_STOCK for read sort
rows, same topology), with a 95% bootstrap interval: 10,000 resamples of each row's measured
iterations (every fork's), ratio of the resampled means. A row found in several files (the same
nodes, racks and config) is pooled: its forks from every file. Usage: ratios.py RAW.json...""" 
import json, random, sys

random.seed(19)
pooled = {}
for f in sys.argv[1:]:
    for r in json.load(open(f)):
        p = r['params']
        key = (int(p['nodes']), int(p['racks']), p['config'])
        pooled.setdefault(key, []).extend(r['primaryMetric']['rawData'])
rows = [(n, k, c, [x for fork in forks for x in fork], len(forks))
        for (n, k, c), forks in pooled.items()]
base = {}
for n, k, c, its, _ in rows:
    if c in ('DEFAULT', 'SORT_STOCK'):
        base[(n, k, c.startswith('SORT_'))] = its
mean = lambda xs: sum(xs) / len(xs)
print('nodes,racks,config,forks,iterations,ops_per_s,ratio,ratio_ci95_low,ratio_ci95_high')
for n, k, c, its, forks in sorted(rows, key=lambda r: (r[0], r[2].startswith('SORT_'))):
    b = base[(n, k, c.startswith('SORT_'))]
    boot = sorted(mean(random.choices(its, k=len(its))) / mean(random.choices(b, k=len(b)))
                  for _ in range(10000))
    print('%d,%d,%s,%d,%d,%.0f,%.3f,%.3f,%.3f' % (n, k, c, forks, len(its), mean(its),
          mean(its) / mean(b), boot[250], boot[9750]))
