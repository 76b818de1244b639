//! Outgoing e-mail with lettre: written to the outbox folder by default (one `.eml` file
//! per mail), sent over SMTP when `mail.smtp_url` is configured.

use crate::config::MailSettings;
use lettre::message::{Mailbox, Message, header::ContentType};
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use secrecy::ExposeSecret;

pub struct Mailer {
    transport: Transport,
    from: Mailbox,
}

enum Transport {
    Outbox(AsyncFileTransport<Tokio1Executor>),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

impl Mailer {
    pub fn from_settings(settings: &MailSettings) -> anyhow::Result<Mailer> {
        let from: Mailbox = settings.from.parse()?;
        let transport = match &settings.smtp_url {
            Some(url) if !url.expose_secret().is_empty() => {
                Transport::Smtp(AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose_secret())?.build())
            }
            _ => {
                std::fs::create_dir_all(&settings.outbox_dir)?;
                Transport::Outbox(AsyncFileTransport::new(&settings.outbox_dir))
            }
        };
        Ok(Mailer { transport, from })
    }

    pub async fn send(&self, mail: Mail) -> anyhow::Result<()> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(mail.to.parse()?)
            .subject(mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body)?;
        match &self.transport {
            Transport::Outbox(transport) => {
                transport.send(message).await?;
            }
            Transport::Smtp(transport) => {
                transport.send(message).await?;
            }
        }
        Ok(())
    }
}

/// The German confirmation mail of a new account.
pub fn confirmation(to: &str, name: &str, link: &str) -> Mail {
    Mail {
        to: to.to_owned(),
        subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse".into(),
        body: format!(
            "Hallo {name},\n\nvielen Dank für Ihre Registrierung bei Stimmwerk.\n\
             Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link:\n\n{link}\n\n\
             Der Link ist 48 Stunden gültig. Wenn Sie sich nicht registriert haben, \
             können Sie diese E-Mail ignorieren.\n\nIhr Stimmwerk-Team\n"
        ),
    }
}
