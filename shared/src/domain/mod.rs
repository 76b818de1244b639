//! Domain rules: parse-only newtypes and pure functions, tested beside their code.

pub mod chunks;
pub mod email;
pub mod money;
pub mod password;
pub mod text;
