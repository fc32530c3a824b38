// `npx tsx scripts/app-icons.ts`: draws the browser and home-screen icons from app/icon.svg (the portal's
// mark, the same as the top bar's logo) with sharp: app/apple-icon.png (180 px, square, no transparency:
// iOS rounds it) and app/favicon.ico (16, 32 and 48 px PNGs in an ICO container, for /favicon.ico).
// Next serves them through its icon file conventions; the outputs are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const svg = readFileSync('app/icon.svg');
const png = (size: number) =>
  sharp(svg, { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png()
    .toBuffer();

/** An ICO file holding PNG images (allowed since Windows Vista; every browser reads it). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ data }) => data)]);
}

async function main() {
  const apple = await sharp(svg, { density: 72 * (180 / 64) * 2 })
    .resize(180, 180)
    .flatten({ background: '#e14f0b' })
    .png()
    .toBuffer();
  // Full-bleed for iOS: the mark on a square background, the corners left to the system.
  const square = await sharp({ create: { width: 180, height: 180, channels: 3, background: '#e14f0b' } })
    .composite([{ input: apple }])
    .png()
    .toBuffer();
  writeFileSync('app/apple-icon.png', square);
  const sizes = [16, 32, 48];
  writeFileSync(
    'app/favicon.ico',
    ico(await Promise.all(sizes.map(async (size) => ({ size, data: await png(size) })))),
  );
}

main();
