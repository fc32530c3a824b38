// Live video for browsers, same-origin: HLS playlists and segments (live and replays) from
// DATA_DIR/media. Names are checked against the shapes the packager writes. HTTP-FLV
// (`/media/live/<room>.flv`) and the player script are answered before Next by the embedded engine's
// handler (lib/media/http.ts); without an engine in this process they are not found here either.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getConfig } from '@/lib/config';

export const dynamic = 'force-dynamic';

const SEGMENT = /^[A-Za-z0-9_-]{1,40}(\.(m3u8|ts))?$/;

const TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t' };

const notFound = () => new Response(null, { status: 404 });

export async function GET(_request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const parts = (await params).path;
  if (parts.length < 2 || parts.length > 5 || !parts.every((part) => SEGMENT.test(part))) return notFound();
  const extension = parts.at(-1)!.split('.')[1];
  if (!extension) return notFound();
  const root = path.resolve(getConfig().DATA_DIR, 'media');
  const file = path.resolve(root, ...parts);
  if (!file.startsWith(`${root}${path.sep}`)) return notFound();
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) return notFound();
  const playlist = extension === 'm3u8';
  const body = playlist
    ? await fs.readFile(file)
    : (Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
  return new Response(body as BodyInit, {
    headers: {
      'content-type': TYPES[extension]!,
      'content-length': String(playlist ? (body as Buffer).length : stat.size),
      // A live playlist changes every segment; segments never change once written.
      'cache-control': playlist ? 'no-cache' : 'public, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}
