//! The seeded generator: SplitMix64, with Lemire's unbiased "uniform integer
//! below n". Written out here, not taken from a crate, so that a seed names
//! the same game on every platform and in every version.

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014; the version in Vigna's `splitmix64.c`).
///
/// The state is one `u64`. Each output adds the golden-ratio increment
/// `0x9E37_79B9_7F4A_7C15` to the state (wrapping) and returns the state
/// passed through the finaliser
/// `z = (z ^ (z >> 30)) * 0xBF58_476D_1CE4_E5B9; z = (z ^ (z >> 27)) *
/// 0x94D0_49BB_1331_11EB; z ^ (z >> 31)` (multiplications wrapping).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose state is `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n`, by Lemire's method ("Fast random integer
    /// generation in an interval", 2019): take `x = next_u64()` and the
    /// 128-bit product `m = x * n`; if the low 64 bits of `m` are below
    /// `2^64 mod n`, draw again; otherwise the answer is the high 64 bits of
    /// `m`. (The threshold is computed only when the low bits are below `n`,
    /// as in the paper; that changes no result.) Every value is exactly
    /// equally likely.
    ///
    /// # Panics
    ///
    /// If `n` is 0 (an internal invariant: callers always have a choice).
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0) has no answer");
        loop {
            let product = u128::from(self.next_u64()) * u128::from(n);
            #[allow(clippy::cast_possible_truncation)] // the low 64 bits, on purpose
            let low = product as u64;
            if low < n {
                let threshold = n.wrapping_neg() % n;
                if low < threshold {
                    continue;
                }
            }
            #[allow(clippy::cast_possible_truncation)] // below n, which is a u64
            return (product >> 64) as u64;
        }
    }

    /// A uniform index in `0..n` (see [`below`](Self::below)).
    pub fn index(&mut self, n: usize) -> usize {
        // usize is at most 64 bits on every platform Rust supports, so both
        // conversions are exact.
        let value = self.below(n as u64);
        usize::try_from(value).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_outputs() {
        // The first outputs of the reference splitmix64.c for seed 1234567.
        let mut rng = SplitMix64::new(1_234_567);
        let expected = [
            6_457_827_717_110_365_317,
            3_203_168_211_198_807_973,
            9_817_491_932_198_370_423,
            4_593_380_528_125_082_431,
            16_408_922_859_458_223_821,
        ];
        for value in expected {
            assert_eq!(rng.next_u64(), value);
        }
    }

    #[test]
    #[allow(clippy::cast_possible_truncation)] // small test values
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = SplitMix64::new(7);
        for n in 1..=40u64 {
            let mut seen = vec![false; n as usize];
            for _ in 0..2000 {
                let value = rng.below(n);
                assert!(value < n);
                seen[value as usize] = true;
            }
            assert!(seen.iter().all(|&s| s), "n = {n}");
        }
        assert!(rng.below(u64::MAX) < u64::MAX);
    }

    #[test]
    #[allow(clippy::cast_possible_truncation)] // the halves of a product, on purpose
    fn below_is_the_high_half_of_the_product_when_not_rejected() {
        let mut reference = SplitMix64::new(99);
        let mut rng = SplitMix64::new(99);
        for _ in 0..100 {
            let x = reference.next_u64();
            let expected = ((u128::from(x) * 6) >> 64) as u64;
            assert_eq!(rng.below(6), expected);
        }
    }

    #[test]
    #[allow(clippy::cast_possible_truncation)] // the halves of a product, on purpose
    fn below_rejects_the_biased_low_products() {
        // With n = 2^63 + 1 the threshold 2^64 mod n is 2^63 - 1, so about
        // half of all draws are rejected; the result must still be in range
        // and must equal the high half of the first accepted product.
        let n = (1u64 << 63) + 1;
        let threshold = n.wrapping_neg() % n;
        let mut reference = SplitMix64::new(5);
        let mut rng = SplitMix64::new(5);
        for _ in 0..200 {
            let expected = loop {
                let product = u128::from(reference.next_u64()) * u128::from(n);
                if (product as u64) >= threshold {
                    break (product >> 64) as u64;
                }
            };
            assert_eq!(rng.below(n), expected);
        }
    }
}
