"""Flop counts of the literal butterflies before and after codelets, per p (the table of
bench-results/pocl-cpu/current/codelets/counts.md). Usage: python3 tools/reports/codelet_counts.py"""
import sys
# emitted codelet flops per p (adds+muls) from `small_dft::report` (after): from the unit-test table
after_codelet = {
    2: 4 + 0,
    3: 12 + 4,
    4: 16 + 0,
    5: 32 + 12,
    6: 36 + 8,
    7: 60 + 36,
    8: 52 + 4,
    9: 80 + 40,
    10: 84 + 24,
    11: 140 + 100,
    12: 96 + 16,
    13: 176 + 60,
    14: 148 + 72,
    15: 156 + 56,
    16: 144 + 24,
    17: 264 + 172,
    18: 196 + 80,
    19: 332 + 164,
    20: 208 + 48,
    21: 264 + 136,
    22: 324 + 200,
    23: 572 + 484,
    24: 252 + 44,
    25: 352 + 184,
    26: 404 + 120,
    27: 380 + 220,
    28: 352 + 144,
    29: 752 + 444,
    30: 372 + 112,
    31: 756 + 468,
    32: 376 + 88,
}
def ddot(p, m, i, j):
    k = 0
    for _ in range(m):
        k += (i % p) * (j % p); i //= p; j //= p
    return k % p
def before(p, m):
    r = p ** m
    cmul = sum(1 for i in range(r) for j in range(r) if (4 * ddot(p, m, i, j)) % p != 0)
    return 6 * cmul + 2 * r * (r - 1)
def after(p, m):
    return m * p ** (m - 1) * after_codelet[p]
print("| p | radix | before: dense literal flops / work-item | after: codelets flops / work-item | predicted (flop ratio) |")
print("| --- | --- | --- | --- | --- |")
for p in range(2, 33):
    m = {2: 3, 3: 2, 4: 2}.get(p, 1)
    b, a = before(p, m), after(p, m)
    print("| %d | %d | %d | %d | %.1f× |" % (p, p ** m, b, a, b / a))
