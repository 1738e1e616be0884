#!/bin/bash
# One device call: sweeps side by side on one GPU, and what a checkpoint costs at 3000^2.
set -u
J=$PWD/.gpu/jres/bin/java
CP=$(ls $PWD/.gpu/app/*.jar | grep -v benchmarks | tr '\n' ':')
OPTS="--enable-native-access=ALL-UNNAMED --add-modules=jdk.incubator.vector"
M="$J $OPTS -cp $CP org.colony.runtime.cli.Main"
nvidia-smi --query-gpu=name --format=csv,noheader
# warm the kernel cache once
$M run stupidmodel --steps 2 --backend cuda --quiet > /dev/null 2>&1
$M run wolfsheep --steps 2 --backend cuda --quiet > /dev/null 2>&1
for P in 1 4 8 16; do
  s=$EPOCHREALTIME
  $M sweep stupidmodel --seeds 1..16 --steps 300 --every 10 --backend cuda --parallel $P --out /tmp/sw$P.csv > $OUT/sweep$P.log 2>&1
  e=$EPOCHREALTIME
  echo "stupidmodel sweep 16 runs x 300 steps parallel=$P: $(awk "BEGIN{print $e - $s}") s rc=$?"
done
cmp /tmp/sw1.csv /tmp/sw4.csv && cmp /tmp/sw1.csv /tmp/sw8.csv && cmp /tmp/sw1.csv /tmp/sw16.csv && echo "sweep files identical"
for P in 1 8; do
  s=$EPOCHREALTIME
  $M sweep wolfsheep --seeds 1..16 --steps 300 --every 10 --backend cuda --parallel $P --out /tmp/ws$P.csv > $OUT/wsweep$P.log 2>&1
  e=$EPOCHREALTIME
  echo "wolfsheep sweep 16 runs x 300 steps parallel=$P: $(awk "BEGIN{print $e - $s}") s"
done
cmp /tmp/ws1.csv /tmp/ws8.csv && echo "wolfsheep sweep files identical"
tail -3 $OUT/sweep8.log
# checkpoint cost: the same 200 steps with and without two checkpoints
for i in 1 2; do
$M run sugarscape --size 3000 --steps 200 --backend cuda --quiet > $OUT/nock$i.log 2>&1
$M run sugarscape --size 3000 --steps 200 --backend cuda --quiet --checkpoint-every 100 /tmp/s.colony > $OUT/ck$i.log 2>&1
done
for f in nock1 ck1 nock2 ck2; do echo "== $f $(grep -E '^total|per step|^checkpoint' $OUT/$f.log | tr '\n' ' ')"; done
s=$EPOCHREALTIME; $M run --resume /tmp/s.colony --steps 200 --backend cuda --quiet > $OUT/res.log 2>&1; e=$EPOCHREALTIME
echo "resume with no steps: $(awk "BEGIN{print $e - $s}") s"; grep -E 'init|total|resumed' $OUT/res.log
