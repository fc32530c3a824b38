// Uploads one file from the browser the way the credential says: straight to the portal (local
// storage) or a presigned PUT to object storage followed by the portal's check.
import { api } from '@/lib/http/client';

type Credential = { token: string; upload_url: string; method: 'POST' | 'PUT'; max_bytes: number };
export type StoredFile = { url: string; key: string; width: number; height: number };

export async function uploadFile(
  purpose: 'avatar' | 'cover' | 'image' | 'identity',
  file: File,
): Promise<StoredFile> {
  const credential = await api.post<Credential>('api/Member/getQiniuToken', { purpose });
  if (credential.method === 'PUT') {
    await fetch(credential.upload_url, { method: 'PUT', body: file });
    return api.post<StoredFile>('api/upload/complete', { token: credential.token });
  }
  const form = new FormData();
  form.set('token', credential.token);
  form.set('file', file);
  return api.post<StoredFile>('api/upload', form);
}
