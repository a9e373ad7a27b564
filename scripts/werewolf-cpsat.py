#!/usr/bin/env python3
"""werewolf against OR-Tools CP-SAT, side by side, on game files.

    werewolf-cpsat.py BINARY RUNS FILE...

Benchmark tooling only: scripts/bench-werewolf.sh installs OR-Tools from PyPI
into a venv under target/ and runs this with that venv's python; nothing of
it is in the binary.

For each file: the binary as a whole process (BINARY < FILE), and CP-SAT on
the rules stated literally, in process (model building and every solve, not
the interpreter's start or the import), each best of RUNS, then the two
answers, which must agree (the script exits 1 if not). Times are CPU seconds
(user + system; the child's from getrusage, CP-SAT's with one worker), not
wall time: the machine is shared, and a loaded machine stretches wall time
several-fold while CPU time moves little.

The model, one boolean pair per player: wolf[i], lie[i], with
  lie[i] == wolf[j]      for "j is a human" (+j),
  lie[i] == not wolf[j]  for "j is a werewolf" (-j);
  sum(wolf) == M, sum(lie) == L;
  some i with wolf[i] and lie[i]; some i with wolf[i] and not lie[i]
  (each as a reified boolean per player, at least one true).
The largest set in the contract's order (compare descending lists, first
larger element wins) is found lexicographically: first any solution (none:
"No Solution"), then players from the top in groups of 50, each group's
werewolves maximised as a binary number (player p of the group weighs
2^(p - lowest), so the first difference from the top decides, which is the
contract's order for sets of one size) with the groups above fixed.
"""

import resource
import subprocess
import sys

from ortools.sat.python import cp_model

# Players per lexicographic step (objective coefficients up to 2^49).
GROUP = 50


def read_game(path):
    with open(path) as f:
        tokens = f.read().split()
    n, m, liars = int(tokens[0]), int(tokens[1]), int(tokens[2])
    statements = []
    for token in tokens[3 : 3 + n]:
        claims_werewolf = token.startswith("-")
        statements.append((int(token.lstrip("+-")) - 1, claims_werewolf))
    return n, m, liars, statements


def cpsat_answer(n, m, liars, statements):
    model = cp_model.CpModel()
    wolf = [model.new_bool_var(f"wolf{i}") for i in range(n)]
    lie = [model.new_bool_var(f"lie{i}") for i in range(n)]
    lying_wolf = [model.new_bool_var(f"lw{i}") for i in range(n)]
    true_wolf = [model.new_bool_var(f"tw{i}") for i in range(n)]
    for i, (about, claims_werewolf) in enumerate(statements):
        if claims_werewolf:
            model.add(lie[i] == 1 - wolf[about])
        else:
            model.add(lie[i] == wolf[about])
        # lying_wolf[i] <=> wolf[i] and lie[i]; true_wolf[i] <=> wolf[i] and not lie[i]
        model.add_bool_and([wolf[i], lie[i]]).only_enforce_if(lying_wolf[i])
        model.add_bool_or([wolf[i].Not(), lie[i].Not()]).only_enforce_if(lying_wolf[i].Not())
        model.add_bool_and([wolf[i], lie[i].Not()]).only_enforce_if(true_wolf[i])
        model.add_bool_or([wolf[i].Not(), lie[i]]).only_enforce_if(true_wolf[i].Not())
    model.add(sum(wolf) == m)
    model.add(sum(lie) == liars)
    model.add_bool_or(lying_wolf)
    model.add_bool_or(true_wolf)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1

    def solve(objective):
        if objective is not None:
            model.maximize(objective)
        status = solver.solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            if objective is not None and status != cp_model.OPTIMAL:
                raise RuntimeError("CP-SAT stopped before an optimum")
            return [solver.boolean_value(w) for w in wolf]
        if status == cp_model.INFEASIBLE:
            return None
        raise RuntimeError(f"CP-SAT status {solver.status_name(status)}")

    if solve(None) is None:
        return "No Solution"
    # Players from the top in groups of 50: the largest set's group is the
    # one whose indicator, read as a binary number (higher player, higher
    # bit), is largest, with the groups above fixed.
    current = None
    for high in range(n, 0, -GROUP):
        group = range(max(high - GROUP, 0), high)
        objective = sum((1 << (p - group.start)) * wolf[p] for p in group)
        current = solve(objective)
        for p in group:
            model.add(wolf[p] == int(current[p]))
    return " ".join(str(p + 1) for p in range(n - 1, -1, -1) if current[p])


def cpu_seconds():
    """CPU seconds of this process and its finished children, user and system."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def best_of(runs, run):
    best, answer = None, None
    for _ in range(runs):
        start = cpu_seconds()
        answer = run()
        elapsed = cpu_seconds() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, answer


def main():
    binary, runs, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    disagree = 0
    print(f"{'input':44} {'werewolf':>9} {'CP-SAT':>9}  ratio  answers")
    for path in files:
        with open(path, "rb") as f:
            data = f.read()

        def run_binary():
            out = subprocess.run([binary], input=data, capture_output=True, check=True)
            return out.stdout.decode().strip()

        ours, our_answer = best_of(runs, run_binary)
        game = read_game(path)
        theirs, their_answer = best_of(runs, lambda: cpsat_answer(*game))
        same = our_answer == their_answer
        disagree += not same
        name = path.rsplit("/", 1)[-1]
        print(
            f"{name:44} {ours:8.3f}s {theirs:8.3f}s {theirs / ours:6.1f}  "
            + ("agree" if same else f"DISAGREE: {our_answer[:40]} / {their_answer[:40]}"),
            flush=True,
        )
    sys.exit(1 if disagree else 0)


if __name__ == "__main__":
    main()
