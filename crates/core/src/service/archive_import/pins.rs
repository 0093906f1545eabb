//! The pins, a batch at a time in the archive's order (so that lists newest first keep their
//! order): each batch is planned in a read transaction, its new pictures ingested, then written
//! in one write transaction with the pins' places on boards, their covers, and where they came
//! from.

use std::collections::{HashMap, HashSet};

use super::records::Importer;
use crate::service::export::ExportedPin;
use crate::service::quotas::check_new_pins;
use crate::web::fetch::web_address;
use corkboard_domain::config::QuotasConfig;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{BoardId, PinId, UserId};
use corkboard_domain::pin::{PinRecord, PinText};
use corkboard_i18n::{Message, msg};
use corkboard_store::writing::Writing;
use corkboard_store::{
    Source, board_links, board_pins, board_writes, boards, imported, pin_writes, pins, public_pins,
};

/// What to do with one archive pin.
pub enum Step {
    /// Imported before: nothing.
    Done(PinId),
    /// Its owner already had a pin of this picture: that pin stands for it.
    Found(PinId),
    Create,
}

/// What became of one archive pin.
pub enum Written {
    Created(PinId),
    /// Imported before, or a pin of the same picture its owner had.
    AlreadyThere(PinId),
    Failed(Message),
    /// Not added: its owner reached a quota (the sentence saying which).
    OverQuota(Message),
}

/// Where each archive pin goes on the imported boards, and which boards it is the cover of.
#[derive(Default)]
pub(crate) struct Places {
    edges: HashMap<u64, Vec<(BoardId, i64)>>,
    covers: HashMap<u64, Vec<BoardId>>,
}

impl Places {
    pub fn of(importer: &Importer) -> Places {
        let mut places = Places::default();
        for board in &importer.manifest.boards {
            let Some(&local) = importer.boards.get(&board.id) else {
                continue;
            };
            for pin in &board.pins {
                places
                    .edges
                    .entry(pin.pin)
                    .or_default()
                    .push((local, pin.order));
            }
            if let Some(cover) = board.cover {
                places.covers.entry(cover).or_default().push(local);
            }
        }
        places
    }
}

impl Importer {
    /// The archive's pins that go to a mapped account, oldest (lowest id) first, as indexes.
    pub(crate) fn pins_to_import(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.manifest.pins.len())
            .filter(|i| self.owners.contains_key(&self.manifest.pins[*i].owner))
            .collect();
        order.sort_by_key(|i| self.manifest.pins[*i].id);
        order
    }

    /// The pictures each owner had before this archive's imports began: sha1 -> one of its pins.
    pub(crate) fn pictures_had(
        &self,
        tx: &impl Source,
        owner: UserId,
    ) -> AppResult<HashMap<String, PinId>> {
        let created: HashSet<u64> = imported::locals(tx, &self.origin, owner.0, "pin")?
            .into_iter()
            .collect();
        let mut had = HashMap::new();
        for pin in pins::of_user(tx, owner)? {
            if !created.contains(&pin.id.0) {
                had.entry(pin.picture.sha1).or_insert(pin.id);
            }
        }
        Ok(had)
    }

    /// Decides what to do with each pin of a batch.
    pub fn plan(
        &self,
        tx: &impl Source,
        batch: &[usize],
        had: &HashMap<UserId, HashMap<String, PinId>>,
    ) -> AppResult<Vec<Step>> {
        let mut steps = Vec::with_capacity(batch.len());
        for &index in batch {
            let pin = &self.manifest.pins[index];
            let owner = self.owners[&pin.owner];
            steps.push(self.step(tx, pin, owner, had)?);
        }
        Ok(steps)
    }

    fn step(
        &self,
        tx: &impl Source,
        pin: &ExportedPin,
        owner: UserId,
        had: &HashMap<UserId, HashMap<String, PinId>>,
    ) -> AppResult<Step> {
        for kind in ["pin", "pin-found"] {
            if let Some(local) = imported::get(tx, self.origin(owner, kind, pin.id))?
                && pins::get(tx, PinId(local))?.is_some_and(|p| p.user == owner)
            {
                return Ok(Step::Done(PinId(local)));
            }
        }
        // An archive of this very instance: the pin is still here.
        if self.from_here
            && pins::get(tx, PinId(pin.id))?
                .is_some_and(|p| p.user == owner && p.picture.sha1 == pin.picture.sha1)
        {
            return Ok(Step::Done(PinId(pin.id)));
        }
        if let Some(existing) = had.get(&owner).and_then(|h| h.get(&pin.picture.sha1)) {
            return Ok(Step::Found(*existing));
        }
        Ok(Step::Create)
    }

    /// Writes a planned batch in one transaction; returns what became of each archive pin (by
    /// its index in the manifest). With `quotas`, a new pin that would take its owner over one
    /// is not added, nor any new pin after it (`stopped`: a quota was reached before).
    pub(crate) fn write_batch(
        &self,
        write: &Writing,
        batch: &[usize],
        steps: &[Step],
        places: &Places,
        quotas: Option<&QuotasConfig>,
        mut stopped: Option<Message>,
    ) -> AppResult<Vec<(usize, Written)>> {
        let mut done = Vec::new();
        let mut written: HashMap<u64, PinId> = HashMap::new();
        for (&index, step) in batch.iter().zip(steps) {
            let pin = &self.manifest.pins[index];
            let owner = self.owners[&pin.owner];
            // Another import of the same archive may have written it meanwhile.
            let meanwhile = match step {
                Step::Create => imported::get(write, self.origin(owner, "pin", pin.id))?
                    .filter(|local| pins::get(write, PinId(*local)).is_ok_and(|p| p.is_some())),
                _ => None,
            };
            let outcome = match (step, meanwhile) {
                (_, Some(local)) => Written::AlreadyThere(PinId(local)),
                (Step::Done(local), None) => Written::AlreadyThere(*local),
                (Step::Found(local), None) => {
                    imported::put(write, self.origin(owner, "pin-found", pin.id), local.0)?;
                    place(write, *local, pin.id, places)?;
                    Written::AlreadyThere(*local)
                }
                (Step::Create, None) => {
                    if stopped.is_none() {
                        stopped = self.over_quota(write, quotas, pin, owner)?;
                    }
                    match &stopped {
                        Some(reason) => Written::OverQuota(reason.clone()),
                        None => self.create(write, pin, owner, &written, places)?,
                    }
                }
            };
            if let Written::Created(local) | Written::AlreadyThere(local) = outcome {
                written.insert(pin.id, local);
            }
            done.push((index, outcome));
        }
        Ok(done)
    }

    /// Writes a new pin of `owner`'s from the archive pin, on its boards.
    fn create(
        &self,
        write: &Writing,
        pin: &ExportedPin,
        owner: UserId,
        written: &HashMap<u64, PinId>,
        places: &Places,
    ) -> AppResult<Written> {
        Ok(match self.new_pin(pin, owner, written) {
            Ok(record) => {
                let record = pin_writes::insert(write, record, &[])?;
                imported::put(write, self.origin(owner, "pin", pin.id), record.id.0)?;
                place(write, record.id, pin.id, places)?;
                Written::Created(record.id)
            }
            Err(reason) => Written::Failed(reason),
        })
    }

    /// Why a new pin of `owner`'s would go over a quota, if it would.
    fn over_quota(
        &self,
        tx: &impl Source,
        quotas: Option<&QuotasConfig>,
        pin: &ExportedPin,
        owner: UserId,
    ) -> AppResult<Option<Message>> {
        let Some(quotas) = quotas else {
            return Ok(None);
        };
        let weight = match self.pictures.get(&pin.picture.sha1) {
            Some(Ok(picture)) => picture.weight,
            _ => 0,
        };
        match check_new_pins(tx, quotas, owner, 1, weight) {
            Ok(()) => Ok(None),
            Err(AppError::Validation { message, .. }) => Ok(Some(message)),
            Err(error) => Err(error),
        }
    }

    /// The record of a new pin, its text checked like a person's, its picture as ingested here.
    fn new_pin(
        &self,
        pin: &ExportedPin,
        owner: UserId,
        written: &HashMap<u64, PinId>,
    ) -> Result<PinRecord, Message> {
        let picture = match self.pictures.get(&pin.picture.sha1) {
            Some(Ok(picture)) => picture.clone(),
            Some(Err(reason)) => return Err(reason.clone()),
            None => return Err(msg!("import-picture-not-ingested")),
        };
        let text = PinText::checked(
            pin.title.clone(),
            &pin.caption,
            Some(i32::from(pin.rating)),
            Some(pin.unsafe_content),
            Some(pin.tags.clone()),
        )
        .map_err(|error| error.sentence())?;
        let added_via = pin
            .added_via
            .and_then(|via| self.pins.get(&via).or_else(|| written.get(&via)).copied());
        Ok(PinRecord {
            added_via,
            created_at: pin.created_at,
            ..PinRecord::new(owner, picture, source_url(pin), text)
        })
    }
}

/// The pin's source address when it is one `addPin` takes (http or https): a `javascript:` or
/// `data:` one is left out.
pub fn source_url(pin: &ExportedPin) -> Option<String> {
    let url = pin.source_file_url.as_deref()?;
    web_address(url).ok().map(|url| url.to_string())
}

/// Puts `local` on the imported boards the archive pin was on, at its order there, and makes it
/// the cover of the boards whose cover it was.
fn place(write: &Writing, local: PinId, archived: u64, places: &Places) -> AppResult<()> {
    for (board, order) in places.edges.get(&archived).into_iter().flatten() {
        if board_pins::order_of(write, local, *board)?.is_none() {
            board_links::set_order(write, local, *board, *order)?;
        }
    }
    public_pins::refresh_public(write, local)?;
    for board in places.covers.get(&archived).into_iter().flatten() {
        if let Some(before) = boards::get(write, *board)?
            && before.cover.is_none()
            && board_pins::order_of(write, local, *board)?.is_some()
        {
            let mut after = before.clone();
            after.cover = Some(local);
            board_writes::save(write, Some(&before), &after)?;
        }
    }
    Ok(())
}
