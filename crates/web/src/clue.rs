//! The clue page's requests (being written: see crates/web/README.md).

use std::io::Read;

use judge_io::{Error, Input};

/// A request of the clue page.
#[derive(Debug)]
pub struct Request;

/// Reads a request.
pub fn read<R: Read>(_input: &mut Input<R>) -> Result<Request, Error> {
    Err(Error::usage("--clue is not built yet"))
}

/// Answers a request as one JSON object.
pub fn answer(_request: &Request) -> Result<String, Error> {
    Err(Error::usage("--clue is not built yet"))
}
