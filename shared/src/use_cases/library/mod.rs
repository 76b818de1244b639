//! The audio library: a user's audios listed with filters and keyset paging (the TTS
//! screen, the dashboard and the knowledge base all read this one list), the stats of
//! the dashboard and knowledge base, the trash, the permanent save and the expiry.
//! Categories and tags are in [`labels`].

pub mod labels;

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::Europe::Berlin;
use uuid::Uuid;

use crate::caller::Caller;
use crate::db::jobs::JobRow;
use crate::db::library::{self, Cursor, Filter};
use crate::db::{self, ledger};
use crate::domain::input;
use crate::domain::kinds::{JobSource, JobStatus, SaveCategory, SortOrder, TrashView, VoiceType};
use crate::error::{Error, Result};
use crate::services::Services;

/// What "Dauerhaft speichern" costs.
pub const PERMANENT_SAVE_CENT: i64 = 25;
/// Audios per page unless asked otherwise, and at most.
pub const PAGE_DEFAULT: i64 = 50;
pub const PAGE_MAX: i64 = 200;
/// Days the dashboard chart covers.
pub const CHART_DAYS: i64 = 30;
/// Audios one bulk request may touch.
pub const BULK_MAX: usize = 500;

/// A list request as the API takes it (every field optional).
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub text: Option<String>,
    pub speaker: Option<String>,
    pub category: Option<Uuid>,
    pub tag: Option<Uuid>,
    pub source: Option<JobSource>,
    pub voice_type: Option<VoiceType>,
    pub voice: Option<Uuid>,
    pub status: Option<JobStatus>,
    pub trash: Option<TrashView>,
    /// One day (Berlin time), `YYYY-MM-DD`.
    pub date: Option<String>,
    pub sort: Option<SortOrder>,
    pub cursor: Option<String>,
    pub limit: Option<i64>,
}

/// A category or tag as an audio carries it.
#[derive(Debug, Clone)]
pub struct LabelRef {
    pub id: Uuid,
    pub name: String,
    /// Categories only: the parent category.
    pub parent_id: Option<Uuid>,
}

/// An audio with its categories and tags.
#[derive(Debug, Clone)]
pub struct Item {
    pub job: JobRow,
    pub categories: Vec<LabelRef>,
    pub tags: Vec<LabelRef>,
}

pub struct Page {
    pub items: Vec<Item>,
    /// Where the next page starts; `None` on the last page.
    pub next_cursor: Option<String>,
    /// How many audios match the filters in all.
    pub total: i64,
}

/// The opaque cursor: microseconds since the epoch and the id of the page's last row.
fn encode_cursor(job: &JobRow) -> String {
    format!("{}_{}", job.created_at.timestamp_micros(), job.id.simple())
}

fn decode_cursor(raw: &str) -> Result<Cursor> {
    let bad = || Error::BadRequest("Ungültige Seitenangabe (cursor).".into());
    let (micros, id) = raw.split_once('_').ok_or_else(bad)?;
    let created_at = DateTime::from_timestamp_micros(micros.parse().map_err(|_| bad())?).ok_or_else(bad)?;
    Ok(Cursor { created_at, id: id.parse().map_err(|_| bad())? })
}

/// Midnight (Berlin) starting `day`, in UTC.
fn berlin_midnight(day: NaiveDate) -> DateTime<Utc> {
    let local = day.and_hms_opt(0, 0, 0).expect("midnight exists");
    // On a DST switch midnight exists once in Berlin (the switches are at 2 or 3 am).
    Berlin.from_local_datetime(&local).earliest().map_or_else(|| local.and_utc(), |t| t.with_timezone(&Utc))
}

fn parse_day(raw: &str) -> Result<NaiveDate> {
    NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map_err(|_| Error::field("date", "Bitte geben Sie ein Datum im Format JJJJ-MM-TT an."))
}

fn search_term(raw: Option<String>, field: &'static str) -> Result<Option<String>> {
    let Some(raw) = raw else { return Ok(None) };
    let term = input::trim(&raw).to_owned();
    if term.chars().count() > 200 {
        return Err(Error::field(field, "Der Suchbegriff darf höchstens 200 Zeichen haben."));
    }
    Ok((!term.is_empty()).then_some(term))
}

/// One page of the caller's audios.
pub async fn list(svc: &Services, caller: &Caller, query: ListQuery) -> Result<Page> {
    let user_id = caller.user()?.id;
    let limit = query.limit.unwrap_or(PAGE_DEFAULT);
    if !(1..=PAGE_MAX).contains(&limit) {
        return Err(Error::field("limit", format!("Bitte zwischen 1 und {PAGE_MAX} Einträge pro Seite anfordern.")));
    }
    let categories = match query.category {
        Some(id) => {
            db::labels::visible_category(&svc.pool, id, user_id)
                .await?
                .ok_or(Error::NotFound("Kategorie nicht gefunden."))?;
            Some(db::labels::subtree(&svc.pool, id).await?)
        }
        None => None,
    };
    if let Some(tag) = query.tag {
        db::labels::visible_tag(&svc.pool, tag, user_id).await?.ok_or(Error::NotFound("Tag nicht gefunden."))?;
    }
    let (from, to) = match query.date.as_deref().map(parse_day).transpose()? {
        Some(day) => (Some(berlin_midnight(day)), day.succ_opt().map(berlin_midnight)),
        None => (None, None),
    };
    let filter = Filter {
        text: search_term(query.text, "text")?,
        speaker: search_term(query.speaker, "speaker")?,
        categories,
        tag: query.tag,
        source: query.source,
        voice_type: query.voice_type,
        voice: query.voice,
        status: query.status,
        trash: query.trash.unwrap_or_default(),
        from,
        to,
    };
    let after = query.cursor.as_deref().map(decode_cursor).transpose()?;
    let order = query.sort.unwrap_or(SortOrder::Newest);
    // One row more than asked tells whether another page follows.
    let (mut rows, total) = tokio::try_join!(
        library::list(&svc.pool, user_id, &filter, order, after, limit + 1),
        library::count(&svc.pool, user_id, &filter)
    )?;
    let next_cursor = if rows.len() as i64 > limit {
        rows.truncate(limit as usize);
        rows.last().map(encode_cursor)
    } else {
        None
    };
    Ok(Page { items: with_labels(svc, rows).await?, next_cursor, total })
}

/// The rows with their categories and tags (two queries for the whole page).
pub async fn with_labels(svc: &Services, rows: Vec<JobRow>) -> Result<Vec<Item>> {
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let (categories, tags) =
        tokio::try_join!(library::categories_of(&svc.pool, &ids), library::tags_of(&svc.pool, &ids))?;
    let refs = |labels: &[db::library::Label], job: Uuid| -> Vec<LabelRef> {
        labels
            .iter()
            .filter(|l| l.job_id == job)
            .map(|l| LabelRef { id: l.id, name: l.name.clone(), parent_id: l.parent_id })
            .collect()
    };
    Ok(rows
        .into_iter()
        .map(|job| Item { categories: refs(&categories, job.id), tags: refs(&tags, job.id), job })
        .collect())
}

/// The dashboard's and the knowledge base's figures: the counters' sums, the balance,
/// the labels the user can use (own and global), and the last 30 days, oldest first,
/// every day present.
#[derive(Debug)]
pub struct Stats {
    pub totals: library::Totals,
    pub balance_cent: i64,
    pub categories: i64,
    pub tags: i64,
    pub daily: Vec<library::Day>,
}

pub async fn stats(svc: &Services, caller: &Caller) -> Result<Stats> {
    let user = caller.user()?;
    let today = Utc::now().with_timezone(&Berlin).date_naive();
    let first_day = today - Duration::days(CHART_DAYS - 1);
    let (totals, days, categories, tags, balance) = tokio::try_join!(
        library::totals(&svc.pool, user.id, today),
        library::daily(&svc.pool, user.id, first_day),
        db::labels::count_visible_categories(&svc.pool, user.id),
        db::labels::count_visible_tags(&svc.pool, user.id),
        db::users::balance(&svc.pool, user.id),
    )?;
    let daily = first_day
        .iter_days()
        .take(CHART_DAYS as usize)
        .map(|day| {
            let found = days.iter().find(|d| d.day == day);
            library::Day {
                day,
                characters: found.map_or(0, |d| d.characters),
                cost_cent: found.map_or(0, |d| d.cost_cent),
                api_requests: found.map_or(0, |d| d.api_requests),
            }
        })
        .collect();
    Ok(Stats { totals, balance_cent: balance, categories, tags, daily })
}

/// One of the caller's audios with its labels; 404 for anyone else's.
pub async fn get(svc: &Services, caller: &Caller, id: Uuid) -> Result<Item> {
    let user_id = caller.user()?.id;
    let job =
        db::jobs::get_for_user(&svc.pool, id, user_id).await?.ok_or(Error::NotFound("Auftrag nicht gefunden."))?;
    Ok(with_labels(svc, vec![job]).await?.pop().expect("one row in, one out"))
}

/// A bulk request names 1 to `BULK_MAX` audios.
pub(crate) fn bulk_ids(ids: &[Uuid]) -> Result<()> {
    if ids.is_empty() {
        return Err(Error::field("ids", "Bitte wählen Sie mindestens ein Audio aus."));
    }
    if ids.len() > BULK_MAX {
        return Err(Error::field("ids", format!("Höchstens {BULK_MAX} Audios auf einmal.")));
    }
    Ok(())
}

/// Moves the caller's audios to the trash (`trashed`) or back. 404 when none of them is
/// the caller's; returns how many changed.
pub async fn set_trashed(svc: &Services, caller: &Caller, ids: &[Uuid], trashed: bool) -> Result<u64> {
    let user_id = caller.user()?.id;
    bulk_ids(ids)?;
    if db::labels::own_jobs(&svc.pool, user_id, ids).await?.is_empty() {
        return Err(Error::NotFound("Audio nicht gefunden."));
    }
    Ok(library::set_trashed(&svc.pool, user_id, ids, trashed).await?.len() as u64)
}

/// "Papierkorb leeren": deletes the caller's trashed audios (all, or these) and their
/// files for good. Returns how many.
pub async fn empty_trash(svc: &Services, caller: &Caller, only: Option<&[Uuid]>) -> Result<u64> {
    let user_id = caller.user()?.id;
    if let Some(ids) = only {
        bulk_ids(ids)?;
    }
    let keys = library::empty_trash(&svc.pool, user_id, only).await?;
    for key in keys.iter().flatten() {
        if let Err(e) = svc.storage.delete(key).await {
            tracing::warn!(key, error = %e, "audio file of an emptied trash not removed");
        }
    }
    Ok(keys.len() as u64)
}

/// "Dauerhaft speichern": 0.25 € through the ledger, once per audio; the audio then
/// never expires. Returns the new balance.
pub async fn save_permanently(svc: &Services, caller: &Caller, job_id: Uuid, category: SaveCategory) -> Result<i64> {
    let user_id = caller.user()?.id;
    let mut tx = svc.pool.begin().await?;
    if !library::mark_saved(&mut tx, user_id, job_id, category).await? {
        drop(tx);
        let job = db::jobs::get_for_user(&svc.pool, job_id, user_id)
            .await?
            .ok_or(Error::NotFound("Audio nicht gefunden."))?;
        return Err(Error::Conflict(
            if job.saved_at.is_some() {
                "Dieses Audio ist bereits dauerhaft gespeichert."
            } else if job.is_expired {
                "Dieses Audio ist abgelaufen und kann nicht mehr gespeichert werden."
            } else {
                "Nur fertige Audios können dauerhaft gespeichert werden."
            }
            .into(),
        ));
    }
    let Some(balance) =
        ledger::debit(&mut tx, user_id, PERMANENT_SAVE_CENT, ledger::JobDebit::PermanentSave, job_id).await?
    else {
        let balance = db::users::balance(&mut *tx, user_id).await?;
        return Err(Error::InsufficientBalance { needed: PERMANENT_SAVE_CENT, balance });
    };
    tx.commit().await?;
    Ok(balance)
}

/// One run of the expiry: marks up to `batch` audios past their time expired, then
/// deletes up to `batch` files of expired audios. Returns (marked, files deleted).
/// Idempotent: a file already gone counts as deleted.
pub async fn expire(svc: &Services, batch: i64) -> Result<(u64, u64)> {
    let marked = library::mark_expired(&svc.pool, batch).await?;
    let files = library::expired_files(&svc.pool, batch).await?;
    let mut deleted = Vec::with_capacity(files.len());
    for (id, key) in files {
        match svc.storage.delete(&key).await {
            Ok(()) => deleted.push(id),
            Err(e) => tracing::warn!(%id, key, error = %e, "expired audio file not removed; next run tries again"),
        }
    }
    library::forget_files(&svc.pool, &deleted).await?;
    Ok((marked, deleted.len() as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_refuse_garbage() {
        let job_id = Uuid::new_v4();
        let at = DateTime::from_timestamp_micros(1_763_900_000_123_456).unwrap();
        let raw = format!("{}_{}", at.timestamp_micros(), job_id.simple());
        assert_eq!(decode_cursor(&raw).unwrap(), Cursor { created_at: at, id: job_id });
        for bad in ["", "abc", "1_", "_x", "12_nope"] {
            assert!(matches!(decode_cursor(bad), Err(Error::BadRequest(_))), "{bad}");
        }
    }

    #[test]
    fn a_day_is_a_berlin_day() {
        let winter = berlin_midnight(NaiveDate::from_ymd_opt(2026, 1, 15).unwrap());
        assert_eq!(winter.to_rfc3339(), "2026-01-14T23:00:00+00:00");
        let summer = berlin_midnight(NaiveDate::from_ymd_opt(2026, 7, 15).unwrap());
        assert_eq!(summer.to_rfc3339(), "2026-07-14T22:00:00+00:00");
        assert!(parse_day("15.01.2026").is_err());
    }
}
