//! The data folder is the server's alone: it holds the database (emails, password hashes),
//! originals of private pins, and mails with reset links. Everything the process creates is
//! private (umask 077), and at start a folder made before is tightened to folders 0700 and files
//! 0600.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Makes every file and folder this process creates from now on private to its user.
pub fn create_private() {
    // SAFETY: umask only changes this process's file mode creation mask.
    unsafe {
        libc::umask(0o077);
    }
}

/// Takes group and other permissions off every folder and file under `dir` (symbolic links are
/// not followed); how many it changed. A missing folder changes nothing.
pub(crate) fn tighten(dir: &Path) -> std::io::Result<usize> {
    let Ok(meta) = std::fs::symlink_metadata(dir) else {
        return Ok(0);
    };
    let mut changed = 0;
    if meta.file_type().is_symlink() {
        return Ok(0);
    }
    let mode = meta.permissions().mode();
    if mode & 0o077 != 0 {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode & 0o700))?;
        changed += 1;
    }
    if meta.is_dir() {
        for entry in std::fs::read_dir(dir)? {
            changed += tighten(&entry?.path())?;
        }
    }
    Ok(changed)
}

/// Tightens `dir` (see `tighten`) and says in the log how many it changed.
pub(crate) fn tighten_and_say(dir: &Path) {
    match tighten(dir) {
        Ok(0) => {}
        Ok(changed) => tracing::warn!(
            folder = %dir.display(),
            changed,
            "files and folders others could read were made private to the server's user"
        ),
        Err(error) => tracing::warn!(
            folder = %dir.display(),
            %error,
            "cannot make every file of the folder private"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tightens_folders_and_files_and_counts_them() {
        let dir = std::env::temp_dir().join(format!("tighten-{}", rand::random::<u64>()));
        std::fs::create_dir_all(dir.join("inner")).unwrap();
        std::fs::write(dir.join("inner/mail.eml"), "token").unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        let file = dir.join("inner/mail.eml");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::set_permissions(dir.join("inner"), std::fs::Permissions::from_mode(0o700))
            .unwrap();
        assert_eq!(tighten(&dir).unwrap(), 2);
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&file), 0o600);
        assert_eq!(tighten(&dir).unwrap(), 0, "nothing left to tighten");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
