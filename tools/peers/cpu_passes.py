#!/usr/bin/env python3
"""Issue 36: each CPU pass of a tools/peers/cpu_vs_scipy.py run against the copy rate measured
in the same run (2 x bytes / 2-thread copy rate over the pass event time), as a Markdown table.
Usage: python3 tools/peers/cpu_passes.py DIR/results.json"""
import json,sys
r=json.load(open(sys.argv[1]))
out=["| size | radices | each pass, % of the 2-thread copy rate (2 × bytes / rate against the pass's events) | passes < 60 % |","| --- | --- | --- | --- |"]
below=0;total=0
for x in r['results']:
    rate=x['copy_2t_gbs']*1e9; b=x['mb']*1e6
    floor=2*b/rate*1e3
    pcts=[floor/t*100 for t in x['pass_ms']]
    rad='r'+x['plan']['radices']
    nb=sum(1 for q in pcts if q<60); below+=nb; total+=len(pcts)
    out.append("| %d^%d | %s | %s | %d of %d |"%(x['p'],x['n'],rad," ".join("%.0f"%q for q in pcts),nb,len(pcts)))
out.append("");out.append("%d of %d passes below 60 %% of the copy rate."%(below,total))
print("\n".join(out))
