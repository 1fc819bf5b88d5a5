#!/usr/bin/env python3
"""Markdown tables of results.csv: readThroughputFraction / awakeNodeFraction per cell,
longest-window -> balanced, and the waits of both orders. Usage: table.py results.csv"""
import csv, sys
from collections import defaultdict

rows = list(csv.DictReader(open(sys.argv[1])))
cell = {}
for d in rows:
    k = (d["policy"], d["transition"], int(d["nodes"]), int(d["replication"]),
         int(d["power"].rstrip("%")), d["readOrder"])
    cell[k] = d
POWER = [20, 40, 60, 80, 100]

def ratio(d):
    a = float(d["awakeNodeFraction"])
    return float(d["readThroughputFraction"]) / a if a > 0 else float("nan")

for pol in ["phase-groups", "aligned", "staggered"]:
    for tr in ["0s", "1s"]:
        print(f"\n### {pol}, transition {tr}\n")
        print("| N | r | " + " | ".join(f"{p}%" for p in POWER) + " |")
        print("|---|---|" + "---|" * len(POWER))
        for n in [9, 12, 100, 1000]:
            for r in [2, 3, 6]:
                out = []
                for p in POWER:
                    lw = cell.get((pol, tr, n, r, p, "longest-window"))
                    b = cell.get((pol, tr, n, r, p, "balanced"))
                    if lw is None or b is None:
                        out.append("-")
                        continue
                    out.append(f"{ratio(lw):.2f} → **{ratio(b):.2f}**")
                print(f"| {n} | {r} | " + " | ".join(out) + " |")

print("\n### Summary per policy and transition (balanced, ratio to awake)\n")
print("| policy | transition | min balanced | min longest-window | cells below 0.9 (balanced) |")
print("|---|---|---|---|---|")
for pol in ["phase-groups", "aligned", "staggered"]:
    for tr in ["0s", "1s"]:
        b = [ratio(d) for k, d in cell.items() if k[0] == pol and k[1] == tr
             and k[5] == "balanced"]
        l = [ratio(d) for k, d in cell.items() if k[0] == pol and k[1] == tr
             and k[5] == "longest-window"]
        below = [f"N{k[2]} r{k[3]} {k[4]}%" for k, d in sorted(cell.items())
                 if k[0] == pol and k[1] == tr and k[5] == "balanced" and ratio(d) < 0.9]
        print(f"| {pol} | {tr} | {min(b):.3f} | {min(l):.3f} | {len(below)}"
              + (": " + ", ".join(below) if below else "") + " |")

print("\n### Waits: longest-window against balanced\n")
diff_mean = diff_p90 = 0.0
worst = None
for k, d in cell.items():
    if k[5] != "balanced":
        continue
    lw = cell[k[:5] + ("longest-window",)]
    dm = abs(float(d["meanWaitMs"]) - float(lw["meanWaitMs"]))
    p1, p2 = d["p90WaitMs"], lw["p90WaitMs"]
    dp = 0.0 if p1 == p2 else abs(float(p1 or "inf") - float(p2 or "inf"))
    diff_mean, diff_p90 = max(diff_mean, dm), max(diff_p90, dp)
print(f"Largest |difference| over all {len(rows) // 2} cells: mean wait {diff_mean:g} ms,"
      f" p90 wait {diff_p90:g} ms.")
