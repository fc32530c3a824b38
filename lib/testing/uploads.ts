// Uploads through the API for integration tests: a grant, then the file, as the composers do.
import sharp from 'sharp';
import type { apiCaller } from './api';

type Call = ReturnType<typeof apiCaller>;

/** Sends `bytes` (a small generated PNG by default) as an `image` upload; answers the API's reply. */
export async function sendImage(call: Call, token: string, bytes?: Buffer, name = 'shot.png') {
  const grant = await call<{ token: string }>('/api/Member/getQiniuToken', {
    headers: { token },
    json: { purpose: 'image' },
  });
  const form = new FormData();
  form.set('token', grant.body.data.token);
  const body =
    bytes ??
    (await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer());
  form.set('file', new File([new Uint8Array(body)], name));
  return call<{ url: string }>('/api/upload', { method: 'POST', headers: { token }, body: form });
}

/** The stored address of a fresh image upload of this user's. */
export async function uploadImage(call: Call, token: string) {
  return (await sendImage(call, token)).body.data.url;
}
