//! `categories` (a tree) and `tags`, and their assignment to audios. A user sees their
//! own and the global ones; the use cases check who may change which.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

/// Unique names per owner and parent (categories) and per owner (tags).
pub const CATEGORY_NAME_TAKEN: &str = "categories_scope_name_key";
pub const TAG_NAME_TAKEN: [&str; 2] = ["tags_user_name_key", "tags_global_name_key"];

#[derive(Debug, Clone)]
pub struct Category {
    pub id: Uuid,
    pub name: String,
    pub parent_id: Option<Uuid>,
    /// `None` for a global category.
    pub user_id: Option<Uuid>,
    pub is_global: bool,
    pub created_at: DateTime<Utc>,
    /// The viewer's audios (not in the trash) filed directly under it.
    pub audio_count: i64,
}

/// The categories `user_id` sees, with their audio counts for that user, by name.
pub async fn categories_visible_to(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<Vec<Category>, sqlx::Error> {
    sqlx::query_as!(
        Category,
        r#"SELECT c.id, c.name, c.parent_id, c.user_id, c.is_global, c.created_at,
                  (SELECT count(*) FROM audio_categories ac JOIN tts_jobs j ON j.id = ac.job_id
                   WHERE ac.category_id = c.id AND j.user_id = $1 AND j.deleted_at IS NULL) AS "audio_count!"
           FROM categories c WHERE c.user_id = $1 OR c.is_global
           ORDER BY lower(c.name), c.id"#,
        user_id
    )
    .fetch_all(db)
    .await
}

/// A category `user_id` may see.
pub async fn visible_category(
    db: impl PgExecutor<'_>,
    id: Uuid,
    user_id: Uuid,
) -> Result<Option<Category>, sqlx::Error> {
    sqlx::query_as!(
        Category,
        r#"SELECT id, name, parent_id, user_id, is_global, created_at, 0::bigint AS "audio_count!"
           FROM categories WHERE id = $1 AND (user_id = $2 OR is_global)"#,
        id,
        user_id
    )
    .fetch_optional(db)
    .await
}

/// The category and every category below it.
pub async fn subtree(db: impl PgExecutor<'_>, id: Uuid) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"WITH RECURSIVE sub AS (
               SELECT id FROM categories WHERE id = $1
               UNION SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
           SELECT id AS "id!" FROM sub"#,
        id
    )
    .fetch_all(db)
    .await
}

/// `owner`: `None` for a global category.
pub async fn insert_category(
    db: impl PgExecutor<'_>,
    name: &str,
    parent_id: Option<Uuid>,
    owner: Option<Uuid>,
) -> Result<Uuid, sqlx::Error> {
    sqlx::query_scalar!(
        "INSERT INTO categories (name, parent_id, user_id, is_global) VALUES ($1, $2, $3, $3::uuid IS NULL) RETURNING id",
        name,
        parent_id,
        owner
    )
    .fetch_one(db)
    .await
}

pub async fn update_category(
    db: impl PgExecutor<'_>,
    id: Uuid,
    name: &str,
    parent_id: Option<Uuid>,
) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE categories SET name = $2, parent_id = $3 WHERE id = $1", id, name, parent_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes a category; its children move up to its parent first. Returns how many moved.
pub async fn delete_category(conn: &mut PgConnection, id: Uuid) -> Result<u64, sqlx::Error> {
    let moved = sqlx::query!(
        "UPDATE categories SET parent_id = (SELECT parent_id FROM categories WHERE id = $1) WHERE parent_id = $1",
        id
    )
    .execute(&mut *conn)
    .await?
    .rows_affected();
    sqlx::query!("DELETE FROM categories WHERE id = $1", id).execute(conn).await?;
    Ok(moved)
}

/// How many categories sit directly below this one.
pub async fn child_count(db: impl PgExecutor<'_>, id: Uuid) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM categories WHERE parent_id = $1"#, id).fetch_one(db).await
}

#[derive(Debug, Clone)]
pub struct Tag {
    pub id: Uuid,
    pub name: String,
    pub user_id: Option<Uuid>,
    pub is_global: bool,
    pub created_at: DateTime<Utc>,
    pub audio_count: i64,
}

pub async fn tags_visible_to(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<Vec<Tag>, sqlx::Error> {
    sqlx::query_as!(
        Tag,
        r#"SELECT t.id, t.name, t.user_id, t.is_global, t.created_at,
                  (SELECT count(*) FROM audio_tags at JOIN tts_jobs j ON j.id = at.job_id
                   WHERE at.tag_id = t.id AND j.user_id = $1 AND j.deleted_at IS NULL) AS "audio_count!"
           FROM tags t WHERE t.user_id = $1 OR t.is_global
           ORDER BY lower(t.name), t.id"#,
        user_id
    )
    .fetch_all(db)
    .await
}

pub async fn visible_tag(db: impl PgExecutor<'_>, id: Uuid, user_id: Uuid) -> Result<Option<Tag>, sqlx::Error> {
    sqlx::query_as!(
        Tag,
        r#"SELECT id, name, user_id, is_global, created_at, 0::bigint AS "audio_count!"
           FROM tags WHERE id = $1 AND (user_id = $2 OR is_global)"#,
        id,
        user_id
    )
    .fetch_optional(db)
    .await
}

pub async fn insert_tag(db: impl PgExecutor<'_>, name: &str, owner: Option<Uuid>) -> Result<Uuid, sqlx::Error> {
    sqlx::query_scalar!(
        "INSERT INTO tags (name, user_id, is_global) VALUES ($1, $2, $2::uuid IS NULL) RETURNING id",
        name,
        owner
    )
    .fetch_one(db)
    .await
}

pub async fn rename_tag(db: impl PgExecutor<'_>, id: Uuid, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE tags SET name = $2 WHERE id = $1", id, name).execute(db).await?;
    Ok(())
}

pub async fn delete_tag(db: impl PgExecutor<'_>, id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!("DELETE FROM tags WHERE id = $1", id).execute(db).await?;
    Ok(())
}

/// How many of these names are no own or global tag of the user yet (those a call of
/// [`ensure_tags`] would create).
pub async fn unknown_tag_names(db: impl PgExecutor<'_>, user_id: Uuid, names: &[String]) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT count(DISTINCT lower(n)) AS "n!" FROM unnest($2::text[]) AS n
           WHERE NOT EXISTS (SELECT 1 FROM tags t WHERE lower(t.name) = lower(n) AND (t.user_id = $1 OR t.is_global))"#,
        user_id,
        names
    )
    .fetch_one(db)
    .await
}

/// The ids of these tag names for `user_id`: an existing own or global tag of the same
/// name (any case) is reused, the rest are created as the user's own.
pub async fn ensure_tags(conn: &mut PgConnection, user_id: Uuid, names: &[String]) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query!(
        r#"INSERT INTO tags (name, user_id)
           SELECT n, $1 FROM unnest($2::text[]) AS n
           WHERE NOT EXISTS (SELECT 1 FROM tags t WHERE lower(t.name) = lower(n) AND (t.user_id = $1 OR t.is_global))
           ON CONFLICT DO NOTHING"#,
        user_id,
        names
    )
    .execute(&mut *conn)
    .await?;
    // Own before global, so a name both have resolves to one tag.
    sqlx::query_scalar!(
        r#"SELECT DISTINCT ON (lower(t.name)) t.id AS "id!"
           FROM tags t JOIN unnest($2::text[]) AS n ON lower(t.name) = lower(n)
           WHERE t.user_id = $1 OR t.is_global
           ORDER BY lower(t.name), t.is_global, t.id"#,
        user_id,
        names
    )
    .fetch_all(conn)
    .await
}

/// Which of these audios belong to the user.
pub async fn own_jobs(db: impl PgExecutor<'_>, user_id: Uuid, job_ids: &[Uuid]) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!("SELECT id FROM tts_jobs WHERE user_id = $1 AND id = ANY($2)", user_id, job_ids)
        .fetch_all(db)
        .await
}

/// Files each audio under each category (already filed ones stay as they are).
pub async fn assign_categories(
    db: impl PgExecutor<'_>,
    job_ids: &[Uuid],
    category_ids: &[Uuid],
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"INSERT INTO audio_categories (job_id, category_id)
           SELECT j, c FROM unnest($1::uuid[]) AS j CROSS JOIN unnest($2::uuid[]) AS c
           ON CONFLICT DO NOTHING"#,
        job_ids,
        category_ids
    )
    .execute(db)
    .await?;
    Ok(())
}

pub async fn assign_tags(db: impl PgExecutor<'_>, job_ids: &[Uuid], tag_ids: &[Uuid]) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"INSERT INTO audio_tags (job_id, tag_id)
           SELECT j, t FROM unnest($1::uuid[]) AS j CROSS JOIN unnest($2::uuid[]) AS t
           ON CONFLICT DO NOTHING"#,
        job_ids,
        tag_ids
    )
    .execute(db)
    .await?;
    Ok(())
}

pub async fn unassign_category(db: impl PgExecutor<'_>, job_id: Uuid, category_id: Uuid) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!("DELETE FROM audio_categories WHERE job_id = $1 AND category_id = $2", job_id, category_id)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn unassign_tag(db: impl PgExecutor<'_>, job_id: Uuid, tag_id: Uuid) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query!("DELETE FROM audio_tags WHERE job_id = $1 AND tag_id = $2", job_id, tag_id).execute(db).await?;
    Ok(done.rows_affected() == 1)
}

pub async fn count_visible_categories(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM categories WHERE user_id = $1 OR is_global"#, user_id)
        .fetch_one(db)
        .await
}

pub async fn count_visible_tags(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM tags WHERE user_id = $1 OR is_global"#, user_id)
        .fetch_one(db)
        .await
}
