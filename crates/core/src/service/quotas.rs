//! What one account may hold (`[quotas]`): pins, the bytes of their pictures and the uploads
//! waiting to be pinned, checked in the transaction that would go over; and the slots that let
//! each account run one import and one export at a time, and the server a few imports.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use corkboard_domain::config::QuotasConfig;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::sizes::size_parts;
use corkboard_i18n::{Message, msg};
use corkboard_store::{Source, import_jobs, temp_pins, user_pins};

/// Refuses `pins` new pins of `user` whose originals take `bytes`, when they would go over the
/// account's pin or storage quota. Run it in the transaction that writes them.
pub(crate) fn check_new_pins(
    tx: &impl Source,
    quotas: &QuotasConfig,
    user: UserId,
    pins: u64,
    bytes: u64,
) -> AppResult<()> {
    let max = quotas.max_pins_per_user;
    if max > 0 && user_pins::counts(tx, user)?.all as u64 + pins > max {
        return Err(over_quota(msg!(
            "error-quota-pins",
            max = max,
            grouped = with_thousands(max)
        )));
    }
    let max = quotas.max_storage_bytes_per_user;
    if max > 0 && user_pins::bytes(tx, user)?.saturating_add(bytes) > max {
        let (amount, unit) = size_parts(max);
        return Err(over_quota(msg!(
            "error-quota-storage",
            amount = amount,
            unit = unit
        )));
    }
    Ok(())
}

/// Refuses an upload of `bytes` when `user`'s pictures waiting to be pinned would go over the
/// account's quota of them. Run it in the transaction that stages it (and before, to refuse
/// early).
pub(crate) fn check_waiting(
    tx: &impl Source,
    quotas: &QuotasConfig,
    user: UserId,
    bytes: u64,
) -> AppResult<()> {
    let max = quotas.max_temp_bytes_per_user;
    if max > 0 && temp_pins::bytes_of(tx, user)?.saturating_add(bytes) > max {
        let (amount, unit) = size_parts(max);
        return Err(over_quota(msg!(
            "error-quota-waiting",
            amount = amount,
            unit = unit
        )));
    }
    Ok(())
}

fn over_quota(message: Message) -> AppError {
    AppError::Validation {
        field: None,
        message,
    }
}

/// `50,000`, as English messages write some counts: given them as `grouped` beside the number
/// (which other languages write with their own separators, and which chooses plural forms).
pub(crate) fn with_thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (place, digit) in digits.chars().enumerate() {
        if place > 0 && (digits.len() - place).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The accounts running an import, and those running an export, now.
#[derive(Debug, Default)]
pub struct Running {
    imports: Arc<Mutex<HashSet<UserId>>>,
    exports: Arc<Mutex<HashSet<UserId>>>,
}

/// An import's or export's place in `Running`, given back when dropped.
#[derive(Debug)]
pub struct Slot {
    set: Arc<Mutex<HashSet<UserId>>>,
    user: UserId,
}

impl Drop for Slot {
    fn drop(&mut self) {
        lock(&self.set).remove(&self.user);
    }
}

fn lock(set: &Mutex<HashSet<UserId>>) -> std::sync::MutexGuard<'_, HashSet<UserId>> {
    set.lock().unwrap_or_else(|e| e.into_inner())
}

fn import_running() -> AppError {
    AppError::RateLimited(msg!("error-import-running"))
}

impl Running {
    /// An archive import's slot: refused while `user` runs another import (an archive, or a
    /// job of `tx` not finished), or while `at_once` imports run on the server (0: no limit).
    pub fn start_import(&self, tx: &impl Source, user: UserId, at_once: usize) -> AppResult<Slot> {
        if job_running(tx, user)? {
            return Err(import_running());
        }
        let mut imports = lock(&self.imports);
        if imports.contains(&user) {
            return Err(import_running());
        }
        if at_once > 0 && imports.len() >= at_once {
            return Err(AppError::RateLimited(msg!("error-imports-busy")));
        }
        imports.insert(user);
        Ok(Slot {
            set: self.imports.clone(),
            user,
        })
    }

    /// Refuses a new import job while `user` runs another import.
    pub(crate) fn check_no_import(&self, tx: &impl Source, user: UserId) -> AppResult<()> {
        if lock(&self.imports).contains(&user) || job_running(tx, user)? {
            return Err(import_running());
        }
        Ok(())
    }

    /// An export's slot: refused while `user` runs another export.
    pub(crate) fn start_export(&self, user: UserId) -> AppResult<Slot> {
        let mut exports = lock(&self.exports);
        if !exports.insert(user) {
            return Err(AppError::RateLimited(msg!("error-export-running")));
        }
        Ok(Slot {
            set: self.exports.clone(),
            user,
        })
    }
}

/// Whether one of `user`'s import jobs is not finished.
fn job_running(tx: &impl Source, user: UserId) -> AppResult<bool> {
    for id in import_jobs::unfinished(tx)? {
        if import_jobs::get(tx, id)?.is_some_and(|job| job.user == user) {
            return Ok(true);
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_with_thousands_separated() {
        assert_eq!(with_thousands(50_000), "50,000");
        assert_eq!(with_thousands(999), "999");
        assert_eq!(with_thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn an_account_runs_one_export_at_a_time() {
        let running = Running::default();
        let slot = running.start_export(UserId(1)).unwrap();
        assert!(running.start_export(UserId(1)).is_err());
        let other = running.start_export(UserId(2)).unwrap();
        drop(slot);
        assert!(running.start_export(UserId(1)).is_ok());
        drop(other);
    }
}
