"""The chaos suite's long variant (issue 17): many hostile mails through `pbem run`.

Not a test (tests/chaos/test_chaos_mail.py is the fast slice CI runs). Run:

    python bench/bench_chaos.py [SEED ...] [--mails 10500] [--runs 7] [--nonascii]
                                [--no-huge] [--keep DIR]

For each SEED (default: 1) it builds a site with a started HellGame 'g1' and feeds it
MAILS hostile mails (tests/chaos/hostile.py) over RUNS `pbem run`s, each run a batch of
MAILS/RUNS hostile mails plus one valid sheet per player at random places among them
(with a PLACE order or none in the first run, with it in the later ones: a sheet without
orders never replaces an earlier one). The runs are eight minutes apart, all within the
first stage. A last run, at the time of the one before, gets the last batch delivered
again. `--nonascii` adds players whose
addresses are not ASCII; `--no-huge` leaves out the multi-megabyte mails; `--keep DIR`
keeps the sites there.

It prints, per run and in total: mails tried, tracebacks (`pbem run` crashed), valid
sheets lost (not stored) or unconfirmed (no confirmation written to outbox/, or one that
is not ASCII with lines of at most 998 octets), other problems (mails lost or left
unanswered by an exception, outgoing mail that is not ASCII or has overlong lines,
anything taken or sent twice), and the run time; then each distinct problem once, with
the hostile mail (label and file) behind it. Exit code 0 when nothing went wrong, 1
otherwise.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))

from chaos import chaoskit as kit  # noqa: E402


def now_of(run: int) -> str:
    return (kit.NOW_DT + timedelta(minutes=8 * run)).strftime("%Y-%m-%dT%H:%M:%SZ")


class Tally:
    def __init__(self):
        self.mails = self.valid = self.again = 0
        self.tracebacks = self.lost = self.unconfirmed = 0
        self.other = 0
        self.seconds = 0.0
        self.problems: Counter[str] = Counter()  # distinct problem -> times seen
        self.examples: dict[str, str] = {}  # distinct problem -> first full text

    def add(self, kind: str, problems: list[str]) -> int:
        for p in problems:
            key = f"{kind}: {shape(p)}"
            self.problems[key] += 1
            self.examples.setdefault(key, p)
        return len(problems)


def shape(problem: str) -> str:
    """A problem without what differs from mail to mail (numbers, names, file names)."""
    text = re.sub(r"\(\d+-[^()]*\.eml\)", "(FILE)", problem)
    text = re.sub(r"'[^']*@[^']*'", "ADDR", text)
    text = re.sub(r"\d+", "N", text)
    return text[:240]


def lost_or_unconfirmed(problems: list[str]) -> set[str]:
    return {p.split(":", 1)[0] for p in problems if p.startswith("valid sheet ")}


def one_seed(seed: int, args, tally: Tally, base: Path) -> None:
    root = base / f"seed{seed}"
    extra = kit.NONASCII_PLAYERS if args.nonascii else None
    players, refused = kit.build_site(root, extra)
    tally.add("player add", kit.check_joined(refused))
    for name, why in refused.items():
        print(f"seed {seed}: player {name} not added: {why}")
    gen = kit.generator(seed, players, huge=not args.no_huge)
    every: list[kit.Dropped] = []
    batch: list[kit.Dropped] = []
    state: kit.State | None = None
    errors_before: set[int] = set()
    per_run = max(1, args.mails // args.runs)
    for run in range(args.runs + 1):
        again = run == args.runs  # the last batch delivered once more
        before = state
        if again:
            kit.redeliver(root, batch)
        else:
            n = per_run if run < args.runs - 1 else args.mails - per_run * (args.runs - 1)
            batch = kit.drop(root, gen, n, players, start=len(every),
                             orders="some" if run == 0 else "all")
            every += batch
        ran = kit.pbem_run(root, now=now_of(min(run, args.runs - 1)))
        state = kit.snapshot(root, every)
        if again:
            tally.again += len(batch)
        else:
            tally.mails += sum(1 for d in batch if not d.player)
            tally.valid += sum(1 for d in batch if d.player)
        tally.seconds += ran.seconds
        crashed = _add_run(tally, kit.check_run(ran, root, state, f"run {run + 1}",
                                                      limit=10**6))
        tally.tracebacks += len(ran.tracebacks())
        stored = kit.check_stored(state, batch, players) if not again else []
        confirmed = kit.check_confirmed(state, batch, players) if not again else []
        lost = lost_or_unconfirmed(stored)
        unconfirmed = lost_or_unconfirmed(confirmed) - lost
        tally.lost += len(lost)
        tally.unconfirmed += len(unconfirmed)
        tally.add("valid sheet not stored", stored)
        tally.add("valid sheet not confirmed", _why_unconfirmed(state, confirmed))
        other = tally.add("mail not accounted for", kit.check_accounted(state, every)
                          + kit.check_took(ran, len(batch)))
        other += tally.add("mail left unanswered", kit.check_no_errors(state, errors_before))
        other += tally.add("outgoing mail", _new_files(before, kit.check_outgoing(state)))
        if again and before is not None:
            other += tally.add("taken or sent twice", kit.check_nothing_twice(before, state))
        tally.other += other
        errors_before = {m["id"] for m in state.mails if m["status"] in kit.UNANSWERED}
        print(f"seed {seed} run {run + 1}/{args.runs + 1}"
              f"{' (the same mail again)' if again else ''}: {len(batch)} mails, "
              f"exit {ran.code}, {len(ran.tracebacks())} tracebacks, {len(lost)} valid "
              f"sheets lost, {len(unconfirmed)} unconfirmed, {other} other problems, "
              f"{ran.seconds:.1f} s{' CRASHED' if crashed else ''}", flush=True)


def _add_run(tally: Tally, problems: list[str]) -> int:
    """check_run's problems: the tracebacks, then (indented) why mail is stuck, then the
    end of stderr; counted as the tracebacks and, per mail, what is stuck."""
    tally.add("traceback", [p for p in problems if not p.startswith(" ")])
    tally.add("stuck after the crash", [p.strip() for p in problems if p.startswith("  ")
                                        and not p.startswith(("   ", "  stderr", "  ..."))])
    return len(problems)


def _new_files(before: kit.State | None, problems: list[str]) -> list[str]:
    """The problems of outbox/ files written by this run (the others were counted)."""
    old = before.files if before is not None else {}
    return [p for p in problems if p.split(" ", 1)[0] not in old]


def _why_unconfirmed(state: kit.State, problems: list[str]) -> list[str]:
    """Say when a confirmation was not even queued because the address had its
    replies_per_hour already (hostile mail in the player's name used them up)."""
    out = []
    for p in problems:
        if "no confirmation queued" in p:
            addr = re.search(r"to '([^']*)'", p)
            n = sum(1 for r in state.outbox if addr and r["to_addr"] == addr.group(1)
                    and r["kind"] in ("confirmation", "refusal"))
            p += f" [{n} replies to that address in the outbox: the reply limit?]"
        out.append(p)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("seeds", nargs="*", type=int, default=[1])
    ap.add_argument("--mails", type=int, default=10_500, help="hostile mails per seed")
    ap.add_argument("--runs", type=int, default=7, help="pbem runs they are spread over")
    ap.add_argument("--nonascii", action="store_true",
                    help="add players whose addresses are not ASCII")
    ap.add_argument("--no-huge", action="store_true", help="no multi-megabyte mails")
    ap.add_argument("--keep", type=Path, help="build the sites here and keep them")
    args = ap.parse_args()
    if args.runs < 1 or args.mails < args.runs:
        ap.error("need at least one run and one mail per run")
    tally = Tally()
    started = time.monotonic()
    base = args.keep or Path(tempfile.mkdtemp(prefix="bench-chaos-"))
    try:
        for seed in args.seeds:
            one_seed(seed, args, tally, base)
    finally:
        if args.keep is None:
            shutil.rmtree(base, ignore_errors=True)
    print()
    print(f"mails tried:              {tally.mails} hostile, {tally.valid} valid sheets, "
          f"{tally.again} delivered again")
    print(f"tracebacks:               {tally.tracebacks}")
    print(f"valid sheets lost:        {tally.lost}")
    print(f"valid sheets unconfirmed: {tally.unconfirmed}")
    print(f"other problems:           {tally.other}")
    print(f"pbem run time:            {tally.seconds:.1f} s "
          f"({time.monotonic() - started:.1f} s in all)")
    if tally.problems:
        print("\ndistinct problems (times seen; first example):")
        for key, n in tally.problems.most_common():
            print(f"  {n:5d}x {key}\n         e.g. {tally.examples[key][:400]}")
    if args.keep:
        print(f"\nsites kept in {args.keep}")
    bad = tally.tracebacks or tally.lost or tally.unconfirmed or tally.other or tally.problems
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
