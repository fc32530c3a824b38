// A gzip response body (RFC 1952, one member) whose first bytes can be compressed and sent at once.
// Node's gzip stream compresses on the thread pool and hands its output back through the event loop,
// so bytes written to it leave only when the loop is next free: a page opened before Next renders
// (lib/media/app-hold.ts) would wait for the render it means to overtake. Here the opening text is
// deflated synchronously (ending on a flush, at a byte boundary) and the rest goes through a raw
// deflate stream: two runs of deflate blocks make one valid deflate stream, the member's CRC and size
// are counted over both (zlib's own CRC-32).
import zlib from 'node:zlib';

/** ID1 ID2, deflate, no flags, no time, no extra flags, unknown OS. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

export type GzipWriter = {
  /** Compresses `text` and hands it to `out` before returning; only before any `write`. */
  writeNow(text: string): void;
  /** Compresses `text`, flushed: its bytes reach `out` as soon as the thread pool has them. */
  write(text: string): void;
  /** Ends the member; `done` runs once its last bytes went to `out`. */
  end(done: () => void): void;
};

export function gzipWriter(out: (bytes: Buffer) => void): GzipWriter {
  let crc = 0;
  let size = 0;
  let started = false;
  let streaming = false;
  const count = (bytes: Buffer) => {
    crc = zlib.crc32(bytes, crc);
    size = (size + bytes.length) >>> 0;
  };
  /** The member's header, the first time. */
  const header = () => {
    if (started) return [];
    started = true;
    return [HEADER];
  };
  const deflate = zlib.createDeflateRaw({ flush: zlib.constants.Z_SYNC_FLUSH });
  deflate.on('data', out);
  return {
    writeNow(text) {
      if (streaming) throw new Error('writeNow after write: the deflate stream has begun');
      const bytes = Buffer.from(text);
      count(bytes);
      const deflated = zlib.deflateRawSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
      out(Buffer.concat([...header(), deflated]));
    },
    write(text) {
      for (const bytes of header()) out(bytes);
      streaming = true;
      const bytes = Buffer.from(text);
      count(bytes);
      deflate.write(bytes);
    },
    end(done) {
      for (const bytes of header()) out(bytes);
      deflate.once('end', () => {
        const trailer = Buffer.alloc(8);
        trailer.writeUInt32LE(crc, 0);
        trailer.writeUInt32LE(size, 4);
        out(trailer);
        done();
      });
      deflate.end();
    },
  };
}
