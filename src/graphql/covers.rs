//! Covers computed once per board or folder and request, however many `coverN` fields ask.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::Mutex;

use crate::app::AppState;
use crate::domain::board::BoardRecord;
use crate::domain::ids::{BoardId, FolderId, UserId};
use crate::domain::pin::PinRecord;
use crate::error::AppResult;
use crate::service::pins;

/// Lives for one request (the viewer does not change within it).
#[derive(Default)]
pub struct CoverCache {
    boards: Mutex<HashMap<BoardId, Arc<Vec<PinRecord>>>>,
    folders: Mutex<HashMap<FolderId, Arc<Vec<PinRecord>>>>,
}

impl CoverCache {
    pub async fn board(
        &self,
        state: &AppState,
        board: &BoardRecord,
    ) -> AppResult<Arc<Vec<PinRecord>>> {
        let mut boards = self.boards.lock().await;
        if let Some(covers) = boards.get(&board.id) {
            return Ok(covers.clone());
        }
        let covers = Arc::new(pins::board_covers(state, board.clone()).await?);
        boards.insert(board.id, covers.clone());
        Ok(covers)
    }

    pub async fn folder(
        &self,
        state: &AppState,
        viewer: Option<UserId>,
        folder: FolderId,
    ) -> AppResult<Arc<Vec<PinRecord>>> {
        let mut folders = self.folders.lock().await;
        if let Some(covers) = folders.get(&folder) {
            return Ok(covers.clone());
        }
        let covers = Arc::new(pins::folder_covers(state, viewer, folder).await?);
        folders.insert(folder, covers.clone());
        Ok(covers)
    }
}
