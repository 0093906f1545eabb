//! Outgoing mail: over SMTP when configured, else each message as an `.eml` file in the outbox.
//! A mail is said in its reader's language (`service::languages::of_reader`).

use anyhow::Context;
use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use corkboard_domain::config::{Config, SmtpSecurity};
use corkboard_domain::error::AppResult;
use corkboard_i18n::Locale;

/// Where mails go.
#[derive(Clone)]
pub enum Mailer {
    Smtp {
        transport: AsyncSmtpTransport<Tokio1Executor>,
        from: Mailbox,
    },
    Outbox {
        transport: AsyncFileTransport<Tokio1Executor>,
        from: Mailbox,
    },
}

/// A mail to one person, in plain text.
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

impl Mail {
    /// A mail to `to` with the catalogs' `subject` and `body`, said in `locale`; the body ends
    /// with a line break.
    pub fn said_in(
        locale: &Locale,
        to: String,
        subject: corkboard_i18n::Message,
        body: corkboard_i18n::Message,
    ) -> Mail {
        Mail {
            to,
            subject: subject.text_in(locale),
            body: format!("{}\n", body.text_in(locale)),
        }
    }
}

impl Mailer {
    pub(crate) fn from_config(config: &Config) -> anyhow::Result<Mailer> {
        let from: Mailbox = config
            .mail
            .from
            .parse()
            .context("mail.from is not a valid address")?;
        let Some(host) = &config.mail.smtp_host else {
            let outbox = config.outbox_dir();
            std::fs::create_dir_all(&outbox)
                .with_context(|| format!("cannot create the outbox {}", outbox.display()))?;
            return Ok(Mailer::Outbox {
                transport: AsyncFileTransport::new(outbox),
                from,
            });
        };
        let builder = match config.mail.smtp_security {
            SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)?,
            SmtpSecurity::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)?,
            SmtpSecurity::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
        };
        let mut builder = builder.port(config.mail.smtp_port);
        if let (Some(user), Some(password)) =
            (&config.mail.smtp_username, &config.mail.smtp_password)
        {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        Ok(Mailer::Smtp {
            transport: builder.build(),
            from,
        })
    }

    /// Sends one mail; a failure is logged with its cause and reported as an internal error.
    pub async fn send(&self, mail: Mail) -> AppResult<()> {
        let from = match self {
            Mailer::Smtp { from, .. } | Mailer::Outbox { from, .. } => from.clone(),
        };
        let to: Mailbox = mail
            .to
            .parse()
            .context("the recipient address is not valid")?;
        let message = Message::builder()
            .from(from)
            .to(to)
            .subject(mail.subject)
            .body(mail.body)
            .context("cannot build the mail")?;
        match self {
            Mailer::Smtp { transport, .. } => {
                transport
                    .send(message)
                    .await
                    .context("the SMTP server refused the mail")?;
            }
            Mailer::Outbox { transport, .. } => {
                transport
                    .send(message)
                    .await
                    .context("cannot write the mail to the outbox")?;
            }
        }
        Ok(())
    }
}
