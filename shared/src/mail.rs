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

    /// Sends a notice of something already done (a changed password, a new key): a
    /// failure is logged, not answered, because what it tells has happened.
    pub async fn notify(&self, mail: Mail) {
        if let Err(e) = self.send(mail).await {
            tracing::error!(error = %e, "notice mail not sent");
        }
    }
}

// The mails below greet without a name: nothing a stranger typed into a form is sent
// from our address before its owner confirmed it.

/// The German confirmation mail of a new account.
pub fn confirmation(to: &str, link: &str, hours: i64) -> Mail {
    Mail {
        to: to.to_owned(),
        subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse".into(),
        body: format!(
            "Guten Tag,\n\nvielen Dank für Ihre Registrierung bei Stimmwerk.\n\
             Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link:\n\n{link}\n\n\
             Der Link ist {hours} Stunden gültig. Wenn Sie sich nicht registriert haben, \
             können Sie diese E-Mail ignorieren.\n\nIhr Stimmwerk-Team\n"
        ),
    }
}

/// To an address that has a confirmed account already and was used to sign up again.
pub fn already_registered(to: &str, sign_in_url: &str) -> Mail {
    Mail {
        to: to.to_owned(),
        subject: "Sie haben bereits ein Stimmwerk-Konto".into(),
        body: format!(
            "Guten Tag,\n\njemand hat versucht, mit dieser E-Mail-Adresse ein neues Konto bei \
             Stimmwerk anzulegen. Für diese Adresse besteht bereits ein Konto; es wurde nichts \
             geändert.\n\nZur Anmeldung: {sign_in_url}\n\nWenn Sie das nicht waren, können Sie diese \
             E-Mail ignorieren.\n\nIhr Stimmwerk-Team\n"
        ),
    }
}

/// A one-time sign-in link.
pub fn login_link(to: &str, link: &str, minutes: i64) -> Mail {
    Mail {
        to: to.to_owned(),
        subject: "Ihr Anmeldelink für Stimmwerk".into(),
        body: format!(
            "Guten Tag,\n\nüber diesen Link melden Sie sich einmalig bei Stimmwerk an:\n\n{link}\n\n\
             Der Link ist {minutes} Minuten gültig. Wenn Sie ihn nicht angefordert haben, können \
             Sie diese E-Mail ignorieren; Ihr Konto bleibt geschützt.\n\nIhr Stimmwerk-Team\n"
        ),
    }
}

/// A single-use link to set a new password.
pub fn password_reset(to: &str, link: &str, minutes: i64) -> Mail {
    Mail {
        to: to.to_owned(),
        subject: "Neues Passwort für Stimmwerk".into(),
        body: format!(
            "Guten Tag,\n\nüber diesen Link legen Sie ein neues Passwort für Ihr Stimmwerk-Konto fest:\n\n\
             {link}\n\nDer Link ist {minutes} Minuten gültig und funktioniert einmal. Wenn Sie kein neues \
             Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt \
             unverändert.\n\nIhr Stimmwerk-Team\n"
        ),
    }
}

/// To the owner when wrong codes locked the code step of sign-ins with the password: the
/// password is probably known to someone else.
pub fn two_factor_locked(to: &str, hours: u64, sign_in_url: &str) -> Mail {
    Mail {
        to: to.to_owned(),
        subject: "Anmeldung bei Stimmwerk vorübergehend gesperrt".into(),
        body: format!(
            "Guten Tag,\n\nbei der Anmeldung an Ihrem Stimmwerk-Konto wurde zu oft ein falscher \
             Bestätigungscode eingegeben. Das Passwort war dabei richtig. Die Anmeldung mit Passwort \
             und Code ist deshalb für {hours} Stunden gesperrt.\n\nWaren Sie das? Dann melden Sie sich \
             über einen Anmeldelink an, den Sie hier anfordern: {sign_in_url}\n\
             Nach dem Link fragen wir wie gewohnt nach dem Code aus Ihrer App.\n\n\
             Waren Sie es nicht, kennt jemand Ihr Passwort. Bitte ändern Sie es nach der Anmeldung \
             auf der Kontoseite; Ihr Konto ist durch die Zwei-Faktor-Anmeldung weiter geschützt.\n\n\
             Ihr Stimmwerk-Team\n"
        ),
    }
}

/// To the owner after two-factor sign-in was switched on.
pub fn two_factor_enabled(to: &str, account_url: &str) -> Mail {
    Mail {
        to: to.to_owned(),
        subject: "Zwei-Faktor-Anmeldung eingeschaltet".into(),
        body: format!(
            "Guten Tag,\n\nfür Ihr Stimmwerk-Konto wurde soeben die Zwei-Faktor-Anmeldung eingeschaltet. \
             Ab jetzt fragen wir bei jeder Anmeldung nach dem Code aus Ihrer Authenticator-App. \
             Alle anderen Sitzungen Ihres Kontos wurden dabei beendet.\n\n\
             Waren Sie das nicht, melden Sie sich bitte sofort an, ändern Sie Ihr Passwort und \
             prüfen Sie die Einstellungen: {account_url}\n\nIhr Stimmwerk-Team\n"
        ),
    }
}

/// To the owner after two-factor sign-in was switched off.
pub fn two_factor_disabled(to: &str, account_url: &str) -> Mail {
    Mail {
        to: to.to_owned(),
        subject: "Zwei-Faktor-Anmeldung ausgeschaltet".into(),
        body: format!(
            "Guten Tag,\n\nfür Ihr Stimmwerk-Konto wurde soeben die Zwei-Faktor-Anmeldung ausgeschaltet. \
             Zur Anmeldung genügt jetzt wieder Ihr Passwort.\n\n\
             Waren Sie das nicht, ändern Sie bitte sofort Ihr Passwort (über „Passwort vergessen?“ \
             auf der Anmeldeseite) und schalten Sie die Zwei-Faktor-Anmeldung wieder ein: \
             {account_url}\n\nIhr Stimmwerk-Team\n"
        ),
    }
}

/// To the owner after their password was changed (every other session ended).
pub fn password_changed(to: &str, reset_url: &str) -> Mail {
    Mail {
        to: to.to_owned(),
        subject: "Ihr Passwort wurde geändert".into(),
        body: format!(
            "Guten Tag,\n\ndas Passwort Ihres Stimmwerk-Kontos wurde soeben geändert. Alle anderen \
             Anmeldungen wurden beendet und Ihre API-Schlüssel widerrufen.\n\n\
             Waren Sie das nicht, setzen Sie Ihr Passwort bitte sofort neu: {reset_url}\n\n\
             Ihr Stimmwerk-Team\n"
        ),
    }
}

/// To the owner after a new API key was created (it spends the balance).
pub fn api_key_created(to: &str, key_name: &str, prefix: &str, keys_url: &str) -> Mail {
    Mail {
        to: to.to_owned(),
        subject: "Neuer API-Schlüssel erstellt".into(),
        body: format!(
            "Guten Tag,\n\nfür Ihr Stimmwerk-Konto wurde soeben der API-Schlüssel „{key_name}“ \
             ({prefix}…) erstellt. Mit ihm lassen sich Audios auf Kosten Ihres Guthabens erzeugen.\n\n\
             Waren Sie das nicht, widerrufen Sie den Schlüssel bitte sofort und ändern Sie Ihr \
             Passwort: {keys_url}\n\nIhr Stimmwerk-Team\n"
        ),
    }
}
