//! What a project's exports carry besides their audio ("Veröffentlichung"): author,
//! publisher, genre, year, comment and a cover picture; the title and album are the
//! project's title, the narrator its voice. Only the owner reads or changes them.

use uuid::Uuid;

use super::not_found;
use crate::caller::Caller;
use crate::db::{self, project_publications as db_publications, projects};
use crate::domain::publication::{Cover, CoverType, Publication};
use crate::error::{Error, Result};
use crate::services::Services;

/// The cover as callers see it.
#[derive(Debug, Clone)]
pub struct CoverView {
    pub url: String,
    pub width: i32,
    pub height: i32,
    /// Why ACX would refuse it; `None` when it meets ACX's rule.
    pub acx_refusal: Option<String>,
}

/// The details as callers see them.
#[derive(Debug, Clone)]
pub struct PublicationView {
    pub author: String,
    pub publisher: String,
    pub genre: String,
    pub year: Option<i32>,
    pub comment: String,
    /// The project's voice, named as the exports name their narrator.
    pub narrator: Option<String>,
    pub cover: Option<CoverView>,
}

/// Everything an export writes into its files, read by the worker.
#[derive(Debug, Clone, Default)]
pub struct ExportDetails {
    pub publication: Publication,
    pub narrator: Option<String>,
    /// The cover's storage key and what it is.
    pub cover: Option<(String, Cover)>,
}

async fn owned(svc: &Services, caller: &Caller, project_id: Uuid) -> Result<projects::ProjectRow> {
    let user = caller.user()?;
    projects::get(&svc.pool, project_id, user.id).await?.ok_or_else(not_found)
}

/// The voice's name, as the narrator.
async fn narrator(svc: &Services, project: &projects::ProjectRow) -> Result<Option<String>> {
    let Some(voice) = project.voice_id else { return Ok(None) };
    Ok(db::voices::get(&svc.pool, voice).await?.map(|v| v.name))
}

fn cover_of(row: &db_publications::PublicationRow) -> Option<(String, Cover)> {
    let key = row.cover_key.clone()?;
    let kind = CoverType::from_content_type(row.cover_type.as_deref()?)?;
    Some((key, Cover { kind, width: row.cover_width? as usize, height: row.cover_height? as usize }))
}

fn view(
    row: db_publications::PublicationRow,
    narrator: Option<String>,
    project_id: Uuid,
    base: &str,
) -> PublicationView {
    let cover = cover_of(&row).map(|(_, cover)| CoverView {
        url: format!("{base}/{project_id}/cover"),
        width: cover.width as i32,
        height: cover.height as i32,
        acx_refusal: cover.acx_refusal(),
    });
    PublicationView {
        author: row.author,
        publisher: row.publisher,
        genre: row.genre,
        year: row.year,
        comment: row.comment,
        narrator,
        cover,
    }
}

pub async fn get(svc: &Services, caller: &Caller, project_id: Uuid, base: &str) -> Result<PublicationView> {
    let project = owned(svc, caller, project_id).await?;
    let row = db_publications::get(&svc.pool, project_id).await?.unwrap_or_default();
    Ok(view(row, narrator(svc, &project).await?, project_id, base))
}

/// Sets author, publisher, genre, year and comment.
pub async fn update(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    details: Publication,
    base: &str,
) -> Result<PublicationView> {
    let user = caller.user()?;
    if !db_publications::put_details(&svc.pool, project_id, user.id, &details).await? {
        return Err(not_found());
    }
    get(svc, caller, project_id, base).await
}

/// Stores a new cover (checked by its bytes) and removes the one it replaces.
pub async fn put_cover(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    bytes: Vec<u8>,
    base: &str,
) -> Result<PublicationView> {
    let user = caller.user()?;
    owned(svc, caller, project_id).await?;
    let cover = Cover::check(&bytes)?;
    let key = crate::files::cover_key(user.id, project_id, cover.kind.extension());
    svc.storage.put(&key, &bytes).await.map_err(|e| Error::Internal(e.into()))?;
    let stored = (key.as_str(), cover.kind.content_type(), cover.width as i32, cover.height as i32);
    let mut tx = svc.pool.begin().await?;
    let Some(replaced) = db_publications::put_cover(&mut tx, project_id, user.id, Some(stored)).await? else {
        // The project went away meanwhile: the file has no owner.
        drop(tx);
        svc.storage.delete(&key).await.ok();
        return Err(not_found());
    };
    tx.commit().await?;
    remove_file(svc, replaced).await;
    get(svc, caller, project_id, base).await
}

pub async fn delete_cover(svc: &Services, caller: &Caller, project_id: Uuid, base: &str) -> Result<PublicationView> {
    let user = caller.user()?;
    let mut tx = svc.pool.begin().await?;
    let replaced = db_publications::put_cover(&mut tx, project_id, user.id, None).await?.ok_or_else(not_found)?;
    tx.commit().await?;
    remove_file(svc, replaced).await;
    get(svc, caller, project_id, base).await
}

async fn remove_file(svc: &Services, key: Option<String>) {
    if let Some(key) = key
        && let Err(e) = svc.storage.delete(&key).await
    {
        tracing::warn!(%key, error = %e, "a replaced cover was not removed");
    }
}

/// The cover's storage key and content type; 404 for anyone but the owner, or without one.
pub async fn cover(svc: &Services, caller: &Caller, project_id: Uuid) -> Result<(String, &'static str)> {
    owned(svc, caller, project_id).await?;
    let row = db_publications::get(&svc.pool, project_id).await?.unwrap_or_default();
    let (key, cover) = cover_of(&row).ok_or(Error::NotFound("Dieses Projekt hat kein Cover."))?;
    Ok((key, cover.kind.content_type()))
}

/// What an export of `project` writes into its files (the worker's read).
pub(crate) async fn for_export(svc: &Services, project: &projects::ProjectRow) -> Result<ExportDetails> {
    let row = db_publications::get(&svc.pool, project.id).await?.unwrap_or_default();
    let cover = cover_of(&row);
    let publication = Publication {
        author: row.author,
        publisher: row.publisher,
        genre: row.genre,
        year: row.year,
        comment: row.comment,
    };
    Ok(ExportDetails { publication, narrator: narrator(svc, project).await?, cover })
}
