//! A project's publication details and cover (`project_publications`, one row per
//! project at most; none until the owner sets something).

use domain::publication::Publication;
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

#[derive(Debug, Clone, Default)]
pub struct PublicationRow {
    pub author: String,
    pub publisher: String,
    pub genre: String,
    pub year: Option<i32>,
    pub comment: String,
    pub cover_key: Option<String>,
    pub cover_type: Option<String>,
    pub cover_width: Option<i32>,
    pub cover_height: Option<i32>,
}

/// The project's details, if any were set. The caller has checked the project is theirs.
pub async fn get(db: impl PgExecutor<'_>, project_id: Uuid) -> Result<Option<PublicationRow>, sqlx::Error> {
    sqlx::query_as!(
        PublicationRow,
        "SELECT author, publisher, genre, year, comment, cover_key, cover_type, cover_width, cover_height
         FROM project_publications WHERE project_id = $1",
        project_id
    )
    .fetch_optional(db)
    .await
}

/// Sets the text details of one of `user_id`'s projects; false when it is not theirs.
pub async fn put_details(
    db: impl PgExecutor<'_>,
    project_id: Uuid,
    user_id: Uuid,
    details: &Publication,
) -> Result<bool, sqlx::Error> {
    let Publication { author, publisher, genre, year, comment } = details;
    let done = sqlx::query!(
        "INSERT INTO project_publications (project_id, author, publisher, genre, year, comment)
         SELECT p.id, $3, $4, $5, $6, $7 FROM projects p WHERE p.id = $1 AND p.user_id = $2
         ON CONFLICT (project_id) DO UPDATE SET author = $3, publisher = $4, genre = $5, year = $6, comment = $7,
             updated_at = now()",
        project_id,
        user_id,
        author,
        publisher,
        genre,
        *year,
        comment
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets (or with `None` removes) the cover of one of `user_id`'s projects; answers the
/// key of the cover it replaced. `None` when the project is not theirs. Under the
/// project's row lock, so two uploads at once each learn the cover they replaced (and
/// no file is left without its row).
pub async fn put_cover(
    tx: &mut PgConnection,
    project_id: Uuid,
    user_id: Uuid,
    cover: Option<(&str, &str, i32, i32)>,
) -> Result<Option<Option<String>>, sqlx::Error> {
    if super::projects::lock_project(&mut *tx, project_id, user_id).await?.is_none() {
        return Ok(None);
    }
    let replaced = sqlx::query_scalar!("SELECT cover_key FROM project_publications WHERE project_id = $1", project_id)
        .fetch_optional(&mut *tx)
        .await?
        .flatten();
    let (key, kind, width, height) = match cover {
        Some((key, kind, width, height)) => (Some(key), Some(kind), Some(width), Some(height)),
        None => (None, None, None, None),
    };
    sqlx::query!(
        "INSERT INTO project_publications (project_id, cover_key, cover_type, cover_width, cover_height)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (project_id) DO UPDATE SET cover_key = $2, cover_type = $3, cover_width = $4,
             cover_height = $5, updated_at = now()",
        project_id,
        key,
        kind,
        width,
        height
    )
    .execute(&mut *tx)
    .await?;
    Ok(Some(replaced))
}
