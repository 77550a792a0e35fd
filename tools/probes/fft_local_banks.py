#!/usr/bin/env python3
"""Shared-memory wavefronts of the FFT's fused launches (src/fft/group_kernel.rs), counted
without a GPU: NVIDIA's model of 32 banks of 4 bytes, a warp's request taking as many
wavefronts as the most distinct words it asks of one bank. Replays the generated index
arithmetic (load, each sub-pass's reads and writes, the store) for a tile layout and prints
each phase's wavefronts against the fewest possible.

Usage: tools/probes/fft_local_banks.py [--f64]
Layouts compared: `pitch` (the old one: point q of column c at q·(cols+1) + c) and `pad32`
(value i = q·cols + c at i + i/32, what the generator emits now)."""

import sys


def wavefronts(slots, words):
    banks = {}
    for a in slots:
        for w in range(words):
            x = a * words + w
            banks.setdefault(x % 32, set()).add(x)
    return max(len(s) for s in banks.values())


def phases(radices, cols, wg, slot, points_first, words, warp=32):
    """(phase, wavefronts, fewest) of one work-group's local accesses."""
    g = 1
    for r in radices:
        g *= r
    values = cols * g
    out = []

    def count(name, per_item):
        tot = fewest = 0
        for i in range(len(per_item(0))):
            for w0 in range(0, wg, warp):
                lanes = [per_item(l)[i] for l in range(w0, min(wg, w0 + warp))]
                tot += wavefronts(lanes, words)
                fewest += (len(lanes) * words + 31) // 32
        out.append((name, tot, fewest))

    loads = (values + wg - 1) // wg
    it = lambda lid, l: min(lid + l * wg, values - 1)
    count("load", lambda lid: [slot(it(lid, l) // cols, it(lid, l) % cols) for l in range(loads)])
    sigma = 1
    for p, r in enumerate(radices):
        bf = cols * g // r
        per = (bf + wg - 1) // wg

        def reads(lid, r=r, bf=bf, per=per):
            res = []
            for l in range(per):
                b = min(lid + l * wg, bf - 1)
                res += [slot(b // cols + u * (g // r), b % cols) for u in range(r)]
            return res

        def writes(lid, r=r, sigma=sigma, bf=bf, per=per):
            res = []
            for l in range(per):
                b = min(lid + l * wg, bf - 1)
                bb, c = b // cols, b % cols
                m = bb % sigma
                res += [slot((bb - m) * r + m + u * sigma, c) for u in range(r)]
            return res

        count(f"sub-pass {p} (r{r}) reads", reads)
        count(f"sub-pass {p} (r{r}) writes", writes)
        sigma *= r
    if points_first:
        count("store", lambda lid: [slot(it(lid, l) % g, it(lid, l) // g) for l in range(loads)])
    else:
        count("store", lambda lid: [slot(it(lid, l) // cols, it(lid, l) % cols) for l in range(loads)])
    return out


# The fused launches of issue 44's H100 rows (f32; `jitfft source fft` prints each launch's
# radices, columns and work-group): radices, columns, work-items, points-first store.
F32 = [([16, 16, 4], 4, 256, True, "batch 16384 x 1024, 2^20, 2^28's first"),
       ([16, 16, 2], 8, 256, False, "512^3's axes, 2^28's later"),
       ([16, 16], 16, 256, True, "2^24, 256^3"),
       ([9, 9, 3], 16, 216, True, "3^15"),
       ([10, 10, 10], 4, 200, True, "10^6, 1000 x 768's axis 0"),
       ([16, 12, 4], 4, 192, True, "1000 x 768's axis 1"),
       ([16, 4], 16, 64, False, "4096^2")]
F64 = [([16, 16, 4], 2, 128, True, "1024 (f64)"), ([16, 16, 2], 4, 128, False, "512 (f64)"),
       ([16, 16], 8, 128, True, "256 (f64)"), ([10, 10, 10], 2, 100, True, "1000 (f64)")]


def main():
    words = 4 if "--f64" in sys.argv else 2
    layouts = {
        "pitch": lambda cols: (lambda q, c: q * (cols + 1 if cols > 1 else 1) + c),
        "pad32": lambda cols: (lambda q, c: (q * cols + c) + ((q * cols + c) >> 5)),
    }
    print("| launch | radices | cols | items | " + " | ".join(f"{k}: wavefronts / fewest" for k in layouts) + " |")
    print("| --- | --- | --- | --- | " + " | ".join("---" for _ in layouts) + " |")
    for rad, cols, wg, pf, what in (F64 if words == 4 else F32):
        cells = []
        for make in layouts.values():
            ph = phases(rad, cols, wg, make(cols), pf, words)
            t, f = sum(x[1] for x in ph), sum(x[2] for x in ph)
            worst = max(ph, key=lambda x: x[1] / x[2])
            cells.append(f"{t} / {f} = {t / f:.2f} (worst: {worst[0]} {worst[1] / worst[2]:.1f}×)")
        print(f"| {what} | {rad} | {cols} | {wg} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
