//! How many entries a zip file says it holds, read from its end record (zip64 too) before the
//! zip library reads its whole index into memory: an index of millions of tiny entries is a few
//! times the file's size once read.

use std::io::{self, Read, Seek, SeekFrom};

const END: &[u8; 4] = b"PK\x05\x06";
const END64_LOCATOR: &[u8; 4] = b"PK\x06\x07";
const END64: &[u8; 4] = b"PK\x06\x06";
/// The end record's size without its comment, and the longest comment.
const END_SIZE: u64 = 22;
const COMMENT_MAX: u64 = u16::MAX as u64;

/// The entries the zip in `file` declares, or `None` when it has no end record (not a zip: the
/// zip library says so in its words).
pub(crate) fn declared_entries(file: &mut (impl Read + Seek)) -> io::Result<Option<u64>> {
    let length = file.seek(SeekFrom::End(0))?;
    let tail_length = length.min(END_SIZE + COMMENT_MAX);
    let tail_start = length - tail_length;
    let tail = read_at(file, tail_start, tail_length as usize)?;
    let Some(end) = (0..tail.len().saturating_sub(END_SIZE as usize - 1))
        .rev()
        .find(|&at| &tail[at..at + 4] == END)
    else {
        return Ok(None);
    };
    let entries = u64::from(u16::from_le_bytes([tail[end + 10], tail[end + 11]]));
    if entries != u64::from(u16::MAX) || end < 20 || &tail[end - 20..end - 16] != END64_LOCATOR {
        return Ok(Some(entries));
    }
    let locator = &tail[end - 20..end];
    let record_at = u64::from_le_bytes(locator[8..16].try_into().expect("8 bytes"));
    if record_at.saturating_add(40) > length {
        return Ok(Some(entries));
    }
    let record = read_at(file, record_at, 40)?;
    if &record[..4] != END64 {
        return Ok(Some(entries));
    }
    Ok(Some(u64::from_le_bytes(
        record[32..40].try_into().expect("8 bytes"),
    )))
}

fn read_at(file: &mut (impl Read + Seek), at: u64, length: usize) -> io::Result<Vec<u8>> {
    file.seek(SeekFrom::Start(at))?;
    let mut bytes = vec![0; length];
    file.read_exact(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use std::io::{Cursor, Write};

    use super::*;

    fn zip_of(entries: usize, comment: &str) -> Vec<u8> {
        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for n in 0..entries {
            zip.start_file(format!("f{n}"), zip::write::SimpleFileOptions::default())
                .unwrap();
            zip.write_all(b"x").unwrap();
        }
        zip.set_comment(comment);
        zip.finish().unwrap().into_inner()
    }

    #[test]
    fn the_end_record_tells_how_many_entries() {
        for (entries, comment) in [(0, ""), (3, "a comment"), (70_000, "")] {
            let mut zip = Cursor::new(zip_of(entries, comment));
            assert_eq!(
                declared_entries(&mut zip).unwrap(),
                Some(entries as u64),
                "{entries}"
            );
        }
        assert_eq!(
            declared_entries(&mut Cursor::new(b"not a zip".to_vec())).unwrap(),
            None
        );
    }
}
