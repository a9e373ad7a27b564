"""Writes examples.js, the examples of the solvers page, from judge-data.

    python3 examples.py CASES.jsonl > examples.js

CASES.jsonl is what the `cases` tool of judge-tools prints (every case, with
its command line and the path of its input). A panel offers every sample
case of its binary (its flags and judge target come along), then the cases
of LISTED. Each example is the case's name, its arguments and its input, so
a panel shows exactly what judge-data holds.
"""

import json
import sys

# PROBLEM/CASE, as judge-data names the case (no extension).
LISTED = [
    "go-ko/secret/large/suicide-9x9-block-show",
    "go-ko/secret/multi/capture-two-groups-show",
    "go-ko/secret/sgf/main-line-passes-and-comments",
    "go-ko/secret/sgf/keep-going-collection",
    "river-crossing/secret/hint/extended-mid-game",
    "clue-sim/secret/deduce-odds-you-show-cards",
    "clue-sim/secret/games-summary-classic-fixed",
    "clue-sim/secret/games-summary-rotated-seeds-wrap",
    "nim/secret/s-nim-classic-sample-set-2-5-with-move",
]


def main(cases_path):
    wanted = LISTED
    cases = {}
    with open(cases_path, encoding="utf-8") as lines:
        for line in lines:
            case = json.loads(line)
            cases[f"{case['problem']}/{case['name']}"] = case
    examples = {}
    # The default contract's samples first, then the judge targets'.
    chosen = sorted(
        (key for key, case in cases.items() if "/sample/" in f"/{case['name']}"),
        key=lambda key: (cases[key]["name"].startswith("judges/"), key),
    )
    missing = [key for key in wanted if key not in cases]
    if missing:
        sys.exit(f"error: examples.py lists cases judge-data does not have: {', '.join(missing)}")
    for key in chosen + wanted:
        case = cases[key]
        text = ""
        if case["input"]:
            with open(case["input"], encoding="utf-8") as source:
                text = source.read()
        examples.setdefault(case["problem"], []).append(
            {"name": case["name"], "args": case["args"], "input": text}
        )
    print("// Built by scripts/web.sh from judge-data (crates/web/examples.py).")
    print(f"self.puzzleJudgesExamples = {json.dumps(examples, indent=1)};")


if __name__ == "__main__":
    main(*sys.argv[1:])
