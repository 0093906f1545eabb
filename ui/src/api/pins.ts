// Pins (spec, sections 2, 3 and 7): the pin detail query, the page scan, and the adding flow's
// calls (download by URL, upload from the computer, addPin).

import useSWR from 'swr';
import { encodeBase64 } from '../lib/base64';
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

interface PersonRef {
  username: string;
  firstName: string | null;
  lastName: string | null;
}

export interface PinDetail {
  id: string;
  width: number;
  height: number;
  weight: number;
  camera: string | null;
  lens: string | null;
  focalLength: number | null;
  exposureTime: string | null;
  aperture: number | null;
  iso: number | null;
  exifDate: string | null;
  sourceFileUrl: string | null;
  sourceDomain: string | null;
  original: string;
  title: string | null;
  caption: string;
  rating: number;
  unsafe: boolean;
  secret: boolean;
  dominantColor: string;
  createdAt: string;
  tags: string[];
  previewsFormats: string[];
  addedVia: { id: string; user: PersonRef } | null;
  user: PersonRef & { id: string };
  boards: { totalCount: number; edges: { node: { id: string; slug: string; title: string; user: { username: string } } }[] };
  preview: string;
  previewWebp: string;
}

/** The detail image's minimum width (spec, section 9). */
export const DETAIL_PREVIEW_WIDTH = 738;

const PIN_DETAIL_QUERY = `query PinDetail($id: ID!) {
  pin(id: $id) {
    id width height weight camera lens focalLength exposureTime aperture iso exifDate
    sourceFileUrl sourceDomain original title caption rating unsafe secret dominantColor createdAt tags
    previewsFormats
    addedVia { id user { username firstName lastName } }
    user { id username firstName lastName }
    boards(first: 100) { totalCount edges { node { id slug title user { username } } } }
    preview(minWidth: ${DETAIL_PREVIEW_WIDTH})
    previewWebp: preview(minWidth: ${DETAIL_PREVIEW_WIDTH}, format: "webp")
  }
}`;

const SCAN_QUERY = `query scrapperQuery($url: String!) {
  scrapper(url: $url) { src title alt }
}`;

const TEMP_PIN = 'tempFileName tempFileUrl originalName url clones { id sha1 title caption }';

export function usePin(id: string) {
  const { data, error } = useSWR<{ pin: PinDetail | null }, Error, GqlKey>([PIN_DETAIL_QUERY, { id }], gqlFetcher);
  return { pin: data?.pin ?? null, error, isLoading: isPending(data, error) };
}

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

/** The pin detail screen reached from anywhere but a list. */
export function pinPath(id: string): string {
  return `/pins/${encodeURIComponent(id)}/`;
}

/** The scan route for the page at `url`, keeping the board to preselect. */
export function scanPath(url: string, targetBoardID: string | null): string {
  return `/scan/?${new URLSearchParams({ url: encodeBase64(url), targetBoardID: targetBoardID ?? '' })}`;
}
