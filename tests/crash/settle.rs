//! After a restart, the mutations left without an answer: each must have happened wholly or not
//! at all; what the server holds goes into the model.

use serde_json::json;

use crate::client::Answer;
use crate::model::{Board, Folder, Pending, Pin, User};
use crate::verify::Verifier;
use crate::workload::PASSWORD;

impl Verifier<'_> {
    /// Settles a mutation left without an answer: finds whether it happened, checks that it
    /// happened wholly, and takes what the server holds into the model.
    pub async fn settle(&self, pending: Pending) -> Result<(), String> {
        match pending {
            Pending::SignUp {
                worker,
                username,
                email,
            } => {
                let (answer, token) = self
                    .ctx
                    .client
                    .graphql_session(
                        self.base,
                        None,
                        "mutation($e: String!, $p: String!) { login(email: $e, password: $p) { username } }",
                        json!({ "e": email, "p": PASSWORD }),
                    )
                    .await;
                match answer {
                    Answer::Data(_) => {
                        let session = token.ok_or("a sign-in without a session")?;
                        let user = User {
                            worker,
                            email,
                            session,
                        };
                        self.ctx.model.lock().unwrap().users.insert(username, user);
                    }
                    Answer::Refused(_) => {}
                    Answer::Lost(why) => return Err(format!("login: {why}")),
                }
            }
            Pending::NewFolder { owner, name } => {
                let session = self.session(&owner);
                let query = "query($after: String) { me { folders(first: 50, after: $after) { edges { node { id name } } pageInfo { endCursor hasNextPage } } } }";
                let folders = self
                    .all_nodes(&session, query, json!({}), &["me", "folders"])
                    .await?;
                if let Some(found) = folders.iter().find(|f| f["name"] == json!(name)) {
                    let id = found["id"].as_str().unwrap().to_owned();
                    let folder = Folder { owner, name };
                    self.ctx.model.lock().unwrap().folders.insert(id, folder);
                }
            }
            Pending::NewBoard { owner, state } => {
                let session = self.session(&owner);
                let query = "query($after: String) { me { boards(first: 50, after: $after) { edges { node { id title } } pageInfo { endCursor hasNextPage } } } }";
                let boards = self
                    .all_nodes(&session, query, json!({}), &["me", "boards"])
                    .await?;
                if let Some(found) = boards.iter().find(|b| b["title"] == json!(state.title)) {
                    let id = found["id"].as_str().unwrap().to_owned();
                    let seen = self.board(&session, &id).await?;
                    if seen.as_ref() != Some(&state) {
                        return Err(format!(
                            "board {id}, added without an answer, is {seen:?}, not {state:?}"
                        ));
                    }
                    let board = Board { owner, state };
                    self.ctx.model.lock().unwrap().boards.insert(id, board);
                }
            }
            Pending::NewPin {
                owner,
                picture,
                state,
            } => {
                let session = self.session(&owner);
                let query = "query($after: String) { me { pins(first: 50, after: $after) { edges { node { id caption } } pageInfo { endCursor hasNextPage } } } }";
                let pins = self
                    .all_nodes(&session, query, json!({}), &["me", "pins"])
                    .await?;
                if let Some(found) = pins.iter().find(|p| p["caption"] == json!(state.word)) {
                    let id = found["id"].as_str().unwrap().to_owned();
                    let seen = self.pin(&session, &id).await?.map(|seen| seen.state);
                    if seen.as_ref() != Some(&state) {
                        return Err(format!(
                            "pin {id}, added without an answer, is {seen:?}, not {state:?}"
                        ));
                    }
                    let pin = Pin {
                        owner,
                        picture,
                        state,
                    };
                    self.ctx.model.lock().unwrap().pins.insert(id, pin);
                }
            }
            Pending::Change {
                owner,
                what,
                pins,
                boards,
            } => {
                let session = self.session(&owner);
                let mut seen_pins = Vec::new();
                for (id, _, _) in &pins {
                    seen_pins.push(self.pin(&session, id).await?.map(|seen| seen.state));
                }
                let mut seen_boards = Vec::new();
                for (id, _, _) in &boards {
                    seen_boards.push(self.board(&session, id).await?);
                }
                let all_before = pins.iter().zip(&seen_pins).all(|((_, b, _), s)| b == s)
                    && boards.iter().zip(&seen_boards).all(|((_, b, _), s)| b == s);
                let all_after = pins.iter().zip(&seen_pins).all(|((_, _, a), s)| a == s)
                    && boards.iter().zip(&seen_boards).all(|((_, _, a), s)| a == s);
                if !all_before && !all_after {
                    return Err(format!(
                        "{what} without an answer was done in part: pins {pins:?} boards {boards:?}; \
                         the server has pins {seen_pins:?} boards {seen_boards:?}"
                    ));
                }
                let mut model = self.ctx.model.lock().unwrap();
                for ((id, _, _), seen) in pins.iter().zip(seen_pins) {
                    model.set_pin(id, &owner, seen);
                }
                for ((id, _, _), seen) in boards.iter().zip(seen_boards) {
                    model.set_board(id, seen);
                }
            }
        }
        Ok(())
    }
}
