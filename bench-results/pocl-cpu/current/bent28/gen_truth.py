import os, sys
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
