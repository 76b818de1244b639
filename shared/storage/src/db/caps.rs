//! The check behind every capped collection (`domain::caps`). A count read and then
//! acted on races: thirty parallel adds all read "9 of 10". `reserve` first takes a
//! transaction-scoped advisory lock on (collection, owner), so the adds of one owner
//! queue up; each then counts what the ones before it committed. Call it inside the
//! transaction that inserts, before the insert.

use sqlx::PgConnection;
use uuid::Uuid;

use domain::caps::Collection;

/// A full collection (the German refusal for the form) or the database's own error.
#[derive(Debug, thiserror::Error)]
pub enum CapError {
    #[error("{}", .0.message)]
    Full(domain::Invalid),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

type Result<T, E = CapError> = std::result::Result<T, E>;

/// Room for `adding` more rows of `collection` for `owner` (`None`: the global entries
/// admins keep), within `cap`; holds the owner's lock until the transaction ends.
pub async fn reserve_within(
    conn: &mut PgConnection,
    collection: Collection,
    owner: Option<Uuid>,
    adding: i64,
    cap: i64,
) -> Result<()> {
    let lock = format!("cap:{}:{}", collection.as_str(), owner.map_or_else(|| "global".to_owned(), |o| o.to_string()));
    sqlx::query!("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", lock).execute(&mut *conn).await?;
    let held = count(conn, collection, owner).await?;
    if held + adding > cap {
        return Err(CapError::Full(domain::Invalid {
            title: "Höchstzahl erreicht",
            message: collection.refusal(cap),
            fields: [(collection.field(), collection.refusal(cap))].into(),
        }));
    }
    Ok(())
}

/// [`reserve_within`] the collection's own cap.
pub async fn reserve(conn: &mut PgConnection, collection: Collection, owner: Option<Uuid>, adding: i64) -> Result<()> {
    reserve_within(conn, collection, owner, adding, collection.cap()).await
}

/// How many rows `owner` holds.
async fn count(conn: &mut PgConnection, collection: Collection, owner: Option<Uuid>) -> Result<i64, sqlx::Error> {
    match collection {
        Collection::DictionaryEntries => {
            sqlx::query_scalar!(
                r#"SELECT count(*) AS "n!" FROM pronunciation_entries
                   WHERE user_id = $1 OR ($1::uuid IS NULL AND user_id IS NULL)"#,
                owner
            )
            .fetch_one(conn)
            .await
        }
        Collection::Categories => {
            sqlx::query_scalar!(
                r#"SELECT count(*) AS "n!" FROM categories
                   WHERE CASE WHEN $1::uuid IS NULL THEN is_global ELSE user_id = $1 AND NOT is_global END"#,
                owner
            )
            .fetch_one(conn)
            .await
        }
        Collection::Tags => {
            sqlx::query_scalar!(
                r#"SELECT count(*) AS "n!" FROM tags
                   WHERE CASE WHEN $1::uuid IS NULL THEN is_global ELSE user_id = $1 AND NOT is_global END"#,
                owner
            )
            .fetch_one(conn)
            .await
        }
        Collection::ApiKeys => {
            sqlx::query_scalar!(
                r#"SELECT count(*) AS "n!" FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL"#,
                owner
            )
            .fetch_one(conn)
            .await
        }
        Collection::VoiceClones => {
            sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM voices WHERE owner_id = $1"#, owner)
                .fetch_one(conn)
                .await
        }
    }
}
