//! What the operator of the machine does from the command line (`corkboard admin ...`, `corkboard
//! backup`, `corkboard import-dir`): make an account, set a password, make an admin, disable or
//! enable, back up, import a folder of the server's pictures for an account. It acts with the
//! rights of whoever may read the data folder; every action is logged.

use serde::{Deserialize, Serialize};

use crate::service::admin::set_disabled_in;
use crate::service::backup::back_up;
use crate::service::context::Services;
use crate::service::data::Data;
use crate::service::imports;
use crate::service::recovery::revoke_credentials;
use crate::service::registration;
use crate::service::secrets::hash_password;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::user::{
    UserRecord, validate_email, validate_new_password, validate_username,
};
use corkboard_i18n::msg;
use corkboard_store::users;

/// One command, as the command line sends it (to the running server, or carried out itself).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum OperatorCommand {
    CreateUser {
        username: String,
        email: String,
        password: String,
        admin: bool,
    },
    ResetPassword {
        username: String,
        password: String,
    },
    Promote {
        username: String,
    },
    Disable {
        username: String,
    },
    Enable {
        username: String,
    },
    /// A backup of the data folder into the new folder `out` (an absolute path).
    Backup {
        out: std::path::PathBuf,
    },
    /// Starts importing a folder of pictures for an account; the answer is the job's id.
    ImportDir {
        dir: std::path::PathBuf,
        username: String,
        board: String,
    },
    /// How far an import got; the answer is an `ImportStatus` as JSON.
    ImportStatus {
        job: u64,
    },
    /// The setup code that makes the first account of an instance that serves the public.
    SetupCode,
}

/// An import's progress, as `corkboard import-dir` shows it.
#[derive(Debug, Serialize, Deserialize)]
pub struct ImportStatus {
    pub total: usize,
    pub done: usize,
    pub created: usize,
    pub duplicates: usize,
    pub failed: usize,
    pub finished: bool,
}

/// Carries out `command`; what was done, in a sentence.
pub async fn carry_out(services: &Services, command: OperatorCommand) -> AppResult<String> {
    match command {
        OperatorCommand::CreateUser {
            username,
            email,
            password,
            admin,
        } => {
            let (username, email) = (username.trim().to_owned(), email.trim().to_owned());
            validate_username(&username)?;
            validate_email("email", &email)?;
            validate_new_password("password", &password)?;
            let password_hash = services
                .password_work(move |_| hash_password(&password))
                .await?;
            let user = services
                .write(move |write| {
                    let user = UserRecord {
                        email_verified: true,
                        admin,
                        ..UserRecord::new(username, email, password_hash)
                    };
                    users::insert(write, user)
                })
                .await?;
            tracing::info!(user = %user.id, admin = user.admin, "the operator created an account");
            let role = if user.admin { "an admin" } else { "a member" };
            Ok(format!("Created {} ({role}).", user.username))
        }
        OperatorCommand::ResetPassword { username, password } => {
            validate_new_password("password", &password)?;
            let password_hash = services
                .password_work(move |_| hash_password(&password))
                .await?;
            let user = change(services, username, move |write, user| {
                user.password_hash = password_hash;
                users::update(write, user)?;
                revoke_credentials(write, user.id, None)?;
                Ok(())
            })
            .await?;
            tracing::info!(user = %user.id, "the operator set an account's password");
            Ok(format!(
                "Set the password of {}; their sessions and API keys were revoked.",
                user.username
            ))
        }
        OperatorCommand::Promote { username } => {
            let user = change(services, username, |write, user| {
                user.admin = true;
                users::update(write, user)
            })
            .await?;
            tracing::info!(user = %user.id, "the operator made an account admin");
            Ok(format!("{} is an admin.", user.username))
        }
        OperatorCommand::Disable { username } => set_disabled(services, username, true).await,
        OperatorCommand::Enable { username } => set_disabled(services, username, false).await,
        OperatorCommand::ImportDir {
            dir,
            username,
            board,
        } => {
            let name = username.trim().to_owned();
            let user = services
                .read(move |read| users::by_username(read, &name))
                .await?
                .ok_or_else(|| {
                    AppError::not_found(msg!("error-no-account-named", username = username))
                })?;
            let job = imports::start_dir(services, user.id, dir, board).await?;
            tracing::info!(user = %user.id, job = job.id, pictures = job.total, "the operator started importing a folder");
            Ok(job.id.to_string())
        }
        OperatorCommand::ImportStatus { job } => {
            let job = imports::job(services, job).await?;
            let status = ImportStatus {
                total: job.total,
                done: job.done(),
                created: job.created,
                duplicates: job.duplicates,
                failed: job.failed,
                finished: job.finished(),
            };
            Ok(serde_json::to_string(&status).map_err(anyhow::Error::from)?)
        }
        OperatorCommand::SetupCode => registration::setup_code_for_operator(services).await,
        OperatorCommand::Backup { out } => {
            let folder = out.clone();
            let made = services
                .blocking(move |services| {
                    back_up(
                        &services.store,
                        &services.picture_files,
                        &services.config,
                        &out,
                    )
                    .map(|manifest| manifest.summary(&out))
                    // The operator is at the machine: the cause is theirs to read.
                    .map_err(|error| AppError::Validation {
                        field: None,
                        message: msg!("error-backup-failed", error = format!("{error:#}")),
                    })
                })
                .await?;
            tracing::info!(out = %folder.display(), "the operator made a backup");
            Ok(made)
        }
    }
}

async fn set_disabled(data: &Data, username: String, disabled: bool) -> AppResult<String> {
    let user = change(data, username, move |write, user| {
        *user = set_disabled_in(write, user.id, disabled)?;
        Ok(())
    })
    .await?;
    tracing::info!(user = %user.id, disabled, "the operator disabled or enabled an account");
    let done = if disabled { "disabled" } else { "enabled" };
    Ok(format!("{} is {done}.", user.username))
}

/// Loads the account named `username` and changes it with `change`, in one transaction.
async fn change(
    data: &Data,
    username: String,
    change: impl FnOnce(&corkboard_store::writing::Writing, &mut UserRecord) -> AppResult<()>
    + Send
    + 'static,
) -> AppResult<UserRecord> {
    data.write(move |write| {
        let mut user = users::by_username(write, username.trim())?.ok_or_else(|| {
            AppError::not_found(msg!("error-no-account-named", username = username.as_str()))
        })?;
        change(write, &mut user)?;
        Ok(user)
    })
    .await
}
