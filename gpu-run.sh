#!/bin/bash
# One device call: the GPU tests, then sweeps side by side on one GPU against one at a time.
set -u
J=$PWD/.gpu/jres/bin/java
CP=$(ls $PWD/.gpu/app/*.jar | grep -v benchmarks | tr '\n' ':')
OPTS="--enable-native-access=ALL-UNNAMED --add-modules=jdk.incubator.vector"
M="$J $OPTS -cp $CP org.colony.runtime.cli.Main"
nvidia-smi --query-gpu=name --format=csv,noheader
timeout 400 $J $OPTS -jar .gpu/junit-console.jar execute --class-path "$CP" \
  --scan-class-path $PWD/.gpu/app/tests.jar:$PWD/.gpu/app/cuda-backend-tests.jar --include-tag gpu \
  --details=tree --disable-banner > $OUT/tests.log 2>&1
echo "tests rc=$?"
grep -E 'tests (successful|failed|aborted)' $OUT/tests.log
grep -E '✘' $OUT/tests.log | head -20
grep -A5 'SweepGpuTest' $OUT/tests.log | head -6
for model in stupidmodel wolfsheep; do
  for P in 1 4 8; do
    s=$EPOCHREALTIME
    $M sweep $model --seeds 1..16 --steps 300 --every 10 --backend cuda --parallel $P --out /tmp/$model$P.csv > $OUT/$model$P.log 2>&1
    rc=$?; e=$EPOCHREALTIME
    echo "$model sweep 16 runs x 300 steps parallel=$P: $(awk "BEGIN{print $e - $s}") s rc=$rc"
  done
  cmp /tmp/${model}1.csv /tmp/${model}4.csv && cmp /tmp/${model}1.csv /tmp/${model}8.csv && echo "$model files identical"
done
for P in 1 4; do
  s=$EPOCHREALTIME
  $M sweep sugarscape --size 256 --seeds 1..16 --steps 300 --every 10 --backend cuda --parallel $P --out /tmp/sugar$P.csv > $OUT/sugar$P.log 2>&1
  rc=$?; e=$EPOCHREALTIME
  echo "sugarscape 256^2 sweep 16 runs x 300 steps parallel=$P: $(awk "BEGIN{print $e - $s}") s rc=$rc"
done
cmp /tmp/sugar1.csv /tmp/sugar4.csv && echo "sugarscape files identical"
