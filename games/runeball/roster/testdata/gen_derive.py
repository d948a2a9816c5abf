"""Writes derive.golden.csv: derived values of a grid of stat lines, computed by the spec's oracle.

Run from this folder:
    python3 gen_derive.py /work/shared/reference/runeball/tools/derive.py > derive.golden.csv
The grid: every stat alone at 6..17 (the others 10), all seven equal at 6..17, and 2000 lines of
random scores 6..17 (random.Random(14), so the file is the same on every run).
"""
import importlib.util
import random
import sys

spec = importlib.util.spec_from_file_location("derive", sys.argv[1])
derive = importlib.util.module_from_spec(spec)
spec.loader.exec_module(derive)

STATS = ["mus", "skl", "spd", "tou", "wit", "tec", "cha"]
OUT = ["block", "dodge", "catch", "pass", "kick", "hp", "ini", "move", "half_move", "wn"]

lines = []
for i in range(7):
    for v in range(6, 18):
        s = [10] * 7
        s[i] = v
        lines.append(s)
for v in range(6, 18):
    lines.append([v] * 7)
rng = random.Random(14)
for _ in range(2000):
    lines.append([rng.randint(6, 17) for _ in range(7)])

print(",".join(STATS + OUT + ["damage_min", "damage_max"]))
for s in lines:
    d = derive.derive(dict(zip(STATS, s)))
    print(",".join(str(x) for x in s + [d[k] for k in OUT] + list(d["damage"])))
