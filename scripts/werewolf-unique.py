#!/usr/bin/env python3
"""Does some werewolf game of N players, M werewolves and L liars have
exactly one valid set? Decided by OR-Tools CP-SAT, for small N.

    werewolf-unique.py N M L [SECONDS]   one request
    werewolf-unique.py --every N         every 2 <= M < N, 1 <= L < N

Research tooling only (scripts/werewolf-unique.sh installs OR-Tools and runs
this): the generator (crates/werewolf/src/generate.rs) refuses the numbers
its methods cannot build, and this says whether a puzzle exists there at all.

The planted set S is players 0..M-1 (any valid set is, after renaming), and
S's liars are players 0..a-1 among the werewolves (1 <= a <= M - 1: a lying
and a truthful werewolf) and M..M+L-a-1 among the humans; each a is one
model. The unknowns are the statements: target[i][j] (player i speaks about
j, exactly one j) and wolf_claim[i]. A statement is false under a set T
exactly when (its target is in T) xor (it claims "werewolf"); S's pattern is
imposed, and every other set T of M players must be invalid: its false
statements are not L, or every werewolf of T lies, or none does. That is
C(N, M) - 1 constraints of N reified booleans each, so N <= 12 or so.

A model with a solution prints the game (checked by brute force over every
set here, independently of the model); when every a is infeasible, no
puzzle exists. A time limit reached leaves the answer unknown, and says so.
"""
import itertools
import sys

from ortools.sat.python import cp_model


def solve(n, m, l, seconds):
    """("exists", statements) or ("none", None) or ("unknown", None)."""
    unknown = False
    for a in range(1, m):
        lying_humans = l - a
        if not 0 <= lying_humans <= n - m:
            continue
        model = cp_model.CpModel()
        target = [[model.NewBoolVar(f"t{i}_{j}") for j in range(n)] for i in range(n)]
        wolf_claim = [model.NewBoolVar(f"w{i}") for i in range(n)]
        for row in target:
            model.AddExactlyOne(row)

        def is_false(i, members):
            """A boolean equal to: statement i is false under the set."""
            false = model.NewBoolVar("")
            inside = sum(target[i][j] for j in members)
            model.Add(inside == 1).OnlyEnforceIf([false, wolf_claim[i].Not()])
            model.Add(inside == 0).OnlyEnforceIf([false, wolf_claim[i]])
            model.Add(inside == 0).OnlyEnforceIf([false.Not(), wolf_claim[i].Not()])
            model.Add(inside == 1).OnlyEnforceIf([false.Not(), wolf_claim[i]])
            return false

        planted = range(m)
        for i in range(n):
            lies = i < a or m <= i < m + lying_humans
            model.Add(is_false(i, planted) == int(lies))
        for other in itertools.combinations(range(n), m):
            if other == tuple(planted):
                continue
            false = [is_false(i, other) for i in range(n)]
            all_lie, none_lies, not_l = (model.NewBoolVar("") for _ in range(3))
            for i in other:
                model.AddImplication(all_lie, false[i])
                model.AddImplication(none_lies, false[i].Not())
            model.Add(sum(false) != l).OnlyEnforceIf(not_l)
            model.AddBoolOr([all_lie, none_lies, not_l])
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = seconds
        solver.parameters.num_workers = 1
        status = solver.Solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            statements = []
            for i in range(n):
                about = next(j for j in range(n) if solver.Value(target[i][j]))
                statements.append((about, bool(solver.Value(wolf_claim[i]))))
            return "exists", statements
        if status != cp_model.INFEASIBLE:
            unknown = True
    return ("unknown" if unknown else "none"), None


def valid_sets(n, m, l, statements):
    """Every valid set, by the definition."""
    found = []
    for members in itertools.combinations(range(n), m):
        inside = set(members)
        false = [(about in inside) != wolf for about, wolf in statements]
        if sum(false) == l and any(false[i] for i in members) and not all(false[i] for i in members):
            found.append(members)
    return found


def main():
    args = sys.argv[1:]
    numbers = args[1:] if args[:1] == ["--every"] else args
    if not all(arg.isdigit() for arg in numbers) or len(args) not in (2, 3, 4):
        print("error: expected N M L [SECONDS] or --every N, as whole numbers", file=sys.stderr)
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    if len(args) == 2 and args[0] == "--every":
        n = int(args[1])
        print(f"N = {n}: rows M = 2..{n - 1}, columns L = 1..{n - 1}; # a puzzle exists, . none, ? unknown")
        for m in range(2, n):
            marks = {"exists": "#", "none": ".", "unknown": "?"}
            print(f"M = {m:2} " + "".join(marks[solve(n, m, l, 600)[0]] for l in range(1, n)), flush=True)
        return 0
    if len(args) == 2:
        print("error: expected N M L [SECONDS] or --every N", file=sys.stderr)
        return 2
    n, m, l = map(int, args[:3])
    seconds = float(args[3]) if len(args) == 4 else 3600.0
    answer, statements = solve(n, m, l, seconds)
    if answer == "exists":
        assert len(valid_sets(n, m, l, statements)) == 1, statements
        claims = " ".join(("-" if wolf else "+") + str(about + 1) for about, wolf in statements)
        print(f"N = {n}, M = {m}, L = {l}: a puzzle with one answer: {n} {m} {l} {claims}")
    elif answer == "none":
        print(f"N = {n}, M = {m}, L = {l}: no puzzle has exactly one answer (every model infeasible)")
    else:
        print(f"N = {n}, M = {m}, L = {l}: unknown (the time limit of {seconds:g} s per model was reached)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
