// Imports from other tools: a bookmark file sent to POST /api/import/bookmarks, or a Pinry
// instance's pins, become a job the server runs in the background; its progress is asked again
// every second while one runs.

import { gql } from './client';
import { ImportFromPinryDocument, ImportJobsQueryDocument } from './generated/graphql';
import { useQuery } from './query';
import { uploadFile } from './upload';

const BOOKMARKS_ENDPOINT = '/api/import/bookmarks';

/** Starts importing a bookmark file; resolves once the server has read it. */
export function importBookmarks(file: File): Promise<{ id: string; total: number }> {
  return uploadFile(BOOKMARKS_ENDPOINT, 'bookmarks', file);
}

/** Starts importing a Pinry user's boards and pins (private ones need the API token). */
export async function importFromPinry(url: string, username: string, token: string): Promise<string> {
  return (await gql(ImportFromPinryDocument, { url, username, token: token || null })).importFromPinry.id;
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
