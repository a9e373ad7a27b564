//! The river page's requests (being written: see crates/web/README.md).

use std::io::Read;

use judge_io::{Error, Input};

/// A request of the river page.
#[derive(Debug)]
pub struct Request;

/// Reads a request.
pub fn read<R: Read>(_input: &mut Input<R>) -> Result<Request, Error> {
    Err(Error::usage("--river is not built yet"))
}

/// Answers a request as one JSON object.
pub fn answer(_request: &Request) -> Result<String, Error> {
    Err(Error::usage("--river is not built yet"))
}
