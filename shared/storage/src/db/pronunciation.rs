//! Pronunciation dictionary entries: a user's own and the global ones (user_id NULL).

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

#[derive(Debug, Clone)]
pub struct EntryRow {
    pub id: Uuid,
    pub user_id: Option<Uuid>,
    pub term: String,
    pub spoken: String,
    pub ipa: Option<String>,
    pub whole_word: bool,
    pub case_sensitive: bool,
    pub updated_at: DateTime<Utc>,
}

/// The user's entries and the global ones, the user's first, each by term.
pub async fn visible(db: impl PgExecutor<'_>, user_id: Option<Uuid>) -> Result<Vec<EntryRow>, sqlx::Error> {
    sqlx::query_as!(
        EntryRow,
        r#"SELECT id, user_id, term, spoken, ipa, whole_word, case_sensitive, updated_at
           FROM pronunciation_entries
           WHERE user_id IS NULL OR user_id = $1
           ORDER BY user_id IS NULL, lower(term)"#,
        user_id
    )
    .fetch_all(db)
    .await
}

pub struct NewEntry<'a> {
    /// `None`: a global entry (admins).
    pub user_id: Option<Uuid>,
    pub term: &'a str,
    pub spoken: &'a str,
    pub ipa: Option<&'a str>,
    pub whole_word: bool,
    pub case_sensitive: bool,
}

/// Adds an entry, or changes the one with the same term (case-insensitive) in its scope.
pub async fn upsert(db: impl PgExecutor<'_>, entry: &NewEntry<'_>) -> Result<EntryRow, sqlx::Error> {
    sqlx::query_as!(
        EntryRow,
        r#"WITH existing AS (
               UPDATE pronunciation_entries
               SET spoken = $3, ipa = $4, whole_word = $5, case_sensitive = $6, term = $2, updated_at = now()
               WHERE user_id IS NOT DISTINCT FROM $1 AND lower(term) = lower($2)
               RETURNING id, user_id, term, spoken, ipa, whole_word, case_sensitive, updated_at
           ), inserted AS (
               INSERT INTO pronunciation_entries (user_id, term, spoken, ipa, whole_word, case_sensitive)
               SELECT $1, $2, $3, $4, $5, $6 WHERE NOT EXISTS (SELECT 1 FROM existing)
               RETURNING id, user_id, term, spoken, ipa, whole_word, case_sensitive, updated_at
           )
           SELECT id AS "id!", user_id, term AS "term!", spoken AS "spoken!", ipa, whole_word AS "whole_word!",
                  case_sensitive AS "case_sensitive!", updated_at AS "updated_at!"
           FROM existing UNION ALL SELECT * FROM inserted"#,
        entry.user_id,
        entry.term,
        entry.spoken,
        entry.ipa,
        entry.whole_word,
        entry.case_sensitive,
    )
    .fetch_one(db)
    .await
}

/// Changes the entry `id` of the scope (`None`: a global one), unless another entry of
/// the scope has the new term already; `None` when it changed nothing.
pub async fn update(db: impl PgExecutor<'_>, id: Uuid, entry: &NewEntry<'_>) -> Result<Option<EntryRow>, sqlx::Error> {
    sqlx::query_as!(
        EntryRow,
        r#"UPDATE pronunciation_entries e
           SET term = $3, spoken = $4, ipa = $5, whole_word = $6, case_sensitive = $7, updated_at = now()
           WHERE e.id = $1 AND e.user_id IS NOT DISTINCT FROM $2
             AND NOT EXISTS (SELECT 1 FROM pronunciation_entries o
                             WHERE o.user_id IS NOT DISTINCT FROM $2 AND lower(o.term) = lower($3) AND o.id <> $1)
           RETURNING e.id, e.user_id, e.term, e.spoken, e.ipa, e.whole_word, e.case_sensitive, e.updated_at"#,
        id,
        entry.user_id,
        entry.term,
        entry.spoken,
        entry.ipa,
        entry.whole_word,
        entry.case_sensitive,
    )
    .fetch_optional(db)
    .await
}

/// One entry of the scope (`None`: a global one).
pub async fn get(db: impl PgExecutor<'_>, id: Uuid, user_id: Option<Uuid>) -> Result<Option<EntryRow>, sqlx::Error> {
    sqlx::query_as!(
        EntryRow,
        r#"SELECT id, user_id, term, spoken, ipa, whole_word, case_sensitive, updated_at
           FROM pronunciation_entries WHERE id = $1 AND user_id IS NOT DISTINCT FROM $2"#,
        id,
        user_id
    )
    .fetch_optional(db)
    .await
}

/// Whether the scope has an entry for `term` already (case-insensitively): saving it again
/// changes that entry and adds none.
pub async fn has_term(db: impl PgExecutor<'_>, user_id: Option<Uuid>, term: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM pronunciation_entries
             WHERE user_id IS NOT DISTINCT FROM $1 AND lower(term) = lower($2)) AS "found!""#,
        user_id,
        term
    )
    .fetch_one(db)
    .await
}

/// Deletes an entry in the given scope (`None`: a global one). False when there is none.
pub async fn delete(db: impl PgExecutor<'_>, id: Uuid, user_id: Option<Uuid>) -> Result<bool, sqlx::Error> {
    let result = sqlx::query!(
        "DELETE FROM pronunciation_entries WHERE id = $1 AND user_id IS NOT DISTINCT FROM $2",
        id,
        user_id
    )
    .execute(db)
    .await?;
    Ok(result.rows_affected() == 1)
}
