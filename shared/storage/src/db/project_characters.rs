//! `project_characters`: a project's cast, whose quoted speech is read in their own voice.

use sqlx::PgExecutor;
use uuid::Uuid;

pub struct CharacterRow {
    pub id: Uuid,
    pub project_id: Uuid,
    pub name: String,
    /// None once the voice is gone (deleted, or a clone removed).
    pub voice_id: Option<Uuid>,
}

pub async fn list(db: impl PgExecutor<'_>, project_id: Uuid) -> Result<Vec<CharacterRow>, sqlx::Error> {
    sqlx::query_as!(
        CharacterRow,
        "SELECT id, project_id, name, voice_id FROM project_characters WHERE project_id = $1 ORDER BY created_at, id",
        project_id
    )
    .fetch_all(db)
    .await
}

/// Adds a character, within `max` per project (one statement: parallel adds cannot pass
/// it); `None` when the project has that many. A name taken already is a unique violation
/// of `project_characters_name`.
pub async fn insert(
    db: impl PgExecutor<'_>,
    project_id: Uuid,
    name: &str,
    voice_id: Uuid,
    max: i64,
) -> Result<Option<CharacterRow>, sqlx::Error> {
    sqlx::query_as!(
        CharacterRow,
        "INSERT INTO project_characters (project_id, name, voice_id)
         SELECT $1, $2, $3 WHERE (SELECT count(*) FROM project_characters WHERE project_id = $1) < $4
         RETURNING id, project_id, name, voice_id",
        project_id,
        name,
        voice_id,
        max
    )
    .fetch_optional(db)
    .await
}

/// Renames the character and/or gives it another voice; `None` when it is not the project's.
pub async fn update(
    db: impl PgExecutor<'_>,
    id: Uuid,
    project_id: Uuid,
    name: Option<&str>,
    voice_id: Option<Uuid>,
) -> Result<Option<CharacterRow>, sqlx::Error> {
    sqlx::query_as!(
        CharacterRow,
        "UPDATE project_characters SET name = coalesce($3, name), voice_id = coalesce($4, voice_id)
         WHERE id = $1 AND project_id = $2 RETURNING id, project_id, name, voice_id",
        id,
        project_id,
        name,
        voice_id
    )
    .fetch_optional(db)
    .await
}

/// Removes the character; its quotations are read by the narrator again (their
/// paragraphs turn stale).
pub async fn delete(db: impl PgExecutor<'_>, id: Uuid, project_id: Uuid) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!("DELETE FROM project_characters WHERE id = $1 AND project_id = $2", id, project_id)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}
