//! Domain rules: parse-only newtypes, the closed sets of stored values, and pure
//! functions, tested beside their code.

pub mod chunks;
pub mod email;
pub mod input;
pub mod kinds;
pub mod money;
pub mod password;
pub mod recording;
pub mod text;
