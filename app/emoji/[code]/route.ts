// The chat's emoji images (lib/chat/emoji.ts), read from the pinned @twemoji/svg package: only the 142
// of the set, cached for a year (the package version is pinned, the files never change).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isEmojiCode } from '@/lib/chat/emoji';

const folder = path.join(process.cwd(), 'node_modules', '@twemoji', 'svg');

export async function GET(_request: Request, { params }: { params: Promise<{ code: string }> }) {
  const code = (await params).code.replace(/\.svg$/, '');
  if (!isEmojiCode(code)) return new Response('Not found', { status: 404 });
  const svg = await readFile(path.join(folder, `${code}.svg`));
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}
