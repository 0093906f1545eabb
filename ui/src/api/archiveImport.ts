// POST /api/import: an export archive into the signed-in user's own account, answered with the
// import report (src/service/import/report.rs).

import { uploadFile } from './upload';

export const IMPORT_ENDPOINT = '/api/import';

export interface ImportCounts {
  users: number;
  folders: number;
  boards: number;
  pins: number;
}

export interface ImportReport {
  created: ImportCounts;
  /** Already there: imported before, or pins whose picture the account already had. */
  skipped: ImportCounts;
  renamed: { kind: string; owner: string; from: string; to: string }[];
  failed: { kind: string; what: string; reason: string }[];
  notes: string[];
}

/** Uploads the archive `file` (multipart field `archive`); `onProgress` gets the share sent. */
export function importArchive(file: File, onProgress?: (sent: number) => void): Promise<ImportReport> {
  return uploadFile<ImportReport>(IMPORT_ENDPOINT, 'archive', file, onProgress);
}
