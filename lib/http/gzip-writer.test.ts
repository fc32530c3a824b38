// The gzip member whose opening is compressed at once: what reaches `out` before writeNow returns,
// one valid member over both parts (any gunzip reads it, CRC and size checked).
import zlib from 'node:zlib';
import { gzipWriter } from './gzip-writer';

const ended = (writer: ReturnType<typeof gzipWriter>) => new Promise<void>((resolve) => writer.end(resolve));

it('sends the opening before writeNow returns, then one member that gunzips to all the text', async () => {
  const parts: Buffer[] = [];
  const writer = gzipWriter((bytes) => parts.push(bytes));
  writer.writeNow('<!DOCTYPE html><html><head><script>开球</script>');
  const opening = Buffer.concat(parts);
  // Header and a flushed deflate run: a reader decodes the opening already.
  const partial = zlib.gunzipSync(opening, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  expect(partial.toString()).toBe('<!DOCTYPE html><html><head><script>开球</script>');

  const rest = ['<p>直播 比分</p>', 'x'.repeat(70_000), '主播'];
  for (const text of rest) writer.write(text);
  await ended(writer);
  const body = Buffer.concat(parts);
  expect(zlib.gunzipSync(body).toString()).toBe(
    `<!DOCTYPE html><html><head><script>开球</script>${rest.join('')}`,
  );
  expect(body.length).toBeLessThan(2_000);
});

it('makes a member of streamed text alone, or of nothing', async () => {
  for (const texts of [['a', 'b'], []]) {
    const parts: Buffer[] = [];
    const writer = gzipWriter((bytes) => parts.push(bytes));
    for (const text of texts) writer.write(text);
    await ended(writer);
    expect(zlib.gunzipSync(Buffer.concat(parts)).toString()).toBe(texts.join(''));
  }
});

it('refuses an opening after the stream began', () => {
  const writer = gzipWriter(() => {});
  writer.write('a');
  expect(() => writer.writeNow('b')).toThrow(/writeNow after write/);
});
