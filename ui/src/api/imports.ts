// Imports from other tools: a bookmark file sent to POST /api/import/bookmarks becomes a job the
// server runs in the background; its progress is asked again every second while one runs.

import { ImportJobsQueryDocument } from './generated/graphql';
import { useQuery } from './query';
import { uploadFile } from './upload';

const BOOKMARKS_ENDPOINT = '/api/import/bookmarks';

/** Starts importing a bookmark file; resolves once the server has read it. */
export function importBookmarks(file: File): Promise<{ id: string; total: number }> {
  return uploadFile(BOOKMARKS_ENDPOINT, 'bookmarks', file);
}

/** The viewer's imports, newest first, followed closely while one is running. */
export function useImportJobs() {
  const { data, ...state } = useQuery(
    ImportJobsQueryDocument,
    {},
    { refreshInterval: (latest) => (latest?.importJobs.some((job) => !job.finishedAt) ? 1000 : 0) },
  );
  return { jobs: data?.importJobs ?? null, ...state };
}
