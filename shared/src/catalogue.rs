//! The stock voice catalogue (`shared/catalogue.json`): languages and voices (the
//! provider filter comes from the provider table). Provider voice names live in that
//! file, not in code; `seed` copies the
//! voices into the `voices` table so jobs can reference them.

use serde::Deserialize;
use sqlx::PgPool;

use crate::domain::kinds::ProviderId;

#[derive(Debug, Clone, Deserialize)]
pub struct Language {
    pub code: String,
    pub name: String,
    pub flag: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct CatalogueVoice {
    pub key: String,
    pub name: String,
    pub description: String,
    pub language: String,
    pub provider: ProviderId,
    pub api_name: String,
    pub gender: String,
    /// Picture shown next to the voice (a path under the web app, e.g. `/avatars/f1.svg`).
    pub avatar: String,
    pub is_demo: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Catalogue {
    pub languages: Vec<Language>,
    pub voices: Vec<CatalogueVoice>,
}

const CATALOGUE_JSON: &str = include_str!("../catalogue.json");

impl Catalogue {
    pub fn builtin() -> Catalogue {
        serde_json::from_str(CATALOGUE_JSON).expect("shared/catalogue.json is valid")
    }
}

/// Registers the providers, upserts every catalogue voice and deactivates stock voices no
/// longer listed.
pub async fn seed(pool: &PgPool, catalogue: &Catalogue) -> Result<(), sqlx::Error> {
    // Voices name their provider; the database learns the providers (and the other ids
    // the code declares) first.
    crate::providers::register(pool).await?;
    let mut tx = pool.begin().await?;
    for (order, voice) in catalogue.voices.iter().enumerate() {
        let stock = crate::db::voices::StockVoice {
            key: &voice.key,
            name: &voice.name,
            description: &voice.description,
            provider: voice.provider,
            api_name: &voice.api_name,
            language: &voice.language,
            gender: &voice.gender,
            avatar: &voice.avatar,
            is_demo: voice.is_demo,
        };
        crate::db::voices::upsert_stock(&mut *tx, &stock, order as i32).await?;
    }
    let keys: Vec<String> = catalogue.voices.iter().map(|v| v.key.clone()).collect();
    crate::db::voices::deactivate_stock_except(&mut *tx, &keys).await?;
    tx.commit().await
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn catalogue_is_consistent() {
        let catalogue = Catalogue::builtin();
        let languages: HashSet<_> = catalogue.languages.iter().map(|l| l.code.as_str()).collect();
        let mut keys = HashSet::new();
        for voice in &catalogue.voices {
            assert!(keys.insert(&voice.key), "duplicate key {}", voice.key);
            assert!(languages.contains(voice.language.as_str()), "{}: unknown language", voice.key);
            assert_ne!(voice.provider, ProviderId::Clone, "{}: the catalogue has stock voices only", voice.key);
            assert!(["male", "female"].contains(&voice.gender.as_str()));
            assert!(voice.avatar.starts_with("/avatars/") && voice.avatar.ends_with(".svg"), "{}: avatar", voice.key);
        }
        let stock = |lang: &str| {
            catalogue.voices.iter().filter(|v| v.language == lang && v.provider != ProviderId::Local).count()
        };
        assert_eq!(stock("de-DE"), 13, "spec: 13 German stock voices");
        assert_eq!(stock("en-US"), 12, "spec: 12 US English stock voices");
        assert!(catalogue.voices.iter().filter(|v| v.provider != ProviderId::Local).count() >= 30);
        assert_eq!(catalogue.voices.iter().filter(|v| v.is_demo).count(), 5, "five demo voices");
        for language in &catalogue.languages {
            let local = catalogue
                .voices
                .iter()
                .filter(|v| v.language == language.code && v.provider == ProviderId::Local)
                .count();
            assert!(local >= 2, "{} needs at least two local voices", language.code);
        }
    }
}
