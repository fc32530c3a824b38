// Serves files kept by the local storage provider. Keys are checked against the one shape the
// portal writes, so no request can reach outside the uploads folder.

import { storage } from '@/lib/storage';
import { isPrivateKey, SAFE_KEY } from '@/lib/storage/provider';

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** One `bytes=start-end` range (what video players ask for to seek); null for none or a malformed one. */
function rangeOf(header: string | null, size: number) {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header) : null;
  if (!match || (!match[1] && !match[2])) return null;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start <= end && start < size ? { start, end } : null;
}

export async function GET(request: Request, { params }: { params: Promise<{ key: string[] }> }) {
  const key = (await params).key.join('/');
  if (!SAFE_KEY.test(key) || key.startsWith('incoming/') || isPrivateKey(key)) {
    return new Response(null, { status: 404 });
  }
  const provider = storage();
  if (provider.name !== 'local') return Response.redirect(provider.publicUrl(key), 308);
  const body = await provider.get(key);
  if (!body) return new Response(null, { status: 404 });
  const range = rangeOf(request.headers.get('range'), body.length);
  return new Response(new Uint8Array(range ? body.subarray(range.start, range.end + 1) : body), {
    status: range ? 206 : 200,
    headers: {
      'accept-ranges': 'bytes',
      ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${body.length}` } : {}),
      'content-type': TYPES[key.split('.').pop()!] ?? 'application/octet-stream',
      // Keys are random and never reused: the file at an address never changes.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  });
}
