// The two upload endpoints (POST /api/upload/avatar and /api/upload/pin): one file as a
// multipart field, sent with XMLHttpRequest so that the upload's progress can be shown.

import { GraphQLError } from './client';
import { GENERIC_ERROR } from './errors';

/**
 * POST `file` as the multipart field `field` (with the session cookie) and resolve to the JSON
 * answer. A failure throws a GraphQLError carrying the server's `{code, message}`, or
 * 'A network error occured'. `onProgress` gets the share sent so far, from 0 to 1.
 */
export function uploadFile<T>(endpoint: string, field: string, file: File, onProgress?: (sent: number) => void): Promise<T> {
  const body = new FormData();
  body.append(field, file);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', endpoint);
    request.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    request.onerror = () => reject(GraphQLError.network());
    request.onabort = () => reject(GraphQLError.network());
    request.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        // Not JSON: reported below from the status alone.
      }
      if (request.status >= 200 && request.status < 300 && json !== null && typeof json === 'object') {
        resolve(json as T);
        return;
      }
      const { code, message } = (json ?? {}) as { code?: unknown; message?: unknown };
      reject(
        new GraphQLError([
          {
            message: typeof message === 'string' && message ? message : GENERIC_ERROR,
            extensions: { code: typeof code === 'string' ? code : 'INTERNAL_ERROR' },
          },
        ]),
      );
    };
    request.send(body);
  });
}
