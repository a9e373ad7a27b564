# Wrong: the boat may cross empty. Otherwise right (a breadth-first search
# from the goal, then from the current state always the smallest next state
# still on a shortest plan), so it fails only where an empty crossing
# matters: a boat left at a bank with nobody on it (`3 3 2`, `3 3 R`) is
# rowed back by nobody, and a plan comes out where there is none.
import sys
from collections import deque

def main():
    data = sys.stdin.read().split()
    P, D, C = int(data[0]), int(data[1]), int(data[2])
    if len(data) > 3:
        start = (int(data[3]), int(data[4]), data[5])
    else:
        start = (P, D, "L")

    def safe(p, d):
        return (p == 0 or p >= d) and (P - p == 0 or P - p >= D - d)

    def neighbours(state):
        p, d, b = state
        out = []
        for a in range(0, C + 1):
            for c in range(0, C + 1 - a):
                # The mistake: a + c == 0 is allowed.
                if b == "L":
                    np, nd, nb = p - a, d - c, "R"
                else:
                    np, nd, nb = p + a, d + c, "L"
                if 0 <= np <= P and 0 <= nd <= D and safe(np, nd):
                    out.append((np, nd, nb))
        return out

    goals = [(0, 0, "R"), (0, 0, "L")]
    dist = {}
    queue = deque()
    for g in goals:
        if safe(0, 0):
            dist[g] = 0
            queue.append(g)
    # Moves are reversible, so distances to the goal come from a search from it.
    while queue:
        s = queue.popleft()
        for t in neighbours(s):
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    if not safe(start[0], start[1]) or start not in dist:
        print("No Solution")
        return
    plan = [start]
    while dist[plan[-1]] > 0:
        here = plan[-1]
        options = [t for t in neighbours(here) if dist.get(t) == dist[here] - 1]
        plan.append(min(options, key=lambda t: (t[0], t[1])))
    print(len(plan) - 1)
    for p, d, b in plan:
        print(p, d, P - p, D - d, b)

main()
