//! The voices a caller may pick, with their availability: the generation screen lists
//! every voice the user may use (unavailable ones last, disabled, with a reason fit for
//! the caller), the live demo only the demo voices that can speak right now.

use uuid::Uuid;

use crate::caller::Caller;
use crate::catalogue::Language;
use crate::db::voices::{self, Voice};
use crate::domain::kinds::{Role, VoiceType};
use crate::engine::Engines;
use crate::error::Result;
use crate::providers::{self, ProviderId, ProviderOption};
use crate::services::Services;

/// A voice as the caller may pick it, with its availability.
#[derive(Debug)]
pub struct VoiceView {
    pub id: Uuid,
    pub key: Option<String>,
    pub name: String,
    pub description: Option<String>,
    pub language: String,
    pub provider: ProviderId,
    /// The provider's own voice name (e.g. `de-DE-Neural2-G`, `nova`, `de+m3`).
    pub api_name: Option<String>,
    pub gender: Option<String>,
    pub avatar: Option<String>,
    pub voice_type: VoiceType,
    pub available: bool,
    /// Why the voice cannot be used now: the cause for admins, "Derzeit nicht verfügbar."
    /// for everyone else.
    pub unavailable_reason: Option<&'static str>,
    pub is_demo: bool,
    pub supports_rate: bool,
}

/// Languages, provider filter options and voices.
#[derive(Debug)]
pub struct VoiceList {
    pub languages: Vec<Language>,
    pub providers: Vec<ProviderOption>,
    pub voices: Vec<VoiceView>,
}

/// The voices the signed-in caller may use, usable ones first.
pub async fn list(svc: &Services, caller: &Caller) -> Result<VoiceList> {
    let user = caller.user()?;
    let voices = voices::list_usable(&svc.pool, user.id).await?;
    let mut list = view(svc, voices, user.role);
    // Stable sort: the catalogue order holds within each group.
    list.voices.sort_by_key(|v| !v.available);
    Ok(list)
}

/// The live demo's voices that can speak right now (nobody is shown a demo voice they
/// cannot try).
pub async fn list_demo(svc: &Services) -> Result<VoiceList> {
    let voices = voices::list_demo(&svc.pool).await?;
    let mut list = view(svc, voices, Role::User);
    list.voices.retain(|v| v.available);
    Ok(list)
}

fn view(svc: &Services, voices: Vec<Voice>, role: Role) -> VoiceList {
    let engines = svc.engines.current();
    VoiceList {
        languages: svc.catalogue.languages.clone(),
        providers: providers::filter_options(),
        voices: voices.into_iter().map(|v| voice_view(&engines, v, role)).collect(),
    }
}

fn voice_view(engines: &Engines, v: Voice, role: Role) -> VoiceView {
    let unavailable_reason = engines.usable(v.provider).err().map(|why| why.reason_for(role));
    VoiceView {
        supports_rate: crate::providers::of(v.provider).takes_rate,
        id: v.id,
        key: v.catalogue_key,
        name: v.name,
        description: v.description,
        language: v.language,
        provider: v.provider,
        api_name: v.api_name,
        gender: v.gender,
        avatar: v.avatar,
        voice_type: v.voice_type,
        available: unavailable_reason.is_none(),
        unavailable_reason,
        is_demo: v.is_demo,
    }
}
