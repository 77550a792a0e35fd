#!/usr/bin/env bash
# PoCL before/after of bent host steps; prints one line a run.
IN=$1; REP=${2:-5}
AFTER=/work/wt-bent/target/release/jitfft
for round in 1 2 3; do
  for v in before memory pinned; do
    case $v in
      before) cmd=(/tmp/bentw/jitfft_before bent --p 3 --input $IN --precision f32 --repeat $REP --json);;
      *) cmd=($AFTER bent --p 3 --input $IN --precision f32 --repeat $REP --json --load $v);;
    esac
    echo -n "$v round $round load $(cut -d' ' -f1 /proc/loadavg): "
    "${cmd[@]}" | python3 -c "import json,sys; d=json.load(sys.stdin); h=d['host_steps']; print('bent', d['bent_count'], 'kernel %.2f upload_ev %.2f e2e %.2f |' % (d['kernel_ms'], d['upload_ms'], d['end_to_end_ms']), ' '.join('%s=%.3f' % (k, v) if isinstance(v, float) else '%s=%s' % (k, v) for k, v in sorted(h.items())))"
  done
done
