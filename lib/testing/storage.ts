// Uploads in a throwaway folder for one test file: local storage rooted there, removed afterwards.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { replaceStorage } from '@/lib/storage';
import { localStorageProvider } from '@/lib/storage/local';

export function withTemporaryStorage() {
  const state = { root: '' };
  beforeAll(async () => {
    state.root = await fs.mkdtemp(path.join(os.tmpdir(), 'uploads-'));
    replaceStorage(localStorageProvider(state.root));
  });
  afterAll(async () => {
    replaceStorage(undefined);
    await fs.rm(state.root, { recursive: true, force: true });
  });
  return state;
}
