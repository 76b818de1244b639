//! `projects`, `project_chapters`, `project_paragraphs`: long-form manuscripts. Every read
//! names the owner (or goes through a row that did), so another user's ids find nothing.

use chrono::{DateTime, Utc};
use domain::kinds::JobStatus;
use domain::money::CHARS_PER_CENT;
use domain::project::Delivery;
use domain::timed_text::TimedText;
use sqlx::types::Json;
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

pub struct ProjectRow {
    pub id: Uuid,
    pub user_id: Uuid,
    pub title: String,
    pub voice_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The dictionary (its fingerprint) the paragraphs' `terms_now` were worked out for.
    pub dictionary_seen: Option<String>,
}

/// A project as the list shows it.
pub struct SummaryRow {
    pub id: Uuid,
    pub title: String,
    pub voice_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub chapter_count: i64,
    pub paragraph_count: i64,
    pub done_paragraphs: i64,
    pub characters: i64,
    /// What rendering every paragraph costs, each charged on its own (as `cost_of` does).
    pub cost_cent: i64,
}

pub struct ChapterRow {
    pub id: Uuid,
    pub project_id: Uuid,
    pub position: i32,
    pub title: String,
    pub voice_id: Option<Uuid>,
    pub audio_key: Option<String>,
    pub duration_seconds: Option<f64>,
    pub audio_hash: Option<String>,
    /// Silence after the chapter (in its joined audio).
    pub pause_after_ms: i32,
}

/// What decides a paragraph's state and cost, without its text.
pub struct ParagraphFacts {
    pub id: Uuid,
    pub chapter_id: Uuid,
    pub position: i32,
    pub characters: i32,
    pub text_hash: String,
    pub voice_id: Option<Uuid>,
    pub job_id: Option<Uuid>,
    pub job_hash: Option<String>,
    /// What its audio was made from: the text's hash, the voice, the dictionary's
    /// fingerprint (kept since the render; `None` for paragraphs rendered before).
    pub job_text_hash: Option<String>,
    pub job_voice_id: Option<Uuid>,
    pub job_dictionary: Option<String>,
    /// What of the delivery (speed, pitch, cast voices) its audio was made with.
    pub job_sound: Option<String>,
    /// The dictionary entries its audio was read with (`domain::project::terms_fingerprint`).
    pub job_terms: Option<String>,
    /// The entries its text matches now.
    pub terms_now: Option<String>,
    pub delivery: Json<Delivery>,
    /// The character (or none: the narrator) cast for each quotation of its text, in order.
    pub casting: Json<Vec<Option<Uuid>>>,
    pub job_status: Option<JobStatus>,
    pub job_error: Option<String>,
}

pub struct ParagraphRow {
    pub facts: ParagraphFacts,
    pub text: String,
}

/// A request's Idempotency-Key with the fingerprint of what it asked for.
pub struct Idempotency<'a> {
    pub key: &'a str,
    pub fingerprint: &'a str,
}

pub async fn insert_project(
    conn: &mut PgConnection,
    user_id: Uuid,
    title: &str,
    voice_id: Uuid,
    idempotency: Option<&Idempotency<'_>>,
) -> Result<Uuid, sqlx::Error> {
    sqlx::query_scalar!(
        "INSERT INTO projects (user_id, title, voice_id, idempotency_key, request_fingerprint)
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
        user_id,
        title,
        voice_id,
        idempotency.map(|i| i.key),
        idempotency.map(|i| i.fingerprint)
    )
    .fetch_one(conn)
    .await
}

/// The project made earlier with this Idempotency-Key, with its request's fingerprint.
pub async fn find_by_idempotency_key(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    key: &str,
) -> Result<Option<(Uuid, Option<String>)>, sqlx::Error> {
    let row = sqlx::query!(
        "SELECT id, request_fingerprint FROM projects WHERE user_id = $1 AND idempotency_key = $2",
        user_id,
        key
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| (r.id, r.request_fingerprint)))
}

pub async fn insert_chapter(
    conn: &mut PgConnection,
    project_id: Uuid,
    position: i32,
    title: &str,
    voice_id: Option<Uuid>,
) -> Result<Uuid, sqlx::Error> {
    sqlx::query_scalar!(
        "INSERT INTO project_chapters (project_id, position, title, voice_id) VALUES ($1, $2, $3, $4) RETURNING id",
        project_id,
        position,
        title,
        voice_id
    )
    .fetch_one(conn)
    .await
}

/// The chapter's paragraphs in order, in one statement.
pub async fn insert_paragraphs(
    conn: &mut PgConnection,
    chapter_id: Uuid,
    texts: &[String],
    characters: &[i32],
    text_hashes: &[String],
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"INSERT INTO project_paragraphs (chapter_id, position, text, characters, text_hash)
           SELECT $1, (p.n - 1)::int, p.text, p.characters, p.hash
           FROM unnest($2::text[], $3::int[], $4::text[]) WITH ORDINALITY AS p(text, characters, hash, n)"#,
        chapter_id,
        texts,
        characters,
        text_hashes
    )
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn list(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<Vec<SummaryRow>, sqlx::Error> {
    sqlx::query_as!(
        SummaryRow,
        r#"SELECT p.id, p.title, p.voice_id, p.created_at, p.updated_at,
                  (SELECT count(*) FROM project_chapters c WHERE c.project_id = p.id) AS "chapter_count!",
                  count(pp.id) AS "paragraph_count!",
                  count(pp.id) FILTER (WHERE j.status = 'completed') AS "done_paragraphs!",
                  coalesce(sum(pp.characters), 0)::bigint AS "characters!",
                  coalesce(sum(greatest(1, (pp.characters + $2 - 1) / $2)), 0)::bigint AS "cost_cent!"
           FROM projects p
           LEFT JOIN project_chapters c ON c.project_id = p.id
           LEFT JOIN project_paragraphs pp ON pp.chapter_id = c.id
           LEFT JOIN tts_jobs j ON j.id = pp.job_id
           WHERE p.user_id = $1
           GROUP BY p.id
           ORDER BY p.created_at DESC
           LIMIT 500"#,
        user_id,
        CHARS_PER_CENT as i32
    )
    .fetch_all(db)
    .await
}

/// Holds the owner's row for this transaction: a count checked then acted on (the
/// per-account cap) cannot be passed by parallel requests.
pub async fn lock_owner(conn: &mut PgConnection, user_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!("SELECT id FROM users WHERE id = $1 FOR UPDATE", user_id).fetch_optional(conn).await?;
    Ok(())
}

pub async fn count_for_user(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM projects WHERE user_id = $1"#, user_id).fetch_one(db).await
}

/// The user's project, locked for this transaction: changes to its chapters' order run one
/// after the other. None when it is not the user's.
pub async fn lock_project(conn: &mut PgConnection, id: Uuid, user_id: Uuid) -> Result<Option<ProjectRow>, sqlx::Error> {
    sqlx::query_as!(
        ProjectRow,
        "SELECT id, user_id, title, voice_id, created_at, updated_at, dictionary_seen FROM projects
         WHERE id = $1 AND user_id = $2 FOR UPDATE",
        id,
        user_id
    )
    .fetch_optional(conn)
    .await
}

pub async fn count_chapters(db: impl PgExecutor<'_>, project_id: Uuid) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM project_chapters WHERE project_id = $1"#, project_id)
        .fetch_one(db)
        .await
}

/// Where the positions of chapters being moved wait between the two steps of a move: above
/// any real position (a project has at most 500 chapters).
const PARKED: i32 = 1_000_000;

/// Moves every chapter after `after` by `by` places (+1 opens a gap behind `after`, -1
/// closes the one a deleted chapter left). Two statements: Postgres checks the unique
/// (project, position) row by row, so the moved chapters are parked out of the way first.
pub async fn move_chapters_after(
    conn: &mut PgConnection,
    project_id: Uuid,
    after: i32,
    by: i32,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE project_chapters SET position = position + $3 WHERE project_id = $1 AND position > $2",
        project_id,
        after,
        PARKED
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!(
        "UPDATE project_chapters SET position = position - $2 + $3 WHERE project_id = $1 AND position >= $2",
        project_id,
        PARKED,
        by
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The chapter at `position` of the project, locked for this transaction (as renders and
/// joins lock it): read under the lock, it is as the change will leave it.
pub async fn lock_chapter_at(
    conn: &mut PgConnection,
    project_id: Uuid,
    position: i32,
) -> Result<Option<ChapterRow>, sqlx::Error> {
    sqlx::query_as!(
        ChapterRow,
        "SELECT id, project_id, position, title, voice_id, audio_key, duration_seconds, audio_hash, pause_after_ms
         FROM project_chapters WHERE project_id = $1 AND position = $2 FOR UPDATE",
        project_id,
        position
    )
    .fetch_optional(conn)
    .await
}

/// Where a paragraph of the project sits.
pub struct ParagraphPlace {
    pub chapter_position: i32,
    /// Its position in its chapter.
    pub position: i32,
}

pub async fn paragraph_place(
    db: impl PgExecutor<'_>,
    paragraph_id: Uuid,
    project_id: Uuid,
) -> Result<Option<ParagraphPlace>, sqlx::Error> {
    sqlx::query_as!(
        ParagraphPlace,
        "SELECT c.position AS chapter_position, pp.position
         FROM project_paragraphs pp JOIN project_chapters c ON c.id = pp.chapter_id
         WHERE pp.id = $1 AND c.project_id = $2",
        paragraph_id,
        project_id
    )
    .fetch_optional(db)
    .await
}

/// Moves the paragraphs of `from` at `position` and after into the empty chapter `to`,
/// keeping their order and everything they carry (text, voice, job, hash), from place 0.
pub async fn move_paragraphs_from(
    conn: &mut PgConnection,
    from: Uuid,
    position: i32,
    to: Uuid,
) -> Result<u64, sqlx::Error> {
    let moved = sqlx::query!(
        "UPDATE project_paragraphs SET chapter_id = $3, position = position - $2
         WHERE chapter_id = $1 AND position >= $2",
        from,
        position,
        to
    )
    .execute(conn)
    .await?;
    Ok(moved.rows_affected())
}

/// Appends every paragraph of `from` to `to`, in order, with what they carry; those
/// without their own voice get `keep_voice` when given (see
/// `domain::project::voice_to_keep_when_merged`).
pub async fn append_paragraphs(
    conn: &mut PgConnection,
    from: Uuid,
    to: Uuid,
    keep_voice: Option<Uuid>,
) -> Result<u64, sqlx::Error> {
    let moved = sqlx::query!(
        "UPDATE project_paragraphs
         SET chapter_id = $2, voice_id = coalesce(voice_id, $3),
             position = position + (SELECT coalesce(max(position) + 1, 0) FROM project_paragraphs WHERE chapter_id = $2)
         WHERE chapter_id = $1",
        from,
        to,
        keep_voice
    )
    .execute(conn)
    .await?;
    Ok(moved.rows_affected())
}

/// Deletes an (emptied) chapter; answers its joined audio's key, for the caller to remove.
pub async fn delete_chapter(conn: &mut PgConnection, chapter_id: Uuid) -> Result<Option<String>, sqlx::Error> {
    let key = sqlx::query_scalar!("DELETE FROM project_chapters WHERE id = $1 RETURNING audio_key", chapter_id)
        .fetch_optional(conn)
        .await?;
    Ok(key.flatten())
}

pub async fn get(db: impl PgExecutor<'_>, id: Uuid, user_id: Uuid) -> Result<Option<ProjectRow>, sqlx::Error> {
    sqlx::query_as!(
        ProjectRow,
        "SELECT id, user_id, title, voice_id, created_at, updated_at, dictionary_seen FROM projects WHERE id = $1 AND user_id = $2",
        id,
        user_id
    )
    .fetch_optional(db)
    .await
}

/// Changes the title and/or voice; false when the project is not the user's.
pub async fn update(
    db: impl PgExecutor<'_>,
    id: Uuid,
    user_id: Uuid,
    title: Option<&str>,
    voice_id: Option<Uuid>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "UPDATE projects SET title = coalesce($3, title), voice_id = coalesce($4, voice_id), updated_at = now()
         WHERE id = $1 AND user_id = $2",
        id,
        user_id,
        title,
        voice_id
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// What deleting a project leaves to clean up: its paragraph jobs and stored files.
pub struct Deleted {
    pub job_ids: Vec<Uuid>,
    pub keys: Vec<String>,
}

/// Deletes the project with its chapters, paragraphs and exports, and the exports' audios
/// in the library (the paragraph jobs are the caller's to delete: unfinished ones are
/// refunded).
pub async fn delete(conn: &mut PgConnection, id: Uuid, user_id: Uuid) -> Result<Option<Deleted>, sqlx::Error> {
    if lock_project(&mut *conn, id, user_id).await?.is_none() {
        return Ok(None);
    }
    let job_ids = sqlx::query_scalar!(
        r#"SELECT t.job_id AS "job_id!" FROM project_takes t JOIN project_paragraphs pp ON pp.id = t.paragraph_id
           JOIN project_chapters c ON c.id = pp.chapter_id WHERE c.project_id = $1
           UNION
           SELECT pp.job_id FROM project_paragraphs pp JOIN project_chapters c ON c.id = pp.chapter_id
           WHERE c.project_id = $1 AND pp.job_id IS NOT NULL"#,
        id
    )
    .fetch_all(&mut *conn)
    .await?;
    let keys = sqlx::query_scalar!(
        r#"SELECT audio_key AS "key!" FROM project_chapters WHERE project_id = $1 AND audio_key IS NOT NULL
           UNION ALL
           SELECT storage_key FROM project_exports WHERE project_id = $1 AND storage_key IS NOT NULL
           UNION ALL
           SELECT cover_key FROM project_publications WHERE project_id = $1 AND cover_key IS NOT NULL"#,
        id
    )
    .fetch_all(&mut *conn)
    .await?;
    // The exports' audios in the library go with them (their files are among `keys`).
    sqlx::query!("DELETE FROM tts_jobs WHERE id IN (SELECT job_id FROM project_exports WHERE project_id = $1)", id)
        .execute(&mut *conn)
        .await?;
    sqlx::query!("DELETE FROM projects WHERE id = $1", id).execute(&mut *conn).await?;
    Ok(Some(Deleted { job_ids, keys }))
}

pub async fn chapters(db: impl PgExecutor<'_>, project_id: Uuid) -> Result<Vec<ChapterRow>, sqlx::Error> {
    sqlx::query_as!(
        ChapterRow,
        "SELECT id, project_id, position, title, voice_id, audio_key, duration_seconds, audio_hash, pause_after_ms
         FROM project_chapters WHERE project_id = $1 ORDER BY position",
        project_id
    )
    .fetch_all(db)
    .await
}

/// One chapter of one of the user's projects.
pub async fn chapter(
    db: impl PgExecutor<'_>,
    chapter_id: Uuid,
    project_id: Uuid,
    user_id: Uuid,
) -> Result<Option<ChapterRow>, sqlx::Error> {
    sqlx::query_as!(
        ChapterRow,
        "SELECT c.id, c.project_id, c.position, c.title, c.voice_id, c.audio_key, c.duration_seconds, c.audio_hash,
                c.pause_after_ms
         FROM project_chapters c JOIN projects p ON p.id = c.project_id
         WHERE c.id = $1 AND c.project_id = $2 AND p.user_id = $3",
        chapter_id,
        project_id,
        user_id
    )
    .fetch_optional(db)
    .await
}

/// A chapter with its project, whoever owns it (the worker's view).
pub async fn chapter_with_project(
    db: impl PgExecutor<'_>,
    chapter_id: Uuid,
) -> Result<Option<(ChapterRow, ProjectRow)>, sqlx::Error> {
    let row = sqlx::query!(
        "SELECT c.id, c.project_id, c.position, c.title, c.voice_id, c.audio_key, c.duration_seconds, c.audio_hash,
                p.user_id, p.title AS project_title, p.voice_id AS project_voice, p.created_at, p.updated_at,
                p.dictionary_seen, c.pause_after_ms
         FROM project_chapters c JOIN projects p ON p.id = c.project_id WHERE c.id = $1",
        chapter_id
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| {
        let project = ProjectRow {
            id: r.project_id,
            user_id: r.user_id,
            title: r.project_title,
            voice_id: r.project_voice,
            created_at: r.created_at,
            updated_at: r.updated_at,
            dictionary_seen: r.dictionary_seen,
        };
        let chapter = ChapterRow {
            id: r.id,
            project_id: r.project_id,
            position: r.position,
            title: r.title,
            voice_id: r.voice_id,
            audio_key: r.audio_key,
            duration_seconds: r.duration_seconds,
            audio_hash: r.audio_hash,
            pause_after_ms: r.pause_after_ms,
        };
        (chapter, project)
    }))
}

/// Takes the chapter's lock for this transaction: two renders of one chapter run one after
/// the other, so the second finds nothing stale and charges nothing.
pub async fn lock_chapter(conn: &mut PgConnection, chapter_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!("SELECT id FROM project_chapters WHERE id = $1 FOR UPDATE", chapter_id).fetch_optional(conn).await?;
    Ok(())
}

pub async fn update_chapter(
    db: impl PgExecutor<'_>,
    chapter_id: Uuid,
    title: Option<&str>,
    voice_id: Option<Option<Uuid>>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE project_chapters SET title = coalesce($2, title),
                voice_id = CASE WHEN $3 THEN $4 ELSE voice_id END
         WHERE id = $1",
        chapter_id,
        title,
        voice_id.is_some(),
        voice_id.flatten()
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Every paragraph of the project, without texts, in chapter and paragraph order.
pub async fn facts(db: impl PgExecutor<'_>, project_id: Uuid) -> Result<Vec<ParagraphFacts>, sqlx::Error> {
    sqlx::query_as!(
        ParagraphFacts,
        r#"SELECT pp.id, pp.chapter_id, pp.position, pp.characters, pp.text_hash, pp.voice_id, pp.job_id, pp.job_hash,
                  pp.job_text_hash, pp.job_voice_id, pp.job_dictionary, pp.job_sound, pp.job_terms, pp.terms_now,
                  pp.delivery AS "delivery: Json<Delivery>", pp.casting AS "casting: Json<Vec<Option<Uuid>>>",
                  j.status AS "job_status?: JobStatus", j.error_message AS "job_error?"
           FROM project_paragraphs pp JOIN project_chapters c ON c.id = pp.chapter_id
           LEFT JOIN tts_jobs j ON j.id = pp.job_id
           WHERE c.project_id = $1 ORDER BY c.position, pp.position"#,
        project_id
    )
    .fetch_all(db)
    .await
}

/// The chapter's paragraphs without texts, in order.
pub async fn chapter_facts(db: impl PgExecutor<'_>, chapter_id: Uuid) -> Result<Vec<ParagraphFacts>, sqlx::Error> {
    sqlx::query_as!(
        ParagraphFacts,
        r#"SELECT pp.id, pp.chapter_id, pp.position, pp.characters, pp.text_hash, pp.voice_id, pp.job_id, pp.job_hash,
                  pp.job_text_hash, pp.job_voice_id, pp.job_dictionary, pp.job_sound, pp.job_terms, pp.terms_now,
                  pp.delivery AS "delivery: Json<Delivery>", pp.casting AS "casting: Json<Vec<Option<Uuid>>>",
                  j.status AS "job_status?: JobStatus", j.error_message AS "job_error?"
           FROM project_paragraphs pp LEFT JOIN tts_jobs j ON j.id = pp.job_id
           WHERE pp.chapter_id = $1 ORDER BY pp.position"#,
        chapter_id
    )
    .fetch_all(db)
    .await
}

/// The texts of these paragraphs of the chapter (a page of it).
pub async fn texts(
    db: impl PgExecutor<'_>,
    chapter_id: Uuid,
    ids: &[Uuid],
) -> Result<std::collections::HashMap<Uuid, String>, sqlx::Error> {
    let rows =
        sqlx::query!("SELECT id, text FROM project_paragraphs WHERE chapter_id = $1 AND id = ANY($2)", chapter_id, ids)
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(|r| (r.id, r.text)).collect())
}

/// The chapter's paragraphs with their texts, in order.
pub async fn paragraphs(db: impl PgExecutor<'_>, chapter_id: Uuid) -> Result<Vec<ParagraphRow>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT pp.id, pp.chapter_id, pp.position, pp.characters, pp.text_hash, pp.voice_id, pp.job_id, pp.job_hash,
                  pp.job_text_hash, pp.job_voice_id, pp.job_dictionary, pp.job_sound, pp.job_terms, pp.terms_now,
                  pp.delivery AS "delivery: Json<Delivery>", pp.casting AS "casting: Json<Vec<Option<Uuid>>>",
                  pp.text, j.status AS "job_status?: JobStatus", j.error_message AS "job_error?"
           FROM project_paragraphs pp LEFT JOIN tts_jobs j ON j.id = pp.job_id
           WHERE pp.chapter_id = $1 ORDER BY pp.position"#,
        chapter_id
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| ParagraphRow {
            text: r.text,
            facts: ParagraphFacts {
                id: r.id,
                chapter_id: r.chapter_id,
                position: r.position,
                characters: r.characters,
                text_hash: r.text_hash,
                voice_id: r.voice_id,
                job_id: r.job_id,
                job_hash: r.job_hash,
                job_text_hash: r.job_text_hash,
                job_voice_id: r.job_voice_id,
                job_dictionary: r.job_dictionary,
                job_sound: r.job_sound,
                job_terms: r.job_terms,
                terms_now: r.terms_now,
                delivery: r.delivery,
                casting: r.casting,
                job_status: r.job_status,
                job_error: r.job_error,
            },
        })
        .collect())
}

/// The chapter of one of the user's paragraphs in one of the user's projects.
pub async fn chapter_of_paragraph(
    db: impl PgExecutor<'_>,
    paragraph_id: Uuid,
    project_id: Uuid,
    user_id: Uuid,
) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT c.id FROM project_paragraphs pp JOIN project_chapters c ON c.id = pp.chapter_id
         JOIN projects p ON p.id = c.project_id
         WHERE pp.id = $1 AND p.id = $2 AND p.user_id = $3",
        paragraph_id,
        project_id,
        user_id
    )
    .fetch_optional(db)
    .await
}

/// A paragraph's new text: the text, its length, its hash and the dictionary entries it
/// matches (`terms_now`).
pub struct NewText<'a> {
    pub text: &'a str,
    pub characters: i32,
    pub hash: &'a str,
    pub terms: &'a str,
}

/// What an edit changes of a paragraph; `None` leaves a field as it is.
#[derive(Default)]
pub struct ParagraphChange<'a> {
    pub text: Option<NewText<'a>>,
    pub voice_id: Option<Option<Uuid>>,
    pub delivery: Option<Delivery>,
    pub casting: Option<&'a [Option<Uuid>]>,
}

/// Changes a paragraph's text (with its length, hash and matched entries), voice,
/// delivery and/or casting.
pub async fn update_paragraph(
    db: impl PgExecutor<'_>,
    paragraph_id: Uuid,
    change: &ParagraphChange<'_>,
) -> Result<(), sqlx::Error> {
    let text = change.text.as_ref();
    sqlx::query!(
        r#"UPDATE project_paragraphs SET text = coalesce($2, text), characters = coalesce($3, characters),
                text_hash = coalesce($4, text_hash), terms_now = coalesce($5, terms_now),
                voice_id = CASE WHEN $6 THEN $7 ELSE voice_id END,
                delivery = coalesce($8, delivery), casting = coalesce($9, casting)
         WHERE id = $1"#,
        paragraph_id,
        text.map(|t| t.text),
        text.map(|t| t.characters),
        text.map(|t| t.hash),
        text.map(|t| t.terms),
        change.voice_id.is_some(),
        change.voice_id.flatten(),
        change.delivery.map(Json) as Option<Json<Delivery>>,
        change.casting.map(Json) as Option<Json<&[Option<Uuid>]>>
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Characters of the project's paragraphs other than `except`.
pub async fn characters_besides(db: impl PgExecutor<'_>, project_id: Uuid, except: Uuid) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT coalesce(sum(pp.characters), 0)::int8 AS "n!"
           FROM project_paragraphs pp JOIN project_chapters c ON c.id = pp.chapter_id
           WHERE c.project_id = $1 AND pp.id <> $2"#,
        project_id,
        except
    )
    .fetch_one(db)
    .await
}

/// What a paragraph's audio is made from, kept beside it (and in its take).
pub struct RenderedFrom<'a> {
    /// The content hash the job was made for (its fingerprint).
    pub hash: &'a str,
    pub text_hash: &'a str,
    pub voice_id: Uuid,
    pub dictionary: &'a str,
    pub sound: &'a str,
    pub terms: &'a str,
}

/// The paragraph is now spoken by `job_id`, made from `from`.
pub async fn set_paragraph_job(
    conn: &mut PgConnection,
    paragraph_id: Uuid,
    job_id: Uuid,
    from: &RenderedFrom<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE project_paragraphs SET job_id = $2, job_hash = $3, job_text_hash = $4, job_voice_id = $5,
                job_dictionary = $6, job_sound = $7, job_terms = $8
         WHERE id = $1",
        paragraph_id,
        job_id,
        from.hash,
        from.text_hash,
        from.voice_id,
        from.dictionary,
        from.sound,
        from.terms
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The project chapter a paragraph job belongs to, with its owner.
pub async fn chapter_of_job(db: impl PgExecutor<'_>, job_id: Uuid) -> Result<Option<(Uuid, Uuid)>, sqlx::Error> {
    let row = sqlx::query!(
        "SELECT c.id AS chapter_id, p.user_id FROM project_paragraphs pp
         JOIN project_chapters c ON c.id = pp.chapter_id JOIN projects p ON p.id = c.project_id
         WHERE pp.job_id = $1",
        job_id
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| (r.chapter_id, r.user_id)))
}

/// One paragraph's chosen take, for joining a chapter.
pub struct PartAudio {
    pub paragraph_id: Uuid,
    pub job_id: Uuid,
    pub audio_key: Option<String>,
    pub timed_text: Option<Json<TimedText>>,
    /// The silence after it.
    pub delivery: Json<Delivery>,
}

/// The audio of each paragraph's chosen take, in order.
pub async fn chapter_audio_parts(db: impl PgExecutor<'_>, chapter_id: Uuid) -> Result<Vec<PartAudio>, sqlx::Error> {
    sqlx::query_as!(
        PartAudio,
        r#"SELECT pp.id AS paragraph_id, j.id AS "job_id!", j.audio_key, t.timed_text AS "timed_text: Json<TimedText>",
                  pp.delivery AS "delivery: Json<Delivery>"
           FROM project_paragraphs pp JOIN tts_jobs j ON j.id = pp.job_id
           LEFT JOIN tts_job_timed_texts t ON t.job_id = j.id
           WHERE pp.chapter_id = $1 ORDER BY pp.position"#,
        chapter_id
    )
    .fetch_all(db)
    .await
}

/// Where one paragraph sits in a chapter's joined audio.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct JoinedPart {
    pub paragraph_id: Uuid,
    pub job_id: Uuid,
    pub start_ms: u32,
    pub end_ms: u32,
}

/// A chapter as a join finds it when it records its file: the file recorded now and the
/// job of each paragraph that has one, in order. Locks the chapter row for the caller's
/// transaction (as splits, merges and renders do); `None` when the chapter is gone.
pub async fn lock_for_join(conn: &mut PgConnection, chapter_id: Uuid) -> Result<Option<JoinState>, sqlx::Error> {
    sqlx::query_as!(
        JoinState,
        r#"SELECT c.audio_key, c.pause_after_ms,
                  array(SELECT pp.job_id FROM project_paragraphs pp
                        WHERE pp.chapter_id = c.id AND pp.job_id IS NOT NULL ORDER BY pp.position) AS "job_ids!",
                  array(SELECT coalesce((pp.delivery->>'pause_after_ms')::int, -1) FROM project_paragraphs pp
                        WHERE pp.chapter_id = c.id AND pp.job_id IS NOT NULL ORDER BY pp.position) AS "pauses!"
           FROM project_chapters c WHERE c.id = $1 FOR UPDATE"#,
        chapter_id
    )
    .fetch_optional(conn)
    .await
}

pub struct JoinState {
    pub audio_key: Option<String>,
    pub pause_after_ms: i32,
    pub job_ids: Vec<Uuid>,
    /// Each paragraph's own pause, -1 where it has none.
    pub pauses: Vec<i32>,
}

/// Records the joined audio (the caller holds the chapter's lock, see [`lock_for_join`]).
pub async fn set_chapter_audio(
    conn: &mut PgConnection,
    chapter_id: Uuid,
    key: &str,
    duration_seconds: f64,
    timed_text: &TimedText,
    audio_hash: &str,
    parts: &[JoinedPart],
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE project_chapters SET audio_key = $2, duration_seconds = $3, timed_text = $4, audio_hash = $5,
                audio_parts = $6
         WHERE id = $1",
        chapter_id,
        key,
        duration_seconds,
        Json(timed_text) as _,
        audio_hash,
        Json(parts) as _
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// The chapter's joined timed text, and where each paragraph sits in it.
pub async fn chapter_timed_text(
    db: impl PgExecutor<'_>,
    chapter_id: Uuid,
) -> Result<Option<(TimedText, Vec<JoinedPart>)>, sqlx::Error> {
    let row = sqlx::query!(
        r#"SELECT timed_text AS "timed_text: Json<TimedText>", audio_parts AS "parts: Json<Vec<JoinedPart>>"
           FROM project_chapters WHERE id = $1"#,
        chapter_id
    )
    .fetch_optional(db)
    .await?;
    Ok(row.and_then(|r| Some((r.timed_text?.0, r.parts.map(|Json(p)| p).unwrap_or_default()))))
}

/// Every paragraph of the project with its text, for working out which dictionary entries
/// each matches (after the dictionary changed).
pub struct TextOf {
    pub id: Uuid,
    pub text_hash: String,
    pub text: String,
}

pub async fn project_texts(db: impl PgExecutor<'_>, project_id: Uuid) -> Result<Vec<TextOf>, sqlx::Error> {
    sqlx::query_as!(
        TextOf,
        "SELECT pp.id, pp.text_hash, pp.text FROM project_paragraphs pp
         JOIN project_chapters c ON c.id = pp.chapter_id WHERE c.project_id = $1",
        project_id
    )
    .fetch_all(db)
    .await
}

/// Stores which entries each paragraph matches now (for the text it still has: a paragraph
/// edited meanwhile got its own value with its edit), and for which dictionary. A
/// paragraph rendered before takes kept this, rendered with the dictionary as it is now,
/// was read with exactly these entries: that is kept as its `job_terms`.
pub async fn set_terms_now(
    conn: &mut PgConnection,
    project_id: Uuid,
    ids: &[Uuid],
    text_hashes: &[String],
    terms: &[String],
    dictionary: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE project_paragraphs pp SET terms_now = u.terms,
                job_terms = CASE WHEN pp.job_terms IS NULL AND pp.job_dictionary = $4 AND pp.job_text_hash = pp.text_hash
                                 THEN u.terms ELSE pp.job_terms END
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS u(id, hash, terms)
         WHERE pp.id = u.id AND pp.text_hash = u.hash AND pp.terms_now IS DISTINCT FROM u.terms
               OR pp.id = u.id AND pp.text_hash = u.hash AND pp.job_terms IS NULL AND pp.job_dictionary = $4",
        ids,
        text_hashes,
        terms,
        dictionary
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!("UPDATE projects SET dictionary_seen = $2 WHERE id = $1", project_id, dictionary)
        .execute(conn)
        .await?;
    Ok(())
}

/// Something in the project changed: "Zuletzt geändert" moves.
pub async fn touch(db: impl PgExecutor<'_>, project_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE projects SET updated_at = now() WHERE id = $1", project_id).execute(db).await?;
    Ok(())
}

/// The chapter's pause after it (in its joined audio).
pub async fn set_chapter_pause(db: impl PgExecutor<'_>, chapter_id: Uuid, pause_ms: i32) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE project_chapters SET pause_after_ms = $2 WHERE id = $1", chapter_id, pause_ms)
        .execute(db)
        .await?;
    Ok(())
}

/// What the project cost so far: its renders' bookings less the refunds of their failed
/// paragraphs.
pub async fn spent_cent(db: impl PgExecutor<'_>, project_id: Uuid) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT coalesce(-sum(amount_cent), 0)::int8 AS "n!" FROM ledger_entries WHERE project_id = $1"#,
        project_id
    )
    .fetch_one(db)
    .await
}

/// The hash of the paragraph's text now.
pub async fn paragraph_text_hash(db: impl PgExecutor<'_>, paragraph_id: Uuid) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar!("SELECT text_hash FROM project_paragraphs WHERE id = $1", paragraph_id).fetch_optional(db).await
}

/// The paragraph's delivery now.
pub async fn paragraph_delivery(db: impl PgExecutor<'_>, paragraph_id: Uuid) -> Result<Option<Delivery>, sqlx::Error> {
    let row = sqlx::query_scalar!(
        r#"SELECT delivery AS "delivery: Json<Delivery>" FROM project_paragraphs WHERE id = $1"#,
        paragraph_id
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|Json(d)| d))
}
