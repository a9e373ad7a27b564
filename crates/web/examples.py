"""Writes examples.js, the examples of the solvers page, from judge-data.

    python3 examples.py CASES.jsonl EXAMPLES.txt > examples.js

CASES.jsonl is what the `cases` tool of judge-tools prints (every case, with
its command line and the path of its input); EXAMPLES.txt lists the cases to
offer beyond the samples. Each example is the case's name, its arguments
and its input, so a panel shows exactly what judge-data holds.
"""

import json
import sys


def main(cases_path, listed_path):
    with open(listed_path, encoding="utf-8") as listed:
        wanted = [line.strip() for line in listed if line.strip() and not line.startswith("#")]
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
        sys.exit(f"error: {listed_path} names cases judge-data does not have: {', '.join(missing)}")
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
