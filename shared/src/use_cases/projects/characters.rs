//! The cast of a project: characters whose quoted speech is read in their own voice. A
//! paragraph's casting names, for each of its quotations, the character who speaks it
//! (`edit`); the paragraph's one job then reads each part in its voice (`render`).

use uuid::Uuid;

use super::not_found;
use crate::caller::Caller;
use crate::db::{self, project_characters as characters, projects};
use crate::error::{Error, Result};
use crate::services::Services;

/// Most characters one project casts.
pub const MAX_CHARACTERS: i64 = 50;

#[derive(Debug, Clone)]
pub struct CharacterView {
    pub id: Uuid,
    pub name: String,
    /// None once its voice is gone: its quotations wait for a new one.
    pub voice_id: Option<Uuid>,
}

impl From<characters::CharacterRow> for CharacterView {
    fn from(c: characters::CharacterRow) -> Self {
        CharacterView { id: c.id, name: c.name, voice_id: c.voice_id }
    }
}

async fn owned_project(svc: &Services, caller: &Caller, project_id: Uuid) -> Result<Uuid> {
    let user = caller.user()?;
    projects::get(&svc.pool, project_id, user.id).await?.ok_or_else(not_found)?;
    Ok(user.id)
}

async fn usable_voice(svc: &Services, user_id: Uuid, voice_id: Uuid) -> Result<()> {
    db::voices::find_usable(&svc.pool, voice_id, user_id)
        .await?
        .map(drop)
        .ok_or_else(|| Error::field("voice_id", "Diese Stimme ist nicht verfügbar."))
}

fn name(raw: &str) -> Result<String> {
    Ok(crate::domain::input::name("name", "Der Name", raw)?)
}

pub async fn list(svc: &Services, caller: &Caller, project_id: Uuid) -> Result<Vec<CharacterView>> {
    owned_project(svc, caller, project_id).await?;
    Ok(characters::list(&svc.pool, project_id).await?.into_iter().map(CharacterView::from).collect())
}

/// Adds a character with its voice (one the caller may use), at most [`MAX_CHARACTERS`].
pub async fn add(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    raw_name: &str,
    voice_id: Uuid,
) -> Result<CharacterView> {
    let user_id = owned_project(svc, caller, project_id).await?;
    let name = name(raw_name)?;
    usable_voice(svc, user_id, voice_id).await?;
    let row = characters::insert(&svc.pool, project_id, &name, voice_id, MAX_CHARACTERS).await.map_err(taken)?;
    let row = row.ok_or_else(|| {
        Error::Conflict(format!("Ein Projekt hat höchstens {MAX_CHARACTERS} Figuren. Bitte entfernen Sie zuerst eine."))
    })?;
    projects::touch(&svc.pool, project_id).await?;
    Ok(row.into())
}

/// Renames a character and/or gives it another voice (its paragraphs turn stale).
pub async fn update(
    svc: &Services,
    caller: &Caller,
    project_id: Uuid,
    character_id: Uuid,
    raw_name: Option<&str>,
    voice_id: Option<Uuid>,
) -> Result<CharacterView> {
    let user_id = owned_project(svc, caller, project_id).await?;
    let name = raw_name.map(name).transpose()?;
    if let Some(voice) = voice_id {
        usable_voice(svc, user_id, voice).await?;
    }
    let row = characters::update(&svc.pool, character_id, project_id, name.as_deref(), voice_id)
        .await
        .map_err(taken)?
        .ok_or(Error::NotFound("Figur nicht gefunden."))?;
    projects::touch(&svc.pool, project_id).await?;
    Ok(row.into())
}

/// Removes a character: its quotations are read by the narrator again.
pub async fn delete(svc: &Services, caller: &Caller, project_id: Uuid, character_id: Uuid) -> Result<()> {
    owned_project(svc, caller, project_id).await?;
    if !characters::delete(&svc.pool, character_id, project_id).await? {
        return Err(Error::NotFound("Figur nicht gefunden."));
    }
    projects::touch(&svc.pool, project_id).await?;
    Ok(())
}

/// The ids of the project's characters (a casting may name only these).
pub(crate) async fn ids(svc: &Services, project_id: Uuid) -> Result<std::collections::HashSet<Uuid>> {
    Ok(characters::list(&svc.pool, project_id).await?.into_iter().map(|c| c.id).collect())
}

fn taken(e: sqlx::Error) -> Error {
    let error = Error::from(e);
    if error.is_unique_violation("project_characters_name") {
        return Error::Conflict("Eine Figur mit diesem Namen gibt es in diesem Projekt schon.".into());
    }
    error
}
