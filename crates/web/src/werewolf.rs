//! The werewolf page's requests (`werewolf.html`): filled in by its branch.

use std::io::Read;

use judge_io::{Error, Input};

/// A request of the page, read but not yet answered.
#[derive(Debug)]
pub struct Request;

/// Reads a request.
pub fn read<R: Read>(_input: &mut Input<R>) -> Result<Request, Error> {
    Err(Error::input("not built yet"))
}

/// The answer to `request`, one JSON object on one line.
pub fn answer(_request: &Request) -> Result<String, Error> {
    Err(Error::input("not built yet"))
}
