//! Pronunciation dictionary entries: global ones (no user), a user's own, and a user's
//! entries for one project (`project_id`). Every query names its scope exactly: a user's
//! own entries never include their projects' entries.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

#[derive(Debug, Clone)]
pub struct EntryRow {
    pub id: Uuid,
    pub user_id: Option<Uuid>,
    pub project_id: Option<Uuid>,
    pub term: String,
    pub spoken: String,
    pub ipa: Option<String>,
    pub whole_word: bool,
    pub case_sensitive: bool,
    pub updated_at: DateTime<Utc>,
}

/// Which entries a query is about: global (no user), a user's own (no project), or a
/// user's entries for one project.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    pub user_id: Option<Uuid>,
    pub project_id: Option<Uuid>,
}

impl Scope {
    pub const GLOBAL: Scope = Scope { user_id: None, project_id: None };

    pub fn user(user_id: Uuid) -> Scope {
        Scope { user_id: Some(user_id), project_id: None }
    }
}

/// The entries that apply to a text of the user (in the project, if given): the project's
/// first, then the user's own, then the global ones, each by term.
pub async fn visible(
    db: impl PgExecutor<'_>,
    user_id: Option<Uuid>,
    project_id: Option<Uuid>,
) -> Result<Vec<EntryRow>, sqlx::Error> {
    sqlx::query_as!(
        EntryRow,
        r#"SELECT id, user_id, project_id, term, spoken, ipa, whole_word, case_sensitive, updated_at
           FROM pronunciation_entries
           WHERE user_id IS NULL OR (user_id = $1 AND (project_id IS NULL OR project_id = $2))
           ORDER BY project_id IS NULL, user_id IS NULL, lower(term)"#,
        user_id,
        project_id
    )
    .fetch_all(db)
    .await
}

/// The entries of exactly one scope, by term.
pub async fn of_scope(db: impl PgExecutor<'_>, scope: Scope) -> Result<Vec<EntryRow>, sqlx::Error> {
    sqlx::query_as!(
        EntryRow,
        r#"SELECT id, user_id, project_id, term, spoken, ipa, whole_word, case_sensitive, updated_at
           FROM pronunciation_entries
           WHERE user_id IS NOT DISTINCT FROM $1 AND project_id IS NOT DISTINCT FROM $2
           ORDER BY lower(term)"#,
        scope.user_id,
        scope.project_id
    )
    .fetch_all(db)
    .await
}

pub struct NewEntry<'a> {
    pub scope: Scope,
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
               WHERE user_id IS NOT DISTINCT FROM $1 AND project_id IS NOT DISTINCT FROM $7 AND lower(term) = lower($2)
               RETURNING id, user_id, project_id, term, spoken, ipa, whole_word, case_sensitive, updated_at
           ), inserted AS (
               INSERT INTO pronunciation_entries (user_id, term, spoken, ipa, whole_word, case_sensitive, project_id)
               SELECT $1, $2, $3, $4, $5, $6, $7 WHERE NOT EXISTS (SELECT 1 FROM existing)
               RETURNING id, user_id, project_id, term, spoken, ipa, whole_word, case_sensitive, updated_at
           )
           SELECT id AS "id!", user_id, project_id, term AS "term!", spoken AS "spoken!", ipa, whole_word AS "whole_word!",
                  case_sensitive AS "case_sensitive!", updated_at AS "updated_at!"
           FROM existing UNION ALL SELECT * FROM inserted"#,
        entry.scope.user_id,
        entry.term,
        entry.spoken,
        entry.ipa,
        entry.whole_word,
        entry.case_sensitive,
        entry.scope.project_id,
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
           WHERE e.id = $1 AND e.user_id IS NOT DISTINCT FROM $2 AND e.project_id IS NOT DISTINCT FROM $8
             AND NOT EXISTS (SELECT 1 FROM pronunciation_entries o
                             WHERE o.user_id IS NOT DISTINCT FROM $2 AND o.project_id IS NOT DISTINCT FROM $8
                               AND lower(o.term) = lower($3) AND o.id <> $1)
           RETURNING e.id, e.user_id, e.project_id, e.term, e.spoken, e.ipa, e.whole_word, e.case_sensitive,
                     e.updated_at"#,
        id,
        entry.scope.user_id,
        entry.term,
        entry.spoken,
        entry.ipa,
        entry.whole_word,
        entry.case_sensitive,
        entry.scope.project_id,
    )
    .fetch_optional(db)
    .await
}

/// One entry of the scope (`None`: a global one).
pub async fn get(db: impl PgExecutor<'_>, id: Uuid, scope: Scope) -> Result<Option<EntryRow>, sqlx::Error> {
    sqlx::query_as!(
        EntryRow,
        r#"SELECT id, user_id, project_id, term, spoken, ipa, whole_word, case_sensitive, updated_at
           FROM pronunciation_entries
           WHERE id = $1 AND user_id IS NOT DISTINCT FROM $2 AND project_id IS NOT DISTINCT FROM $3"#,
        id,
        scope.user_id,
        scope.project_id
    )
    .fetch_optional(db)
    .await
}

/// Whether the scope has an entry for `term` already (case-insensitively): saving it again
/// changes that entry and adds none.
pub async fn has_term(db: impl PgExecutor<'_>, scope: Scope, term: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM pronunciation_entries
             WHERE user_id IS NOT DISTINCT FROM $1 AND project_id IS NOT DISTINCT FROM $3
               AND lower(term) = lower($2)) AS "found!""#,
        scope.user_id,
        term,
        scope.project_id
    )
    .fetch_one(db)
    .await
}

/// Deletes an entry in the given scope (`None`: a global one). False when there is none.
pub async fn delete(db: impl PgExecutor<'_>, id: Uuid, scope: Scope) -> Result<Option<EntryRow>, sqlx::Error> {
    sqlx::query_as!(
        EntryRow,
        "DELETE FROM pronunciation_entries
         WHERE id = $1 AND user_id IS NOT DISTINCT FROM $2 AND project_id IS NOT DISTINCT FROM $3
         RETURNING id, user_id, project_id, term, spoken, ipa, whole_word, case_sensitive, updated_at",
        id,
        scope.user_id,
        scope.project_id
    )
    .fetch_optional(db)
    .await
}
