use sqlx::PgExecutor;
use uuid::Uuid;

use domain::kinds::{ProviderId, VoiceType};

/// A voice as the generation screen and the worker need it.
#[derive(Debug, Clone)]
pub struct Voice {
    pub id: Uuid,
    pub catalogue_key: Option<String>,
    pub name: String,
    pub description: Option<String>,
    pub language: String,
    pub provider: ProviderId,
    pub api_name: Option<String>,
    pub gender: Option<String>,
    pub avatar: Option<String>,
    pub voice_type: VoiceType,
    pub is_demo: bool,
}

/// A stock voice as the catalogue describes it.
pub struct StockVoice<'a> {
    pub key: &'a str,
    pub name: &'a str,
    pub description: &'a str,
    pub provider: ProviderId,
    pub api_name: &'a str,
    pub language: &'a str,
    pub gender: &'a str,
    pub avatar: &'a str,
    pub is_demo: bool,
}

pub async fn upsert_stock(db: impl PgExecutor<'_>, voice: &StockVoice<'_>, sort_order: i32) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"INSERT INTO voices (catalogue_key, name, description, type, provider, api_name,
                               language, gender, is_demo, sort_order, is_active, is_global, avatar)
           VALUES ($1, $2, $3, 'public', $4, $5, $6, $7, $8, $9, true, true, $10)
           ON CONFLICT (catalogue_key) DO UPDATE SET
               name = EXCLUDED.name, description = EXCLUDED.description,
               provider = EXCLUDED.provider, api_name = EXCLUDED.api_name,
               language = EXCLUDED.language, gender = EXCLUDED.gender, avatar = EXCLUDED.avatar,
               is_demo = EXCLUDED.is_demo, sort_order = EXCLUDED.sort_order, is_active = true"#,
        voice.key,
        voice.name,
        voice.description,
        voice.provider as ProviderId,
        voice.api_name,
        voice.language,
        voice.gender,
        voice.is_demo,
        sort_order,
        voice.avatar,
    )
    .execute(db)
    .await?;
    Ok(())
}

pub async fn deactivate_stock_except(db: impl PgExecutor<'_>, keys: &[String]) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE voices SET is_active = false WHERE type = 'public' AND NOT (catalogue_key = ANY($1))", keys)
        .execute(db)
        .await?;
    Ok(())
}

/// Active stock voices plus the user's own finished clones and globally shared clones.
pub async fn list_usable(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<Vec<Voice>, sqlx::Error> {
    sqlx::query_as!(
        Voice,
        r#"SELECT id, catalogue_key, name, description, language, provider AS "provider: ProviderId", api_name, gender, avatar,
                  type AS "voice_type: VoiceType", is_demo
           FROM voices
           WHERE is_active
             AND (type = 'public'
                  OR (training_status = 'completed' AND NOT fee_paused AND paid_until IS NOT NULL
                      AND (owner_id = $1 OR is_global)))
           ORDER BY language, sort_order, name"#,
        user_id
    )
    .fetch_all(db)
    .await
}

/// The voice if `user_id` may use it (same rule as [`list_usable`]).
pub async fn find_usable(db: impl PgExecutor<'_>, voice_id: Uuid, user_id: Uuid) -> Result<Option<Voice>, sqlx::Error> {
    sqlx::query_as!(
        Voice,
        r#"SELECT id, catalogue_key, name, description, language, provider AS "provider: ProviderId", api_name, gender, avatar,
                  type AS "voice_type: VoiceType", is_demo
           FROM voices
           WHERE id = $1 AND is_active
             AND (type = 'public'
                  OR (training_status = 'completed' AND NOT fee_paused AND paid_until IS NOT NULL
                      AND (owner_id = $2 OR is_global)))"#,
        voice_id,
        user_id
    )
    .fetch_optional(db)
    .await
}

/// The voice if `user_id` may hear its preview: what [`find_usable`] allows, and the
/// user's own finished clone while its fee is still open (a clone is heard before its
/// fee is charged).
pub async fn find_audible(
    db: impl PgExecutor<'_>,
    voice_id: Uuid,
    user_id: Uuid,
) -> Result<Option<Voice>, sqlx::Error> {
    sqlx::query_as!(
        Voice,
        r#"SELECT id, catalogue_key, name, description, language, provider AS "provider: ProviderId", api_name, gender, avatar,
                  type AS "voice_type: VoiceType", is_demo
           FROM voices
           WHERE id = $1 AND is_active
             AND (type = 'public'
                  OR (training_status = 'completed'
                      AND (owner_id = $2 OR (is_global AND NOT fee_paused AND paid_until IS NOT NULL))))"#,
        voice_id,
        user_id
    )
    .fetch_optional(db)
    .await
}

pub async fn get(db: impl PgExecutor<'_>, voice_id: Uuid) -> Result<Option<Voice>, sqlx::Error> {
    sqlx::query_as!(
        Voice,
        r#"SELECT id, catalogue_key, name, description, language, provider AS "provider: ProviderId", api_name, gender, avatar,
                  type AS "voice_type: VoiceType", is_demo
           FROM voices WHERE id = $1"#,
        voice_id
    )
    .fetch_optional(db)
    .await
}

pub async fn id_by_key(db: impl PgExecutor<'_>, key: &str) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!("SELECT id FROM voices WHERE catalogue_key = $1", key).fetch_optional(db).await
}

/// Counts one use on a clone's row (its owner's statistics); stock voices keep no
/// counters, their uses are only the append-only usage records written with each job.
pub async fn count_clone_use(conn: &mut sqlx::PgConnection, voice: &Voice) -> Result<(), sqlx::Error> {
    // Only clones count their uses on the voice row (the usage record itself is written
    // with the job): a stock voice's row would be a lock every job of every user waits on.
    if voice.voice_type == VoiceType::Clone {
        sqlx::query!("UPDATE voices SET times_used = times_used + 1, last_used_at = now() WHERE id = $1", voice.id)
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// The voices of the anonymous live demo.
pub async fn list_demo(db: impl PgExecutor<'_>) -> Result<Vec<Voice>, sqlx::Error> {
    sqlx::query_as!(
        Voice,
        r#"SELECT id, catalogue_key, name, description, language, provider AS "provider: ProviderId", api_name, gender, avatar,
                  type AS "voice_type: VoiceType", is_demo
           FROM voices WHERE is_active AND is_demo AND type = 'public'
           ORDER BY language, sort_order"#
    )
    .fetch_all(db)
    .await
}
