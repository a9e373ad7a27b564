//! Every judge-data case of this problem, run through the real binary.
#[test]
fn every_judge_data_case_passes() {
    judge_tools::assert_judge_data_passes(env!("CARGO_PKG_NAME"), env!("CARGO_BIN_EXE_clue-sim"));
}
