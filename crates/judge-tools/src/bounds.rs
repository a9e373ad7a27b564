//! Does the judge data reach every bound its statement sets? Each problem
//! crate's `tests/bounds.rs` lists, per contract, the quantities that
//! matter (each input quantity's smallest and largest value, the input's
//! size, the number of test cases in one input, and the derived extremes a
//! solution must survive: the largest answer, Grundy value, group ...), the
//! bound each must reach, and how to measure it on one input. [`assert_bounds`]
//! measures every quantity on every case a judge would run (`sample/` and
//! `secret/` of that contract, generated cases included, no flags of ours),
//! and fails with the list of bounds nothing reaches.
//!
//! # The README table
//!
//! The same list is written for readers in the contract's judge-data README,
//! and the test checks one against the other, so neither can drift: under the
//! heading `## Bounds` (the default contract) or `## Bounds: TARGET` (a judge
//! target, in the same `judge-data/<problem>/README.md`), the first table:
//!
//! ```text
//! | quantity | bound | reached by | why this bound |
//! |---|---|---|---|
//! | rows | smallest 1 | `secret/shapes/one-row-suicide` | the statement's 1 <= R |
//! | rows | largest 4000 | `secret/huge/full-4000x4000-captured` | the statement says "4000 and beyond"; 16 MB is what the data affords |
//! ```
//!
//! - *quantity*: the name in the test's list, exactly;
//! - *bound*: `smallest N` or `largest N` (thousands may be grouped with `,`
//!   or `_`);
//! - *reached by*: the case, as its path below the problem's folder without
//!   extension (below `judges/TARGET/` for a target); it must reach the bound
//!   (be at most the smallest, at least the largest);
//! - *why this bound*: free text: where the statement sets it, or, where it
//!   sets none, why the data stops there (time limit, repository size).
//!
//! A quantity in the list but not the table, or the other way round, a
//! different bound, or a named case that does not reach it, fails the test.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;

use crate::judge_data::{self, Case, Expect};

/// Which end of a quantity's range must be reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Bound {
    /// Some case's value is at most this.
    Smallest(i128),
    /// Some case's value is at least this.
    Largest(i128),
}

impl Bound {
    fn value(self) -> i128 {
        match self {
            Bound::Smallest(value) | Bound::Largest(value) => value,
        }
    }

    fn side(self) -> &'static str {
        match self {
            Bound::Smallest(_) => "smallest",
            Bound::Largest(_) => "largest",
        }
    }

    /// True when `value` reaches this bound.
    pub fn is_reached_by(self, value: i128) -> bool {
        match self {
            Bound::Smallest(bound) => value <= bound,
            Bound::Largest(bound) => value >= bound,
        }
    }

    /// True when `a` is nearer to (or further past) this bound than `b`.
    fn better(self, a: i128, b: i128) -> bool {
        match self {
            Bound::Smallest(_) => a < b,
            Bound::Largest(_) => a > b,
        }
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.side(), self.value())
    }
}

/// One quantity of a contract: its name (as in the README table), the bound
/// the data must reach, and how to measure it on one case.
pub struct Quantity<T> {
    /// The name, as the README table's *quantity* column writes it.
    pub name: &'static str,
    /// The bound.
    pub bound: Bound,
    /// Its value on one case, from the input's bytes and the library's own
    /// parse of them; `None` where the quantity does not apply (a position
    /// with no capture has no captured group).
    pub measure: fn(input: &[u8], parsed: &T) -> Option<i128>,
}

/// The input's length in bytes, for the usual "largest input" quantity.
pub fn input_bytes<T>(input: &[u8], _: &T) -> Option<i128> {
    i128::try_from(input.len()).ok()
}

/// The best value found for one quantity, and the first case with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reached {
    /// The quantity's name.
    pub name: &'static str,
    /// Its bound.
    pub bound: Bound,
    /// The value nearest to (or furthest past) the bound over all cases,
    /// and the first case (by name) with it; `None` when no case applies.
    pub best: Option<(i128, String)>,
}

/// Checks the contract of `problem` (the judge target `target`, else the
/// default) as the [module docs](self) say, and panics with every problem
/// found: the bounds no case reaches, then every disagreement with the
/// README table.
///
/// `parse` is the library's own parser (its error a message); a case it
/// rejects fails the test, since every judged case must be valid input.
///
/// # Panics
///
/// As said: a failing test is the point.
pub fn assert_bounds<T>(
    problem: &str,
    target: Option<&str>,
    parse: fn(&[u8]) -> Result<T, String>,
    quantities: &[Quantity<T>],
) {
    let contract = target.map_or_else(|| problem.to_string(), |t| format!("{problem} --judge {t}"));
    let mut problems = Vec::new();
    let reached = match measure_all(problem, target, parse, quantities) {
        Ok(reached) => reached,
        Err(why) => panic!("bounds of {contract}: {why}"),
    };
    for quantity in &reached {
        match &quantity.best {
            Some((value, _)) if quantity.bound.is_reached_by(*value) => {}
            Some((value, case)) => problems.push(format!(
                "not reached: {} {}: the nearest case is {case} with {value}",
                quantity.name, quantity.bound
            )),
            None => problems.push(format!(
                "not reached: {} {}: no case applies",
                quantity.name, quantity.bound
            )),
        }
    }
    match readme_table(problem, target) {
        Ok(rows) => problems.extend(compare_with_readme(
            problem, target, parse, quantities, &rows,
        )),
        Err(why) => problems.push(why),
    }
    assert!(
        problems.is_empty(),
        "bounds of {contract}: {} problem(s)\n  {}\n(the measured extremes: {})",
        problems.len(),
        problems.join("\n  "),
        reached
            .iter()
            .map(|r| format!(
                "{} {}: {}",
                r.name,
                r.bound.side(),
                r.best
                    .as_ref()
                    .map_or("none".to_string(), |(v, c)| format!("{v} in {c}"))
            ))
            .collect::<Vec<_>>()
            .join("; ")
    );
}

/// Every case a judge runs for the contract (answers, no flags of ours).
fn judged_cases(problem: &str, target: Option<&str>) -> Result<Vec<Case>, String> {
    let cases = judge_data::cases(problem).map_err(|error| error.to_string())?;
    Ok(cases
        .into_iter()
        .filter(|case| case.is_for_anyone(target))
        .collect())
}

/// Reads one case's input and parses it.
fn read_and_parse<T>(
    case: &Case,
    parse: fn(&[u8]) -> Result<T, String>,
) -> Result<(Vec<u8>, T), String> {
    let input = match &case.input {
        Some(path) => fs::read(path).map_err(|error| format!("{}: {error}", path.display()))?,
        None => Vec::new(),
    };
    let parsed =
        parse(&input).map_err(|why| format!("{}: the parser rejects it: {why}", case.name))?;
    Ok((input, parsed))
}

/// Measures every quantity on every judged case and keeps the best of each.
pub fn measure_all<T>(
    problem: &str,
    target: Option<&str>,
    parse: fn(&[u8]) -> Result<T, String>,
    quantities: &[Quantity<T>],
) -> Result<Vec<Reached>, String> {
    let mut reached: Vec<Reached> = quantities
        .iter()
        .map(|q| Reached {
            name: q.name,
            bound: q.bound,
            best: None,
        })
        .collect();
    let cases = judged_cases(problem, target)?;
    if cases.is_empty() {
        return Err("no case to measure".to_string());
    }
    for case in &cases {
        let (input, parsed) = read_and_parse(case, parse)?;
        for (quantity, best) in quantities.iter().zip(&mut reached) {
            let Some(value) = (quantity.measure)(&input, &parsed) else {
                continue;
            };
            let is_better = best
                .best
                .as_ref()
                .is_none_or(|(old, _)| quantity.bound.better(value, *old));
            if is_better {
                best.best = Some((value, case.name.clone()));
            }
        }
    }
    Ok(reached)
}

/// One row of a README "Bounds" table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The quantity column.
    pub name: String,
    /// The bound column.
    pub bound: Bound,
    /// The case column, as written (below the target's folder for a target).
    pub case: String,
}

/// The rows of the contract's "Bounds" table in `judge-data/<problem>/README.md`.
pub fn readme_table(problem: &str, target: Option<&str>) -> Result<Vec<Row>, String> {
    let path = judge_data::data_root().join(problem).join("README.md");
    let text = fs::read_to_string(&path).map_err(|error| format!("{}: {error}", path.display()))?;
    let heading = target.map_or_else(|| "## Bounds".to_string(), |t| format!("## Bounds: {t}"));
    parse_table(&text, &heading).map_err(|why| format!("judge-data/{problem}/README.md: {why}"))
}

/// The first table after the line `heading`, parsed.
fn parse_table(text: &str, heading: &str) -> Result<Vec<Row>, String> {
    let mut lines = text.lines().skip_while(|line| line.trim_end() != heading);
    if lines.next().is_none() {
        return Err(format!("no heading {heading:?}"));
    }
    let table: Vec<&str> = lines
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .collect();
    let mut rows = Vec::new();
    for line in table.iter().skip(2) {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        let [name, bound, case, _why] = cells[..] else {
            return Err(format!("under {heading:?}, a row without 4 cells: {line}"));
        };
        let clean = |cell: &str| cell.trim_matches('`').to_string();
        let (side, number) = bound.split_once(' ').unwrap_or((bound, ""));
        let number: String = number
            .chars()
            .filter(|c| !matches!(c, ',' | '_' | '`'))
            .collect();
        let value: i128 = number.trim().parse().map_err(|_| {
            format!("under {heading:?}, a bound that is not `smallest N` or `largest N`: {bound}")
        })?;
        let bound =
            match side {
                "smallest" => Bound::Smallest(value),
                "largest" => Bound::Largest(value),
                _ => return Err(format!(
                    "under {heading:?}, a bound that is not `smallest N` or `largest N`: {bound}"
                )),
            };
        rows.push(Row {
            name: clean(name),
            bound,
            case: clean(case),
        });
    }
    if rows.is_empty() {
        return Err(format!("no table rows under {heading:?}"));
    }
    Ok(rows)
}

/// Every disagreement between the list and the README rows.
fn compare_with_readme<T>(
    problem: &str,
    target: Option<&str>,
    parse: fn(&[u8]) -> Result<T, String>,
    quantities: &[Quantity<T>],
    rows: &[Row],
) -> Vec<String> {
    let mut problems = Vec::new();
    let key = |name: &str, bound: Bound| (name.to_string(), bound.side());
    let listed: BTreeMap<_, _> = quantities
        .iter()
        .map(|q| (key(q.name, q.bound), q))
        .collect();
    let written: BTreeMap<_, _> = rows
        .iter()
        .map(|row| (key(&row.name, row.bound), row))
        .collect();
    for (k, quantity) in &listed {
        if !written.contains_key(k) {
            problems.push(format!(
                "README lacks the row: {} | {}",
                quantity.name, quantity.bound
            ));
        }
    }
    let cases = match judged_cases(problem, target) {
        Ok(cases) => cases,
        Err(why) => return vec![why],
    };
    for (k, row) in &written {
        let Some(quantity) = listed.get(k) else {
            problems.push(format!(
                "README row not in the test's list: {} | {}",
                row.name, row.bound
            ));
            continue;
        };
        if quantity.bound != row.bound {
            problems.push(format!(
                "README says {} | {}, the test {}",
                row.name, row.bound, quantity.bound
            ));
        }
        let name = match target {
            Some(t) if !row.case.starts_with("judges/") => format!("judges/{t}/{}", row.case),
            _ => row.case.clone(),
        };
        let Some(case) = cases.iter().find(|case| case.name == name) else {
            problems.push(format!(
                "README names {} for {}, which is not a judged case",
                row.case, row.name
            ));
            continue;
        };
        if !matches!(case.expect, Expect::Answer(_)) {
            continue;
        }
        match read_and_parse(case, parse) {
            Ok((input, parsed)) => match (quantity.measure)(&input, &parsed) {
                Some(value) if quantity.bound.is_reached_by(value) => {}
                value => problems.push(format!(
                    "README names {} for {} {}, which measures {}",
                    row.case,
                    row.name,
                    quantity.bound,
                    value.map_or("nothing".to_string(), |v| v.to_string())
                )),
            },
            Err(why) => problems.push(why),
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_read_below_its_heading_only() {
        let text = "# x\n## Bounds\n\nSome words.\n\n| quantity | bound | reached by | why |\n|---|---|---|---|\n\
                    | rows | smallest 1 | `secret/a` | the statement |\n\
                    | rows | largest 16,000_000 | `secret/b` | size |\n\n\
                    ## Bounds: t\n\n| quantity | bound | reached by | why |\n|---|---|---|---|\n| k | largest 100 | `secret/c` | s |\n";
        let rows = parse_table(text, "## Bounds").unwrap();
        assert_eq!(
            rows,
            [
                Row {
                    name: "rows".into(),
                    bound: Bound::Smallest(1),
                    case: "secret/a".into()
                },
                Row {
                    name: "rows".into(),
                    bound: Bound::Largest(16_000_000),
                    case: "secret/b".into()
                },
            ]
        );
        assert_eq!(
            parse_table(text, "## Bounds: t").unwrap()[0].bound,
            Bound::Largest(100)
        );
        assert!(parse_table(text, "## Bounds: u")
            .unwrap_err()
            .contains("no heading"));
        let bad = "## Bounds\n| q | b | c | w |\n|-|-|-|-|\n| rows | about 3 | `x` | y |\n";
        assert!(parse_table(bad, "## Bounds")
            .unwrap_err()
            .contains("not `smallest N`"));
    }

    #[test]
    fn a_bound_is_reached_at_or_past_it() {
        assert!(Bound::Largest(100).is_reached_by(100));
        assert!(Bound::Largest(100).is_reached_by(101));
        assert!(!Bound::Largest(100).is_reached_by(99));
        assert!(Bound::Smallest(1).is_reached_by(0));
        assert!(!Bound::Smallest(1).is_reached_by(2));
    }
}
