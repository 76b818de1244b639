//! The admin's voice management: every voice with its owner, the global share of clones,
//! switching stock voices off and on, and deleting a clone with everything that hangs on
//! it. Admin only, checked here: the list needs an admin whose session proved the second
//! factor, every change also a password re-entry within ten minutes (sharing a clone
//! with everyone hands a person's voice to every account). Every change is audited.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::caller::Caller;
use crate::db::audit;
use crate::domain::clone_lifecycle::CloneState;
use crate::domain::kinds::AuditAction;
use crate::domain::kinds::{CloneEngineId, ProviderId, TrainingStatus, VoiceType};
use crate::error::{Error, Result};
use crate::services::Services;

/// The account a clone belongs to.
#[derive(Debug)]
pub struct VoiceOwner {
    pub id: Uuid,
    pub name: String,
    pub email: String,
}

/// A voice as the admin's voice management shows it: its row, and what the rules make
/// of it.
#[derive(Debug)]
pub struct AdminVoice {
    pub row: AdminVoiceRow,
    /// Who speaks it, as the page shows it: the provider's label from the provider table,
    /// or for a clone its clone engine's (the web app keeps no list of its own).
    pub speaks_with: &'static str,
    pub status: Option<CloneState>,
    pub owner: Option<VoiceOwner>,
}

/// The stat cards of the voice management.
#[derive(Debug)]
pub struct AdminVoiceStats {
    pub total: i64,
    pub clones: i64,
    pub public: i64,
    pub in_training: i64,
    pub completed_clones: i64,
    pub global_clones: i64,
}

#[derive(Debug)]
pub struct AdminVoiceList {
    pub voices: Vec<AdminVoice>,
    pub stats: AdminVoiceStats,
}

/// The list's filters; `None` (or `all`, or empty) does not filter.
#[derive(Debug, Clone, Copy, Default)]
pub struct AdminVoiceFilter<'a> {
    /// Part of the name, description or the owner's name or e-mail.
    pub search: Option<&'a str>,
    /// `all` or a clone status.
    pub status: Option<&'a str>,
    /// `all`, `clone` or `public`.
    pub voice_type: Option<&'a str>,
}

/// A voice with its owner and counts, as the voice management reads it.
#[derive(Debug)]
pub struct AdminVoiceRow {
    pub id: Uuid,
    pub name: String,
    pub voice_type: VoiceType,
    pub provider: ProviderId,
    pub language: String,
    pub clone_engine: Option<CloneEngineId>,
    pub training_status: Option<TrainingStatus>,
    pub fee_paused: bool,
    /// A fee period was paid once (the owner activated the clone).
    pub ever_paid: bool,
    pub owner_id: Option<Uuid>,
    pub owner_name: Option<String>,
    pub owner_email: Option<String>,
    pub is_global: bool,
    pub is_active: bool,
    pub times_used: i64,
    pub sample_count: i64,
    pub created_at: DateTime<Utc>,
    pub consent_date: Option<DateTime<Utc>>,
}

fn view(row: AdminVoiceRow) -> AdminVoice {
    AdminVoice {
        speaks_with: row.clone_engine.map_or(crate::providers::of(row.provider).label, CloneEngineId::label),
        status: row.training_status.map(|s| CloneState::of(s, row.fee_paused, row.ever_paid)),
        owner: match (row.owner_id, &row.owner_name, &row.owner_email) {
            (Some(id), Some(name), Some(email)) => Some(VoiceOwner { id, name: name.clone(), email: email.clone() }),
            _ => None,
        },
        row,
    }
}

async fn rows(svc: &Services, id: Option<Uuid>, query: AdminVoiceFilter<'_>) -> Result<Vec<AdminVoiceRow>> {
    let search = query.search.map(str::trim).filter(|s| !s.is_empty());
    let pattern = search.map(|s| format!("%{}%", s.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")));
    let voice_type = match query.voice_type {
        None | Some("all" | "") => None,
        Some(t @ ("clone" | "public")) => Some(t),
        Some(_) => return Err(Error::field("type", "Unbekannter Stimmtyp.")),
    };
    let status = match query.status {
        None | Some("all" | "") => None,
        Some(s @ ("training_needed" | "training_in_progress" | "completed" | "failed" | "paused")) => Some(s),
        Some(_) => return Err(Error::field("status", "Unbekannter Status.")),
    };
    // Stock voices count their uses in the append-only analytics; clones keep a counter.
    Ok(sqlx::query_as!(
        AdminVoiceRow,
        r#"SELECT v.id, v.name, v.type AS "voice_type: VoiceType", v.provider AS "provider: ProviderId", v.language,
                  v.clone_engine AS "clone_engine: CloneEngineId", v.training_status AS "training_status: TrainingStatus",
                  v.fee_paused, v.paid_until IS NOT NULL AS "ever_paid!", v.owner_id, u.name AS "owner_name?", u.email AS "owner_email?", v.is_global, v.is_active,
                  CASE WHEN v.type = 'clone' THEN v.times_used::bigint
                       ELSE (SELECT count(*) FROM voice_usage_analytics a WHERE a.voice_id = v.id) END AS "times_used!",
                  (SELECT count(*) FROM voice_training_samples s WHERE s.voice_id = v.id) AS "sample_count!",
                  v.created_at, v.consent_date
           FROM voices v LEFT JOIN users u ON u.id = v.owner_id
           WHERE ($1::uuid IS NULL OR v.id = $1)
             AND ($2::text IS NULL OR v.name ILIKE $2 OR v.description ILIKE $2 OR u.name ILIKE $2 OR u.email ILIKE $2)
             AND ($3::text IS NULL OR v.type = $3)
             AND CASE $4::text
                   WHEN 'awaiting_activation' THEN v.training_status = 'completed' AND v.paid_until IS NULL
                   WHEN 'paused' THEN v.training_status = 'completed' AND v.fee_paused AND v.paid_until IS NOT NULL
                   WHEN 'completed' THEN v.training_status = 'completed' AND NOT v.fee_paused AND v.paid_until IS NOT NULL
                   WHEN 'training_in_progress' THEN v.training_status IN ('training', 'training_in_progress')
                   WHEN 'training_needed' THEN v.training_status = 'training_needed'
                   WHEN 'failed' THEN v.training_status = 'failed'
                   ELSE true
                 END
           ORDER BY v.type = 'public', v.created_at DESC, v.language, v.sort_order
           LIMIT 1000"#,
        id,
        pattern,
        voice_type,
        status,
    )
    .fetch_all(&svc.pool)
    .await?)
}

pub async fn list(svc: &Services, caller: &Caller, query: AdminVoiceFilter<'_>) -> Result<AdminVoiceList> {
    caller.admin()?;
    let voices: Vec<AdminVoice> = rows(svc, None, query).await?.into_iter().map(view).collect();
    let stats = sqlx::query_as!(
        AdminVoiceStats,
        r#"SELECT count(*) AS "total!",
                  count(*) FILTER (WHERE type = 'clone') AS "clones!",
                  count(*) FILTER (WHERE type = 'public') AS "public!",
                  count(*) FILTER (WHERE training_status IN ('training', 'training_in_progress')) AS "in_training!",
                  count(*) FILTER (WHERE type = 'clone' AND training_status = 'completed') AS "completed_clones!",
                  count(*) FILTER (WHERE type = 'clone' AND is_global) AS "global_clones!"
           FROM voices"#
    )
    .fetch_one(&svc.pool)
    .await?;
    Ok(AdminVoiceList { voices, stats })
}

async fn one(svc: &Services, voice_id: Uuid) -> Result<AdminVoice> {
    rows(svc, Some(voice_id), AdminVoiceFilter::default())
        .await?
        .pop()
        .map(view)
        .ok_or(Error::NotFound("Stimme nicht gefunden."))
}

/// What the audit log keeps of a voice's state.
fn audit_state(voice: &AdminVoice) -> serde_json::Value {
    serde_json::json!({ "is_global": voice.row.is_global, "is_active": voice.row.is_active })
}

/// The account a voice belongs to, for the audit log (none for stock voices).
fn owner_of(voice: &AdminVoice) -> audit::Target<'_> {
    voice.owner.as_ref().map(|o| (o.id, o.email.as_str()))
}

/// Shares a clone with everyone or takes the share back (`is_global`, clones only),
/// switches a voice on or off (`is_active`: off, nobody can pick it); `None` leaves it.
pub async fn update(
    svc: &Services,
    caller: &Caller,
    voice_id: Uuid,
    is_global: Option<bool>,
    is_active: Option<bool>,
) -> Result<AdminVoice> {
    let admin = caller.fresh_admin()?;
    let before = one(svc, voice_id).await?;
    if is_global.is_some() && before.row.voice_type == VoiceType::Public {
        return Err(Error::Conflict("Katalogstimmen stehen ohnehin allen zur Verfügung.".into()));
    }
    let mut tx = svc.pool.begin().await?;
    let state = sqlx::query!(
        "UPDATE voices SET is_global = COALESCE($2, is_global), is_active = COALESCE($3, is_active) WHERE id = $1
         RETURNING is_global, is_active",
        voice_id,
        is_global,
        is_active
    )
    .fetch_optional(&mut *tx)
    .await?
    .ok_or(Error::NotFound("Stimme nicht gefunden."))?;
    let after = serde_json::json!({ "is_global": state.is_global, "is_active": state.is_active });
    let (was, subject) = (audit_state(&before), before.row.name.as_str());
    audit::record(&mut *tx, admin, AuditAction::VoiceUpdated, Some(subject), owner_of(&before), Some(was), Some(after))
        .await?;
    tx.commit().await?;
    one(svc, voice_id).await
}

/// Deletes a clone with its samples, usage records, shares, quality metrics and files.
pub async fn delete(svc: &Services, caller: &Caller, voice_id: Uuid) -> Result<()> {
    let admin = caller.fresh_admin()?;
    let before = one(svc, voice_id).await?;
    if before.row.voice_type == VoiceType::Public {
        return Err(Error::Conflict("Katalogstimmen können nur deaktiviert werden.".into()));
    }
    crate::use_cases::cloning::remove(svc, voice_id, None).await?;
    let (was, subject) = (audit_state(&before), before.row.name.as_str());
    audit::record(&svc.pool, admin, AuditAction::VoiceDeleted, Some(subject), owner_of(&before), Some(was), None)
        .await?;
    Ok(())
}
