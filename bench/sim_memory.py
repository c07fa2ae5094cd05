"""Peak memory of ``pysettlers sim``: the resident set of its whole process tree, sampled.

What this is for: docs/performance.md's memory figure for the simulator — the peak RSS of a run (the
parent and every worker process added up, sampled from ``/proc`` while it runs), for several
numbers of games, to show that it does not grow with the number of games. The bytes one
``GameState.copy()`` allocates are in ``bench/throughput.py``.

What this is not: a test (no assertion), nor a leak hunter. ``ru_maxrss`` (``time -v``)
would report the largest single process only, not the tree, so this samples instead.
Linux only (it reads ``/proc``).

Run: ``.venv/bin/python bench/sim_memory.py [--games 1000,10000] [--workers 2] [--json]``
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")


def tree_rss(root: int) -> int:
    """Bytes resident in ``root`` and all its descendants now (0 for ones that vanished)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    total = 0
    todo = [root]
    while todo:
        pid = todo.pop()
        with contextlib.suppress(OSError):  # the process may have ended meanwhile
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
        todo.extend(children.get(pid, ()))
    return total


def peak_rss(command: list[str], every: float = 0.1) -> tuple[int, float, int]:
    """Run ``command``; return (peak tree RSS in bytes, seconds, exit status)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    while proc.poll() is None:
        peak = max(peak, tree_rss(proc.pid))
        time.sleep(every)
    return peak, time.perf_counter() - t0, proc.returncode


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="1000,10000", help="comma-separated game counts")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--players", default="random,random,random,random")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    exe = shutil.which("pysettlers", path=str(Path(sys.executable).parent)) or "pysettlers"
    out: dict[str, object] = {}
    runs = []
    for games in (int(g) for g in args.games.split(",")):
        cmd = [exe, "sim", "--players", args.players, "--games", str(games)]
        cmd += ["--workers", str(args.workers)]
        peak, seconds, status = peak_rss(cmd)
        runs.append(
            {
                "games": games,
                "workers": args.workers,
                "peak_rss_mib": round(peak / 2**20, 1),
                "seconds": round(seconds, 1),
                "exit_status": status,
            }
        )
    out["sim"] = runs
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for r in runs:
        print(
            f"sim {r['games']:>6} games, {r['workers']} workers: peak RSS of the process tree "
            f"{r['peak_rss_mib']} MiB ({r['seconds']} s, exit {r['exit_status']})"
        )


if __name__ == "__main__":
    main()
