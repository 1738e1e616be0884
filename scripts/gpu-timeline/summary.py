#!/usr/bin/env python3
"""Summarises a timeline of scripts/gpu-timeline.sh: over the last part of the run (the steady ticks), how busy the
device was, the kernels, copies and sets by total device time, and the driver calls by total host time.

    summary.py TIMELINE.csv [--from FRACTION] [--top N]

--from 0.5 (the default) keeps the records from the middle of the device's work on."""
import argparse
import collections
import sys


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("timeline")
    p.add_argument("--from", dest="start", type=float, default=0.5)
    p.add_argument("--top", type=int, default=20)
    a = p.parse_args()
    device, driver = [], []
    with open(a.timeline) as f:
        for line in f:
            r = line.rstrip("\n").rsplit(",", 5)  # a kernel's name may hold commas
            if len(r) != 6:
                continue
            kind, name = r[0].split(",", 1) if "," in r[0] else (r[0], "")
            rec = (int(r[1]), int(r[2]), name, r[4])
            (driver if kind == "D" else device).append(rec)
    if not device:
        sys.exit("no device work in " + a.timeline)
    device.sort()
    t0 = device[int(len(device) * a.start)][0]
    t1 = max(e for s, e, n, d in device)
    busy, cs, ce = 0, None, None
    for s, e, n, d in device:
        if s < t0:
            continue
        if ce is None or s > ce:
            busy += 0 if ce is None else ce - cs
            cs, ce = s, e
        else:
            ce = max(ce, e)
    busy += ce - cs
    print("window %.3f ms, device busy %.3f ms (%.0f%%)" % ((t1 - t0) / 1e6, busy / 1e6, 100.0 * busy / (t1 - t0)))
    table("device work", [(n, e - s) for s, e, n, d in device if s >= t0], a.top)
    table("driver calls (host time)", [(n, e - s) for s, e, n, d in driver if t0 <= s <= t1], a.top)


def table(title, items, top):
    count, total = collections.Counter(), collections.Counter()
    for n, t in items:
        count[n] += 1
        total[n] += t
    whole = sum(total.values()) or 1
    print("\n%s: %d records, %.3f ms" % (title, len(items), whole / 1e6))
    print("%-48s %8s %10s %10s %6s" % ("name", "count", "mean us", "total ms", "share"))
    for n, t in total.most_common(top):
        print("%-48s %8d %10.2f %10.3f %5.1f%%" % (n[:48], count[n], t / count[n] / 1e3, t / 1e6, 100.0 * t / whole))


if __name__ == "__main__":
    main()
