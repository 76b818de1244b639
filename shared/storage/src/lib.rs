//! Where Stimmwerk keeps things, one module per store: `db` (Postgres; SQL next to the
//! function that runs it, `db::ledger` the only door to money), `files` (audio and
//! recordings on this machine's disk or in an S3 bucket) and `queue` (job ids on Redis
//! for the workers). Each module carries the settings it is opened with; `shared::config`
//! composes them. Nothing here knows a use case, an engine or HTTP.

pub mod db;
pub mod files;
pub mod queue;
