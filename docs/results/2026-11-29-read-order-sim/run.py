#!/usr/bin/env python3
"""Issue 46's simulator grid: longest-window against balanced read order.

Runs `bin/blink sim`'s main class (SimCommand) once per cell, niced, and writes results.csv
(one row per run: every field of the sim's JSON plus the transition and the command line).
Usage:
  run.py CLASSPATH OUTDIR
"""
import csv, json, subprocess, sys, time

cp, out = sys.argv[1], sys.argv[2]
NODES = [9, 12, 100, 1000]
REPL = [2, 3, 6]
POWER = [20, 40, 60, 80, 100]
POLICIES = ["phase-groups", "aligned", "staggered"]
TRANSITIONS = ["0s", "1s"]
ORDERS = ["longest-window", "balanced"]
rows = []
t0 = time.time()
for n in NODES:
    blocks, sample = (10_000_000, 1_000_000) if n == 1000 else (1000 * n, 1000 * n)
    for r in REPL:
        for pol in POLICIES:
            for tr in TRANSITIONS:
                for p in POWER:
                    for order in ORDERS:
                        args = ["--nodes", str(n), "--blocks", str(blocks), "--sample", str(sample),
                                "--power", f"{p}%", "--replication", str(r), "--policy", pol,
                                "--transition", tr, "--min-window", "1s", "--read-order", order,
                                "--format", "json"]
                        cmd = ["nice", "-n", "19", "java", "-cp", cp,
                               "org.blinkhdfs.sim.SimCommand"] + args
                        res = subprocess.run(cmd, capture_output=True, text=True)
                        if res.returncode != 0:
                            sys.exit(f"failed: {' '.join(args)}\n{res.stderr}")
                        d = json.loads(res.stdout)
                        d["transition"] = tr
                        d["command"] = "bin/blink sim " + " ".join(args)
                        rows.append(d)
                print(f"N={n} r={r} {pol} tr={tr} done, {time.time() - t0:.0f} s", flush=True)
keys = list(rows[0].keys())
with open(f"{out}/results.csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=keys)
    w.writeheader()
    for d in rows:
        w.writerow(d)
print(f"{len(rows)} runs in {time.time() - t0:.0f} s")
