#!/usr/bin/env python3
"""B ternary functions of 4 variables as a uint8 .npy of shape (B, 81) for the `bent` sweeps:
uniform random values 0..2, every 8th row replaced by one of the 27 Maiorana–McFarland bent
functions x0·x1 + x2·x3 + a1·x0 + a2·x2 + c (mod 3). No numpy needed.

Usage: python3 tools/gpu/bent_truth.py B FILE
"""
import os
import sys


def main():
    B, path, N = int(sys.argv[1]), sys.argv[2], 81
    data = bytearray(os.urandom(B * N).translate(bytes(i % 3 for i in range(256))))
    rows = []
    for a1 in range(3):
        for a2 in range(3):
            for c in range(3):
                row = bytearray()
                for x in range(N):
                    d = [x // 3 ** i % 3 for i in range(4)]
                    row.append((d[0] * d[1] + d[2] * d[3] + a1 * d[0] + a2 * d[2] + c) % 3)
                rows.append(bytes(row))
    for k in range(0, B, 8):
        data[k * N:(k + 1) * N] = rows[(k // 8) % len(rows)]
    header = "{'descr': '|u1', 'fortran_order': False, 'shape': (%d, %d), }" % (B, N)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode() + data)
    print("wrote %s: %d functions, every 8th bent" % (path, B))


if __name__ == "__main__":
    main()
