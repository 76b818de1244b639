//! Domain rules: parse-only newtypes, the closed sets of stored values, and pure
//! functions, tested beside their code.

pub mod caps;
pub mod chunks;
pub mod client_ip;
pub mod clone_ref;
pub mod dictionary;
pub mod email;
pub mod input;
pub mod ipa;
pub mod kinds;
pub mod markup;
pub mod money;
pub mod normalize;
pub mod password;
pub mod recording;
pub mod spoken;
pub mod text;
pub mod training;
