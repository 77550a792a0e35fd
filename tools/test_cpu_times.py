#!/usr/bin/env python3
"""CPU time (user + sys of the process tree) per test, each test in its own process as nextest
runs it, one fresh JITFFT_CACHE_DIR + POCL_CACHE_DIR per test binary; `programs` = programs the
test compiled (new files in the program cache). Usage (docs/notes/speed.md):
  cargo nextest list --release --message-format json > list.json
  PAR=2 tools/test_cpu_times.py list.json out.jsonl [suite,suite...]
SKIP_TESTS=suite::test,... skips tests; JITFFT_CL_OPTIONS= measures optimised builds."""
import json, os, subprocess, sys, tempfile, time, resource
from concurrent.futures import ThreadPoolExecutor
lst = json.load(open(sys.argv[1])); out = sys.argv[2]
only = set(sys.argv[3].split(',')) if len(sys.argv) > 3 and sys.argv[3] else None
root = lst['rust-suites']
def run_suite(k):
    s = root[k]; tcs = sorted(t for t, v in s['testcases'].items() if not v.get('ignored'))
    skip = set(os.environ.get('SKIP_TESTS', '').split(','))
    tcs = [t for t in tcs if k + '::' + t not in skip]
    d = tempfile.mkdtemp(prefix='speedm-'); env = dict(os.environ)
    env['JITFFT_CACHE_DIR'] = d + '/jit'; env['POCL_CACHE_DIR'] = d + '/pocl'
    rows = []
    for t in tcs:
        before = len(os.listdir(d + '/jit/programs')) if os.path.isdir(d + '/jit/programs') else 0
        t0 = time.time()
        p = subprocess.run(['/usr/bin/time', '-f', '%U %S', '-o', d + '/t', s['binary-path'], '--exact', t,
                            '--test-threads', '1', '-q'], cwd=s['cwd'], env=env, capture_output=True)
        w = time.time() - t0
        u, sy = map(float, open(d + '/t').read().split()[-2:])
        after = len(os.listdir(d + '/jit/programs')) if os.path.isdir(d + '/jit/programs') else 0
        rows.append(dict(suite=k, test=t, cpu=u + sy, wall=w, programs=after - before, rc=p.returncode))
        with open(out, 'a') as f: f.write(json.dumps(rows[-1]) + '\n')
    return rows
suites = [k for k in root if (only is None or k in only) and any(not v.get('ignored') for v in root[k]['testcases'].values())]
pri=['ntt_device','gfp_device','vc_fused','vc_fused_rounds','vc_fused_few_threads','wht','vc_device','field_device','vc_codelets','vc_stream']
suites.sort(key=lambda k: pri.index(k.split('::')[-1]) if k.split('::')[-1] in pri else 99)
with ThreadPoolExecutor(int(os.environ.get('PAR', '2'))) as ex: list(ex.map(run_suite, suites))
