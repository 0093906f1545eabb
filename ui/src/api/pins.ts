// Pins (spec, sections 2, 3 and 7): the page scan and the adding flow's calls (download by URL,
// upload from the computer, addPin, the existing pins of the same picture).

import { gql } from './client';
import { AddPinDocument, ClonePreviewDocument, DownloadPinFileDocument, ScrapperQueryDocument, type AddPinVariables, type TempPin } from './generated/graphql';
import { useQuery } from './query';
import { uploadFile } from './upload';

/** The pictures found on the page at `url` (needs sign-in). */
export function useScan(url: string) {
  const { data, ...state } = useQuery(ScrapperQueryDocument, { url });
  return { results: data?.scrapper ?? null, ...state };
}

export async function downloadPinFile(url: string, referer: string | null = null): Promise<TempPin> {
  return (await gql(DownloadPinFileDocument, { url, referer })).downloadPinFile;
}

const PIN_UPLOAD_ENDPOINT = '/api/upload/pin';

/** Upload a picture from the computer as the multipart field `pin`. */
export function uploadPin(file: File, onProgress: (sent: number) => void): Promise<TempPin> {
  return uploadFile<TempPin>(PIN_UPLOAD_ENDPOINT, 'pin', file, onProgress);
}

/** Resolves to the new pin's id; the server puts it on top of each of `boards`. */
export async function addPin(pin: AddPinVariables): Promise<string> {
  return (await gql(AddPinDocument, pin)).addPin.id;
}

/** One of the viewer's pins of the same picture (or a near-duplicate): its title, caption, thumbnail and first board. */
export function useClonePreview(id: string | null) {
  const { data, ...state } = useQuery(ClonePreviewDocument, id === null ? null : { id });
  return { clone: data?.pin ?? null, ...state };
}
