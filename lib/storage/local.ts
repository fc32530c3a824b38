// Uploads on this machine's disk (DATA_DIR/uploads), served by app/uploads/[...key].
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type StorageProvider } from './provider';

export function localStorageProvider(root: string): StorageProvider {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    name: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      await fs.writeFile(`${file}.part`, body);
      await fs.rename(`${file}.part`, file);
    },
    async get(key) {
      return fs.readFile(fileOf(key)).catch(() => null);
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    publicUrl: (key) => `/uploads/${key}`,
  };
}
