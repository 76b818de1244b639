//! The head of the OpenAPI 3.1 document (info, tags, security schemes). The paths come
//! from the handlers' annotations as the routes register (`routes::api`); the whole
//! document is served at `GET /api/openapi.json`, snapshotted in `api/openapi.json` (a
//! test fails when they differ), and the web app's API types are generated from it.

use utoipa::OpenApi;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Stimmwerk API",
        description = "Deutsche Sprachsynthese: Konten, Stimmen, Aufträge, Live-Demo, Administration. \
                       Fehler, Authentifizierung und Limits: docs/api.md.",
        version = "1",
    ),
    modifiers(&SessionCookie),
    tags(
        (name = "auth", description = "Registrierung, Anmeldung, Sitzung"),
        (name = "account", description = "Das eigene Konto: Profil, Passwort, Sitzungen, Buchungen"),
        (name = "billing", description = "Guthaben aufladen (Stripe Checkout)"),
        (name = "voices", description = "Stimmen"),
        (name = "jobs", description = "Text-zu-Sprache-Aufträge und die Liste der Audios"),
        (name = "library", description = "Audio-Bibliothek: Statistik, Papierkorb, dauerhaft speichern, Kategorien und Tags"),
        (name = "demo", description = "Anonyme Live-Demo"),
        (name = "admin", description = "Dienst-Einstellungen (nur Administratoren)"),
        (name = "meta", description = "Limits und dieses Dokument"),
        (name = "api-keys", description = "API-Schlüssel für die Entwickler-API (Sitzung)"),
        (name = "webhooks", description = "Webhook-Empfänger für fertige Aufträge, Zustellprotokoll (Sitzung)"),
        (name = "v1", description = "Entwickler-API: Aufträge, Audio, Stimmen, Guthaben, Nutzung (API-Schlüssel)"),
        (name = "openai", description = "OpenAI-kompatible Sprachausgabe (API-Schlüssel; Fehler im OpenAI-Format)"),
    )
)]
struct ApiDoc;

struct SessionCookie;

impl utoipa::Modify for SessionCookie {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new("stimmwerk_session"))),
        );
        components.add_security_scheme(
            "api_key",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("sw_…")
                    .description(Some("Ein API-Schlüssel aus /dashboard/api/settings"))
                    .build(),
            ),
        );
    }
}

/// The document's head (info, tags, security schemes); the routes add the paths.
pub fn base() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}
