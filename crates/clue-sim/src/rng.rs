//! The seeded generator: SplitMix64, with Lemire's unbiased "uniform integer
//! below n" ([`SplitMix64::below`], [`SplitMix64::index`]), the one every
//! crate shares ([`judge_io::rng`], where it is written out and tested).
//! A seed names the same game on every platform and in every version.

pub use judge_io::rng::SplitMix64;
