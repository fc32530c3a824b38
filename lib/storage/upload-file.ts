// Uploads one file from the browser the way the credential says: straight to the portal (local
// storage) or a presigned PUT to object storage followed by the portal's check. With `onProgress`
// the file goes through XMLHttpRequest, the one browser API that reports upload progress over HTTP/1.1.
import { ApiError, api, resetForLoginNeeded } from '@/lib/http/client';
import type { UploadPurpose } from './images';

type Credential = { token: string; upload_url: string; method: 'POST' | 'PUT'; max_bytes: number };
export type StoredFile = {
  url: string;
  key: string;
  width: number;
  height: number;
  bytes: number;
  duration_s: number | null;
  poster: string | null;
};
/** Share of the file sent so far, 0 to 1. */
export type UploadProgress = (sent: number) => void;

function send(method: 'POST' | 'PUT', url: string, body: XMLHttpRequestBodyInit, onProgress: UploadProgress) {
  return new Promise<string>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader('lang', document.documentElement.lang);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve(request.responseText);
    request.onerror = () => reject(new ApiError(-1, request.statusText || 'network'));
    request.send(body);
  });
}

function readEnvelope(text: string): StoredFile {
  const body = JSON.parse(text || 'null') as { code?: number; msg?: string; data?: StoredFile } | null;
  if (body?.code === 0 && body.data) return body.data;
  if (body?.code === 700) resetForLoginNeeded();
  throw new ApiError(body?.code ?? -1, body?.msg ?? '');
}

export async function uploadFile(
  purpose: UploadPurpose,
  file: File,
  onProgress?: UploadProgress,
): Promise<StoredFile> {
  const credential = await api.post<Credential>('api/Member/getQiniuToken', { purpose });
  if (credential.method === 'PUT') {
    if (onProgress) await send('PUT', credential.upload_url, file, onProgress);
    else await fetch(credential.upload_url, { method: 'PUT', body: file });
    return api.post<StoredFile>('api/upload/complete', { token: credential.token });
  }
  const form = new FormData();
  form.set('token', credential.token);
  form.set('file', file);
  if (onProgress) return readEnvelope(await send('POST', '/api/upload', form, onProgress));
  return api.post<StoredFile>('api/upload', form);
}
