#!/usr/bin/env bash
# Reproduces this report: bin/blink sim at 10,000 nodes x 10^7 blocks with the JVM flags of
# bin/blink (SerialGC, C1 only) and the heap capped at 256 MiB, on this 2-core machine shared with
# other jobs. Run from the repository root with the compiled classes on CP
# (blink-sim, blink-bench, blink-layout and blink-core target/classes, commons-cli, guava); bin/blink sim takes
# the same flags.
set -euo pipefail
OUT="$(dirname "$0")"
JAVA="java -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp $CP org.blinkhdfs.sim.SimCommand"
for layout in power-balanced random; do
  for policy in staggered staggered-circular; do
    $JAVA --nodes 10000 --blocks 10000000 --power 50% --replication 3 --layout "$layout" \
      --policy "$policy" --seed 1 --format json > "$OUT/$layout-$policy-50.json" \
      2> "$OUT/$layout-$policy-50.progress.txt"
  done
done
$JAVA --nodes 10000 --blocks 10000000 --sample 100000 --signal oscillating:50:5m --duration 1h \
  --epoch 1m --replication 3 --layout power-balanced --policy staggered-circular --seed 1 \
  --format json > "$OUT/power-balanced-staggered-circular-oscillating50.json" \
  2> "$OUT/power-balanced-staggered-circular-oscillating50.progress.txt"
