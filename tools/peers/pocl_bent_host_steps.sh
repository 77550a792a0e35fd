#!/usr/bin/env bash
# PoCL before/after of bent host steps (bench-results/pocl-cpu/current/bent-host-steps/):
# `bent` from a uint8 truth .npy, the BEFORE binary against JITFFT_BIN with --load memory and
# --load pinned, alternated over 3 rounds; prints one line a run (kernel, upload, end to end and
# each host step). Usage: tools/peers/pocl_bent_host_steps.sh FILE [REPEAT]
#   FILE from `python3 tools/gpu/bent_truth.py B FILE`; BEFORE (default /tmp/bentw/jitfft_before,
#   the binary of the commit before the change), JITFFT_BIN (default target/release/jitfft).
IN=${1:?usage: tools/peers/pocl_bent_host_steps.sh FILE [REPEAT]}; REP=${2:-5}
AFTER=${JITFFT_BIN:-target/release/jitfft}
BEFORE=${BEFORE:-/tmp/bentw/jitfft_before}
for round in 1 2 3; do
  for v in before memory pinned; do
    case $v in
      before) cmd=("$BEFORE" bent --p 3 --input $IN --precision f32 --repeat $REP --json);;
      *) cmd=($AFTER bent --p 3 --input $IN --precision f32 --repeat $REP --json --load $v);;
    esac
    echo -n "$v round $round load $(cut -d' ' -f1 /proc/loadavg): "
    "${cmd[@]}" | python3 "$(dirname "$0")/../report_flat.py" | python3 -c "import json,sys; d=json.load(sys.stdin); h=d['host_steps']; print('bent', d['bent_count'], 'kernel %.2f upload_ev %.2f e2e %.2f |' % (d['kernel_ms'], d['upload_ms'], d['end_to_end_ms']), ' '.join('%s=%.3f' % (k, v) if isinstance(v, float) else '%s=%s' % (k, v) for k, v in sorted(h.items())))"
  done
done
