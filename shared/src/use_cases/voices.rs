//! The voices a caller may pick, with their availability: the generation screen lists
//! every voice the user may use (unavailable ones last, disabled, with a reason fit for
//! the caller), the live demo only the demo voices that can speak right now.

use crate::caller::Caller;
use crate::catalogue::Language;
use crate::db::voices::{self, Voice};
use crate::domain::kinds::Role;
use crate::engine::Engines;
use crate::error::Result;
use crate::providers::{self, ProviderOption};
use crate::services::Services;

/// A voice as the caller may pick it: its row, and whether it can speak now.
#[derive(Debug)]
pub struct VoiceChoice {
    pub voice: Voice,
    /// Why the voice cannot be used now: the cause for admins, "Derzeit nicht verfügbar."
    /// for everyone else; `None` when it is available.
    pub unavailable_reason: Option<&'static str>,
    /// The voice's provider takes a speaking rate.
    pub supports_rate: bool,
}

impl VoiceChoice {
    pub fn available(&self) -> bool {
        self.unavailable_reason.is_none()
    }
}

/// Languages, provider filter options and voices.
#[derive(Debug)]
pub struct VoiceList {
    pub languages: Vec<Language>,
    pub providers: Vec<ProviderOption>,
    pub voices: Vec<VoiceChoice>,
}

/// The voices the signed-in caller may use. A customer sees only the voices that can speak
/// now (a voice whose provider has no key is nothing they can act on); an admin sees every
/// voice, usable ones first, the others with their cause.
pub async fn list(svc: &Services, caller: &Caller) -> Result<VoiceList> {
    let user = caller.user()?;
    let voices = voices::list_usable(&svc.pool, user.id).await?;
    let mut list = view(svc, voices, user.role);
    if caller.admin().is_ok() {
        // Stable sort: the catalogue order holds within each group.
        list.voices.sort_by_key(|v| !v.available());
    } else {
        list.voices.retain(VoiceChoice::available);
    }
    Ok(list)
}

/// The live demo's voices that can speak right now (nobody is shown a demo voice they
/// cannot try).
pub async fn list_demo(svc: &Services) -> Result<VoiceList> {
    let voices = voices::list_demo(&svc.pool).await?;
    let mut list = view(svc, voices, Role::User);
    list.voices.retain(VoiceChoice::available);
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

fn voice_view(engines: &Engines, voice: Voice, role: Role) -> VoiceChoice {
    VoiceChoice {
        unavailable_reason: engines.usable(voice.provider).err().map(|why| why.reason_for(role)),
        supports_rate: crate::providers::of(voice.provider).takes_rate,
        voice,
    }
}
