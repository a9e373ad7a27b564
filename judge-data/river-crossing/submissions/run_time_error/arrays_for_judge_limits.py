# Wrong (rule: the bounds, P and D up to 1000). The arrays are sized for the
# judge limits of the original problem (P, D <= 100), so P = 1000 indexes
# past their end (IndexError). The statement's extended range takes P, D and
# C up to 1000. Otherwise right: a breadth-first search from the goal over
# every load, then from the current state always the smallest next state
# still on a shortest plan.
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
                if a + c == 0:
                    continue
                if b == "L":
                    np, nd, nb = p - a, d - c, "R"
                else:
                    np, nd, nb = p + a, d + c, "L"
                if 0 <= np <= P and 0 <= nd <= D and safe(np, nd):
                    out.append((np, nd, nb))
        return out

    goals = [(0, 0, "R"), (0, 0, "L")]
    MAX = 100
    table = [[[-1, -1] for _ in range(MAX + 1)] for _ in range(MAX + 1)]

    class Dist:
        def key(self, s):
            return table[s[0]][s[1]], 0 if s[2] == "L" else 1

        def __contains__(self, s):
            row, b = self.key(s)
            return row[b] >= 0

        def __getitem__(self, s):
            row, b = self.key(s)
            return row[b]

        def __setitem__(self, s, value):
            row, b = self.key(s)
            row[b] = value

        def get(self, s):
            return self[s]

    dist = Dist()
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
