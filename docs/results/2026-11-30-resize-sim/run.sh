#!/bin/bash
cd "$(dirname "$0")/../../.."
CP=blink-sim/target/classes:blink-model/target/classes:blink-layout/target/classes:blink-common/target/classes:blink-bench/target/classes:$HOME/.m2/repository/commons-cli/commons-cli/1.9.0/commons-cli-1.9.0.jar
OUT=${1:-/tmp/resize-out}; mkdir -p $OUT
for n in 9 10 20 50 100 1000 10000; do
  if [ $n -le 100 ]; then B=100000; S=100000; else B=1000000; S=100000; fi
  for op in "+1 last" "-1 first" "-1 middle" "-1 last"; do
    set -- $op
    for s in groups membership bisection even; do
      for pop in targets written; do
        if [ $pop = written ] && { [ $s = bisection ] || [ $s = even ]; }; then continue; fi
        f=$OUT/n$n-${1/+/add}-$2-$s-$pop.json; if [ -s $f ] && [ ! -s $f.err ]; then continue; fi
        nice -n 19 java -cp $CP org.blinkhdfs.sim.SimCommand --resize $1 --at $2 --nodes $n \
          --blocks $B --sample $S --power 40% --transition 0s --scheme $s --population $pop \
          --format json > $f 2>$f.err || echo "FAIL $f"
      done
    done
  done
done
echo ALLDONE
