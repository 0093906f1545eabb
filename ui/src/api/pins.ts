// Pins (spec, sections 2, 3 and 7): the page scan and the adding flow's calls (download by URL,
// upload from the computer, addPin).

import useSWR from 'swr';
import { gql, gqlFetcher, type GqlKey } from './client';
import { isPending } from './me';
import { uploadFile } from './upload';

/** A pin of the viewer's with the same image, as the clones dialog lists it. */
export interface PinClone {
  id: string;
  sha1: string;
  title: string | null;
  caption: string;
}

/** A downloaded or uploaded file, not yet a pin. */
export interface TempPin {
  tempFileName: string;
  tempFileUrl: string;
  originalName: string | null;
  url: string | null;
  clones: PinClone[];
}

export interface ScanResult {
  src: string;
  title: string | null;
  alt: string | null;
}

const SCAN_QUERY = `query scrapperQuery($url: String!) {
  scrapper(url: $url) { src title alt }
}`;

const TEMP_PIN = 'tempFileName tempFileUrl originalName url clones { id sha1 title caption }';

/** The pictures found on the page at `url` (needs sign-in). */
export function useScan(url: string) {
  const { data, error } = useSWR<{ scrapper: ScanResult[] }, Error, GqlKey>([SCAN_QUERY, { url }], gqlFetcher);
  return { results: data?.scrapper ?? null, error, isLoading: isPending(data, error) };
}

export async function downloadPinFile(url: string): Promise<TempPin> {
  const data = await gql<{ downloadPinFile: TempPin }>(
    `mutation DownloadPinFile($url: String!) { downloadPinFile(url: $url) { ${TEMP_PIN} } }`,
    { url },
  );
  return data.downloadPinFile;
}

const PIN_UPLOAD_ENDPOINT = '/api/upload/pin';

/** Upload a picture from the computer as the multipart field `pin`. */
export function uploadPin(file: File, onProgress: (sent: number) => void): Promise<TempPin> {
  return uploadFile<TempPin>(PIN_UPLOAD_ENDPOINT, 'pin', file, onProgress);
}

export interface NewPin {
  tempFileName: string;
  originalName: string | null;
  url: string | null;
  title: string | null;
  caption: string;
  rating: number;
  unsafe: boolean;
  tags: string[];
  /** Every chosen board; the server puts the pin on top of each. */
  boards: string[];
}

/** Resolves to the new pin's id. */
export async function addPin(pin: NewPin): Promise<string> {
  const data = await gql<{ addPin: { id: string } }>(
    `mutation AddPin($tempFileName: String!, $originalName: String, $url: String, $title: String, $caption: String!,
      $rating: Int, $unsafe: Boolean, $tags: [String!], $boards: [ID!]) {
      addPin(tempFileName: $tempFileName, originalName: $originalName, url: $url, title: $title, caption: $caption,
        rating: $rating, unsafe: $unsafe, tags: $tags, boards: $boards) { id }
    }`,
    { ...pin },
  );
  return data.addPin.id;
}

/** Whether WebP previews are stored beside the JPEG ones. */
export function hasWebp(previewsFormats: readonly string[]): boolean {
  return previewsFormats.some((format) => format.toLowerCase().includes('webp'));
}
