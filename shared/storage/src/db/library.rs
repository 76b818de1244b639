//! The audio library's reads and writes on `tts_jobs`: the filtered, keyset-paged list
//! (one query shape per filter combination, so each runs on the index that fits it),
//! the stats, the trash, the permanent save and the expiry batches.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::{PgConnection, PgExecutor, Postgres, QueryBuilder};
use uuid::Uuid;

use crate::db::jobs::JobRow;
use domain::kinds::{ExportFormat, JobSource, JobStatus, ProviderId, SaveCategory, SortOrder, TrashView, VoiceType};

/// A position in a list: the last row of the previous page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cursor {
    pub created_at: DateTime<Utc>,
    pub id: Uuid,
}

/// What a library list asks for. Text filters are case-insensitive substrings.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub text: Option<String>,
    pub speaker: Option<String>,
    /// Matches audios in any of these categories (a category and its descendants).
    pub categories: Option<Vec<Uuid>>,
    pub tag: Option<Uuid>,
    pub source: Option<JobSource>,
    pub voice_type: Option<VoiceType>,
    pub voice: Option<Uuid>,
    pub status: Option<JobStatus>,
    pub trash: TrashView,
    /// Created in [from, to).
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

const JOB_COLUMNS: &str = "j.id, j.text, j.status, j.attempts, j.cost_cent, j.duration_seconds, j.error_message, j.created_at, \
     j.completed_at, j.voice_id, j.voice_name, j.voice_language, j.voice_type, j.voice_provider, j.audio_key, \
     j.source_type, j.expires_at, j.is_expired, j.saved_at, j.save_category, j.deleted_at, j.file_format";

/// `%`, `_` and `\` match themselves in a LIKE pattern.
fn like_pattern(needle: &str) -> String {
    let mut escaped = String::with_capacity(needle.len() + 2);
    escaped.push('%');
    for c in needle.chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped.push('%');
    escaped
}

fn push_filter(q: &mut QueryBuilder<Postgres>, user_id: Uuid, f: &Filter) {
    q.push(" FROM tts_jobs j WHERE j.source_type <> 'project' AND j.user_id = ").push_bind(user_id);
    match f.trash {
        TrashView::Active => q.push(" AND j.deleted_at IS NULL"),
        TrashView::Deleted => q.push(" AND j.deleted_at IS NOT NULL"),
        TrashView::All => q,
    };
    if let Some(text) = &f.text {
        q.push(" AND j.text ILIKE ").push_bind(like_pattern(text));
    }
    if let Some(speaker) = &f.speaker {
        q.push(" AND j.voice_name ILIKE ").push_bind(like_pattern(speaker));
    }
    if let Some(categories) = &f.categories {
        q.push(" AND j.id IN (SELECT ac.job_id FROM audio_categories ac WHERE ac.category_id = ANY(")
            .push_bind(categories.as_slice())
            .push("))");
    }
    if let Some(tag) = f.tag {
        q.push(" AND j.id IN (SELECT at.job_id FROM audio_tags at WHERE at.tag_id = ").push_bind(tag).push(")");
    }
    if let Some(source) = f.source {
        q.push(" AND j.source_type = ").push_bind(source.as_str());
    }
    if let Some(voice_type) = f.voice_type {
        q.push(" AND j.voice_type = ").push_bind(voice_type.as_str());
    }
    if let Some(voice) = f.voice {
        q.push(" AND j.voice_id = ").push_bind(voice);
    }
    if let Some(status) = f.status {
        q.push(" AND j.status = ").push_bind(status.as_str());
    }
    if let Some(from) = f.from {
        q.push(" AND j.created_at >= ").push_bind(from);
    }
    if let Some(to) = f.to {
        q.push(" AND j.created_at < ").push_bind(to);
    }
}

#[derive(sqlx::FromRow)]
struct ListedRow {
    id: Uuid,
    text: String,
    status: JobStatus,
    attempts: i32,
    cost_cent: i64,
    duration_seconds: Option<f64>,
    error_message: Option<String>,
    created_at: DateTime<Utc>,
    completed_at: Option<DateTime<Utc>>,
    voice_id: Option<Uuid>,
    voice_name: String,
    voice_language: String,
    voice_type: VoiceType,
    voice_provider: ProviderId,
    audio_key: Option<String>,
    source_type: JobSource,
    expires_at: Option<DateTime<Utc>>,
    is_expired: bool,
    saved_at: Option<DateTime<Utc>>,
    save_category: Option<SaveCategory>,
    deleted_at: Option<DateTime<Utc>>,
    file_format: ExportFormat,
}

impl From<ListedRow> for JobRow {
    fn from(r: ListedRow) -> Self {
        JobRow {
            id: r.id,
            text: r.text,
            status: r.status,
            attempts: r.attempts,
            cost_cent: r.cost_cent,
            duration_seconds: r.duration_seconds,
            error_message: r.error_message,
            created_at: r.created_at,
            completed_at: r.completed_at,
            voice_id: r.voice_id,
            voice_name: r.voice_name,
            voice_language: r.voice_language,
            voice_type: r.voice_type,
            voice_provider: r.voice_provider,
            audio_key: r.audio_key,
            source: r.source_type,
            expires_at: r.expires_at,
            is_expired: r.is_expired,
            saved_at: r.saved_at,
            save_category: r.save_category,
            deleted_at: r.deleted_at,
            file_format: r.file_format,
        }
    }
}

/// One page of a user's audios after `after`, in `order`. The statement is not kept
/// prepared: each run is planned with its own values (a generic plan cannot know that a
/// three-letter search is selective, and would not use the trigram index).
pub async fn list(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    filter: &Filter,
    order: SortOrder,
    after: Option<Cursor>,
    limit: i64,
) -> Result<Vec<JobRow>, sqlx::Error> {
    let mut q = QueryBuilder::new(format!("SELECT {JOB_COLUMNS}"));
    push_filter(&mut q, user_id, filter);
    let (cmp, dir) = match order {
        SortOrder::Newest => ("<", "DESC"),
        SortOrder::Oldest => (">", "ASC"),
    };
    if let Some(cursor) = after {
        q.push(format!(" AND (j.created_at, j.id) {cmp} ("))
            .push_bind(cursor.created_at)
            .push(", ")
            .push_bind(cursor.id)
            .push(")");
    }
    q.push(format!(" ORDER BY j.created_at {dir}, j.id {dir} LIMIT ")).push_bind(limit);
    let rows: Vec<ListedRow> = q.build_query_as().persistent(false).fetch_all(db).await?;
    Ok(rows.into_iter().map(JobRow::from).collect())
}

/// How many audios match (the list's heading).
pub async fn count(db: impl PgExecutor<'_>, user_id: Uuid, filter: &Filter) -> Result<i64, sqlx::Error> {
    let mut q = QueryBuilder::new("SELECT count(*)");
    push_filter(&mut q, user_id, filter);
    q.build_query_scalar().persistent(false).fetch_one(db).await
}

/// A category or tag on an audio of a page.
pub struct Label {
    pub job_id: Uuid,
    pub id: Uuid,
    pub name: String,
    pub parent_id: Option<Uuid>,
}

pub async fn categories_of(db: impl PgExecutor<'_>, job_ids: &[Uuid]) -> Result<Vec<Label>, sqlx::Error> {
    sqlx::query_as!(
        Label,
        r#"SELECT ac.job_id, c.id, c.name, c.parent_id
           FROM audio_categories ac JOIN categories c ON c.id = ac.category_id
           WHERE ac.job_id = ANY($1) ORDER BY lower(c.name)"#,
        job_ids
    )
    .fetch_all(db)
    .await
}

pub async fn tags_of(db: impl PgExecutor<'_>, job_ids: &[Uuid]) -> Result<Vec<Label>, sqlx::Error> {
    sqlx::query_as!(
        Label,
        r#"SELECT at.job_id, t.id, t.name, NULL::uuid AS parent_id
           FROM audio_tags at JOIN tags t ON t.id = at.tag_id
           WHERE at.job_id = ANY($1) ORDER BY lower(t.name)"#,
        job_ids
    )
    .fetch_all(db)
    .await
}

/// The figures of the dashboard and the knowledge base, in one round trip.
#[derive(Debug)]
pub struct Totals {
    pub audios: i64,
    pub active_audios: i64,
    pub completed_audios: i64,
    pub api_requests: i64,
    pub api_requests_today: i64,
    pub clone_audios: i64,
    pub cost_cent: i64,
}

/// Sums the user's per-day counters (kept by triggers on `tts_jobs`, see the migration
/// `library_counts`); `today` is a Berlin day, like the counters' days.
pub async fn totals(db: impl PgExecutor<'_>, user_id: Uuid, today: NaiveDate) -> Result<Totals, sqlx::Error> {
    sqlx::query_as!(
        Totals,
        r#"SELECT coalesce(sum(audios), 0)::bigint AS "audios!",
                  coalesce(sum(active_audios), 0)::bigint AS "active_audios!",
                  coalesce(sum(completed_audios), 0)::bigint AS "completed_audios!",
                  coalesce(sum(api_requests), 0)::bigint AS "api_requests!",
                  coalesce(sum(api_requests) FILTER (WHERE day = $2), 0)::bigint AS "api_requests_today!",
                  coalesce(sum(clone_audios), 0)::bigint AS "clone_audios!",
                  coalesce(sum(cost_cent), 0)::bigint AS "cost_cent!"
           FROM library_counts WHERE user_id = $1"#,
        user_id,
        today
    )
    .fetch_one(db)
    .await
}

#[derive(Debug)]
pub struct Day {
    pub day: NaiveDate,
    pub characters: i64,
    pub cost_cent: i64,
    pub api_requests: i64,
}

/// Characters and costs per Berlin day since `first_day`; days without audios are
/// missing.
pub async fn daily(db: impl PgExecutor<'_>, user_id: Uuid, first_day: NaiveDate) -> Result<Vec<Day>, sqlx::Error> {
    sqlx::query_as!(
        Day,
        r#"SELECT day, characters, cost_cent, api_requests FROM library_counts
           WHERE user_id = $1 AND day >= $2 ORDER BY day"#,
        user_id,
        first_day
    )
    .fetch_all(db)
    .await
}

/// Moves the user's audios to the trash (or back); returns the ids that changed.
pub async fn set_trashed(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    job_ids: &[Uuid],
    trashed: bool,
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"UPDATE tts_jobs SET deleted_at = CASE WHEN $3 THEN now() END
           WHERE user_id = $1 AND id = ANY($2) AND (deleted_at IS NULL) = $3
           RETURNING id"#,
        user_id,
        job_ids,
        trashed
    )
    .fetch_all(db)
    .await
}

/// Marks a completed, unexpired audio of the user as saved for good (it no longer
/// expires). `false` when it is not such an audio or already saved; the row lock makes a
/// second concurrent save wait and then find it saved.
pub async fn mark_saved(
    conn: &mut PgConnection,
    user_id: Uuid,
    job_id: Uuid,
    category: SaveCategory,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        r#"UPDATE tts_jobs SET saved_at = now(), save_category = $3, expires_at = NULL
           WHERE id = $1 AND user_id = $2 AND status = 'completed' AND NOT is_expired AND saved_at IS NULL"#,
        job_id,
        user_id,
        category as SaveCategory
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks the next batch of audios past their time (completed, not saved) expired, so
/// they can no longer be played or saved; returns how many. Their files go next
/// ([`expired_files`]).
pub async fn mark_expired(db: impl PgExecutor<'_>, limit: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!(
        r#"UPDATE tts_jobs SET is_expired = true
           WHERE id IN (SELECT id FROM tts_jobs
                        WHERE status = 'completed' AND NOT is_expired AND saved_at IS NULL AND expires_at <= now()
                        ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)"#,
        limit
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}

/// Expired audios whose file is still stored: (id, storage key).
pub async fn expired_files(db: impl PgExecutor<'_>, limit: i64) -> Result<Vec<(Uuid, String)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT id, audio_key AS "audio_key!" FROM tts_jobs WHERE is_expired AND audio_key IS NOT NULL LIMIT $1"#,
        limit
    )
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| (r.id, r.audio_key)).collect())
}

/// Records that these expired audios' files are deleted.
pub async fn forget_files(db: impl PgExecutor<'_>, job_ids: &[Uuid]) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE tts_jobs SET audio_key = NULL WHERE id = ANY($1) AND is_expired", job_ids).execute(db).await?;
    Ok(())
}

/// Deletes the user's trashed audios (all, or these) for good; returns their files.
pub async fn empty_trash(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    only: Option<&[Uuid]>,
) -> Result<Vec<Option<String>>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"DELETE FROM tts_jobs
           WHERE user_id = $1 AND deleted_at IS NOT NULL AND ($2::uuid[] IS NULL OR id = ANY($2))
             AND status IN ('completed', 'failed')
           RETURNING audio_key"#,
        user_id,
        only
    )
    .fetch_all(db)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_patterns_match_wildcards_literally() {
        assert_eq!(like_pattern("50%_a\\b"), "%50\\%\\_a\\\\b%");
        assert_eq!(like_pattern("Tag"), "%Tag%");
    }
}
