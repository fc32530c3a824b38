// A gzip response body (RFC 1952, one member) whose first bytes can be compressed and sent at once.
// Node's gzip stream compresses on the thread pool and hands its output back through the event loop,
// so bytes written to it leave only when the loop is next free: a page opened before Next renders
// (lib/media/app-hold.ts) would wait for the render it means to overtake. Here the opening text is
// deflated synchronously (ending on a flush, at a byte boundary) and the rest goes through a raw
// deflate stream: two runs of deflate blocks make one valid deflate stream, the member's CRC and size
// are counted over both.
import zlib from 'node:zlib';

/** ID1 ID2, deflate, no flags, no time, no extra flags, unknown OS. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (the one gzip's trailer carries) of `bytes`, continuing from `crc`. */
export function crc32(bytes: Uint8Array, crc = 0) {
  let c = ~crc;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

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
    crc = crc32(bytes, crc);
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
