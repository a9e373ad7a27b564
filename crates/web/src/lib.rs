//! The web pages' own Rust: what the two game pages ask of the game engines.
