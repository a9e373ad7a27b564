//! The statistics of `--games`: a win share's 95% interval (Wilson) and the
//! paired comparison of two strategies on the same deals (McNemar's exact
//! test).
//!
//! Contract: [`wilson`] takes `wins` of `games` (at least one game) and gives
//! the 95% Wilson score interval of the win share as two fractions in
//! `[0, 1]`; [`mcnemar_exact`] takes the two discordant counts of a paired
//! comparison (games only the first won, games only the second won) and
//! gives the two-sided p-value of the exact binomial form of McNemar's test.
//!
//! Approach and cost: the interval is its closed form (`O(1)`); the p-value
//! sums the binomial tail in `O(min(b, c))` steps, scaled to the largest
//! term so that it neither underflows nor overflows for any count.

/// The 97.5% quantile of the standard normal distribution, the `z` of a
/// two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson score interval of a share of `wins` out of `games`, as
/// fractions: `(centre -+ half) / (1 + z^2 / n)` with `centre = p + z^2 / 2n`
/// and `half = z sqrt(p (1 - p) / n + z^2 / 4n^2)`. Unlike the normal
/// approximation it stays inside `[0, 1]` and is sound at 0 and `n` wins.
/// `games` must be at least 1 (`wins <= games`).
pub fn wilson(wins: u64, games: u64) -> (f64, f64) {
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = p + z2 / (2.0 * n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let low = ((centre - half) / denominator).max(0.0);
    let high = ((centre + half) / denominator).min(1.0);
    // At 0 (or n) wins the bound is exactly 0 (or 1); rounding in the
    // formula may leave a hair above (below) it.
    let low = if wins == 0 { 0.0 } else { low };
    let high = if wins == games { 1.0 } else { high };
    (low, high)
}

/// The two-sided p-value of McNemar's test in its exact form: of the
/// `only_first + only_second` games that exactly one strategy won, the
/// chance under "both are equally strong" (each such game is a fair coin)
/// of a split at least as uneven as the one seen,
/// `min(1, 2 P(X <= min(b, c)))` with `X ~ Binomial(b + c, 1/2)`. Exactly 1
/// when there are no such games.
pub fn mcnemar_exact(only_first: u64, only_second: u64) -> f64 {
    let n = only_first + only_second;
    let m = only_first.min(only_second);
    if n == 0 || 2 * m == n {
        return 1.0;
    }
    // ln C(n, m), then the tail relative to its largest term C(n, m)
    // (k <= m < n / 2, so the terms grow with k): t(k - 1) = t(k) k / (n - k + 1).
    let (nf, mf) = (n as f64, m as f64);
    let mut ln_choose = 0.0;
    for i in 1..=m {
        let i = i as f64;
        ln_choose += ((nf - mf + i) / i).ln();
    }
    let mut term = 1.0;
    let mut tail = 1.0;
    let mut k = m;
    while k > 0 {
        term *= k as f64 / (n - k + 1) as f64;
        tail += term;
        k -= 1;
        if term < tail * 1e-17 {
            break;
        }
    }
    let p = 2.0 * (ln_choose + tail.ln() - nf * std::f64::consts::LN_2).exp();
    p.min(1.0)
}

/// A share in percent with one decimal (`72.4`), rounded half up.
pub fn percent(fraction: f64) -> String {
    // A fraction in [0, 1]: at most 1000.5 before the floor, never negative.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let tenths = (fraction.clamp(0.0, 1.0) * 1000.0 + 0.5).floor() as u64;
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// A p-value as the summary prints it: four decimals, or `< 0.0001`.
pub fn p_value(p: f64) -> String {
    if p < 0.0001 {
        "< 0.0001".to_string()
    } else {
        format!("= {p:.4}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn wilson_matches_hand_computed_intervals() {
        // 7 of 10: p = 0.7, z^2 = 3.841459; centre 0.7 + 0.1920729 =
        // 0.8920729, half 1.959964 sqrt(0.021 + 0.0096036) = 0.3428880,
        // denominator 1.3841459: (0.3967, 0.8922).
        let (low, high) = wilson(7, 10);
        assert!(close(low, 0.396_8, 1e-4), "{low}");
        assert!(close(high, 0.892_2, 1e-4), "{high}");
        // 0 of 10: the lower bound is 0, the upper z^2 / (n + z^2) =
        // 3.841459 / 13.841459 = 0.27753.
        let (low, high) = wilson(0, 10);
        assert_eq!(low, 0.0);
        assert!(close(high, 0.277_53, 1e-5), "{high}");
        // 10 of 10 mirrors it.
        let (low, high) = wilson(10, 10);
        assert!(close(low, 1.0 - 0.277_53, 1e-5), "{low}");
        assert_eq!(high, 1.0);
        // 750 of 1000: (0.7222, 0.7758).
        let (low, high) = wilson(750, 1000);
        assert!(close(low, 0.722_3, 1e-4), "{low}");
        assert!(close(high, 0.775_8, 1e-4), "{high}");
        // 1 of 1.
        assert_eq!(wilson(1, 1).1, 1.0);
    }

    #[test]
    fn mcnemar_matches_hand_computed_tails() {
        // 0 against 5: 2 / 32 = 0.0625.
        assert!(close(mcnemar_exact(0, 5), 0.0625, 1e-12));
        assert!(close(mcnemar_exact(5, 0), 0.0625, 1e-12));
        // 1 against 9: 2 (1 + 10) / 1024 = 0.021484375.
        assert!(close(mcnemar_exact(1, 9), 0.021_484_375, 1e-12));
        // 3 against 7: 2 (1 + 10 + 45 + 120) / 1024 = 0.34375.
        assert!(close(mcnemar_exact(7, 3), 0.343_75, 1e-12));
        // Ties and no discordant games: 1.
        assert_eq!(mcnemar_exact(4, 4), 1.0);
        assert_eq!(mcnemar_exact(0, 0), 1.0);
        // 4 against 5: 2 P(X <= 4), X ~ B(9, 1/2) = 2 * 256 / 512 = 1.
        assert_eq!(mcnemar_exact(4, 5), 1.0);
    }

    #[test]
    fn mcnemar_survives_large_counts() {
        // 1000 against 1100: close to the chi-square with continuity
        // correction, (|1000 - 1100| - 1)^2 / 2100 = 4.667, p = 0.0307.
        let p = mcnemar_exact(1000, 1100);
        assert!(close(p, 0.0307, 0.002), "{p}");
        // Hugely uneven: tiny but positive, no NaN.
        let p = mcnemar_exact(10, 100_000);
        assert!((0.0..1e-100).contains(&p), "{p}");
        // An odd total split as evenly as it can be: P(X <= 50000) = 1/2
        // for X ~ B(100001, 1/2), so p = 1 (to rounding).
        let p = mcnemar_exact(50_000, 50_001);
        assert!(close(p, 1.0, 1e-6), "{p}");
    }

    #[test]
    fn mcnemar_equals_a_brute_force_sum() {
        for n in 1..40u64 {
            for b in 0..=n {
                let c = n - b;
                let m = b.min(c);
                // Sum the binomial coefficients exactly in u128.
                let mut choose = vec![1u128; 1];
                for _ in 0..n {
                    let mut next = vec![1u128; choose.len() + 1];
                    for i in 1..choose.len() {
                        next[i] = choose[i - 1] + choose[i];
                    }
                    choose = next;
                }
                let m = usize::try_from(m).unwrap();
                let tail: u128 = choose[..=m].iter().sum();
                let power = i32::try_from(n).unwrap();
                let expected = (2.0 * tail as f64 / 2f64.powi(power)).min(1.0);
                let got = mcnemar_exact(b, c);
                assert!(close(got, expected, 1e-12), "{b} {c}: {got} {expected}");
            }
        }
    }

    #[test]
    fn percents_and_p_values_print_as_documented() {
        assert_eq!(percent(0.7222), "72.2");
        assert_eq!(percent(0.77585), "77.6");
        assert_eq!(percent(1.0), "100.0");
        assert_eq!(percent(0.0), "0.0");
        assert_eq!(p_value(0.0625), "= 0.0625");
        assert_eq!(p_value(0.00001), "< 0.0001");
    }
}
