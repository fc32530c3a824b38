// Serves files kept by the local storage provider. Keys are checked against the one shape the
// portal writes, so no request can reach outside the uploads folder.

import { storage } from '@/lib/storage';
import { isPrivateKey, SAFE_KEY } from '@/lib/storage/provider';

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

export async function GET(_request: Request, { params }: { params: Promise<{ key: string[] }> }) {
  const key = (await params).key.join('/');
  if (!SAFE_KEY.test(key) || key.startsWith('incoming/') || isPrivateKey(key)) {
    return new Response(null, { status: 404 });
  }
  const provider = storage();
  if (provider.name !== 'local') return Response.redirect(provider.publicUrl(key), 308);
  const body = await provider.get(key);
  if (!body) return new Response(null, { status: 404 });
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': TYPES[key.split('.').pop()!] ?? 'application/octet-stream',
      // Keys are random and never reused: the file at an address never changes.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  });
}
