//! Draws the benchmark's scaling figures: `werewolf-plot CSV OUT.svg` reads
//! `family,n,seconds,capped` lines (as `scripts/bench-werewolf.sh` writes
//! them) and writes a log-log plot of time against N, one line per family,
//! with the judges' limit N = 100 and the 10 ms target there marked. A
//! capped run (stopped at the time limit) is drawn at the cap, as a lower
//! bound, with a hollow marker.
#![allow(clippy::print_stderr, clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use plotters::prelude::*;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    assert!(args.len() == 2, "usage: werewolf-plot CSV OUT.svg");
    let text = std::fs::read_to_string(&args[0]).expect("the CSV file is readable");
    // family -> (n, seconds, capped), in the order families first appear.
    let mut order = Vec::new();
    let mut series: BTreeMap<String, Vec<(f64, f64, bool)>> = BTreeMap::new();
    for line in text.lines().skip(1).filter(|line| !line.trim().is_empty()) {
        let fields: Vec<&str> = line.split(',').collect();
        assert!(fields.len() == 4, "bad line {line:?}");
        let family = fields[0].to_string();
        if !series.contains_key(&family) {
            order.push(family.clone());
        }
        // A run below the clock's resolution is drawn at 1 ms.
        let seconds = fields[2].parse::<f64>().unwrap().max(0.001);
        series.entry(family).or_default().push((
            fields[1].parse().unwrap(),
            seconds,
            fields[3] == "1",
        ));
    }
    let max_n = series
        .values()
        .flatten()
        .map(|point| point.0)
        .fold(100.0, f64::max);
    let max_seconds = series
        .values()
        .flatten()
        .map(|point| point.1)
        .fold(1.0, f64::max);

    let mut sizes: Vec<f64> = series.values().flatten().map(|point| point.0).collect();
    sizes.sort_by(f64::total_cmp);
    sizes.dedup();

    let root = SVGBackend::new(&args[1], (900, 600)).into_drawing_area();
    root.fill(&WHITE).unwrap();
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "werewolf: time against N (user CPU, whole process)",
            ("sans-serif", 22),
        )
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(65)
        .build_cartesian_2d(
            // Labels at the sizes benchmarked, not at plotters' own log
            // steps (which crowd near each power of ten).
            (50.0..max_n * 1.5).log_scale().with_key_points(sizes),
            (0.0005..max_seconds * 2.0).log_scale(),
        )
        .unwrap();
    chart
        .configure_mesh()
        .x_desc("N (players)")
        .y_desc("seconds")
        .x_label_formatter(&|n| format!("{n:.0}"))
        .y_label_formatter(&|seconds| format!("{seconds}"))
        .draw()
        .unwrap();
    let limit = RGBColor(120, 120, 120);
    chart
        .draw_series(LineSeries::new(
            [(100.0, 0.0005), (100.0, max_seconds * 2.0)],
            limit.stroke_width(2),
        ))
        .unwrap()
        .label("judge limit N = 100")
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], limit.stroke_width(2)));
    chart
        .draw_series(LineSeries::new(
            [(50.0, 0.01), (max_n * 1.5, 0.01)],
            limit.stroke_width(1),
        ))
        .unwrap()
        .label("10 ms")
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], limit.stroke_width(1)));
    for (index, family) in order.iter().enumerate() {
        let color = Palette99::pick(index).to_rgba();
        let points = &series[family];
        chart
            .draw_series(LineSeries::new(
                points.iter().map(|&(n, seconds, _)| (n, seconds)),
                color.stroke_width(2),
            ))
            .unwrap()
            .label(family.as_str())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], color.stroke_width(2)));
        chart
            .draw_series(points.iter().map(|&(n, seconds, capped)| {
                let style = if capped {
                    color.stroke_width(2)
                } else {
                    color.filled()
                };
                Circle::new((n, seconds), 4, style)
            }))
            .unwrap();
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .unwrap();
    root.present().unwrap();
    eprintln!("wrote {}", args[1]);
}
