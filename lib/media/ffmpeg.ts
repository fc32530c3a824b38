// Which ffmpeg packages HLS: FFMPEG_PATH, else the system's (Debian's handles every codec OBS sends),
// else the static build shipped by @ffmpeg-installer/ffmpeg so a bare install still works.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const SYSTEM_PATHS = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg', '/opt/homebrew/bin/ffmpeg'];

export function findFfmpeg(configured?: string): string | null {
  if (configured) return configured;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'ffmpeg');
    if (dir && existsSync(candidate)) return candidate;
  }
  const system = SYSTEM_PATHS.find((candidate) => existsSync(candidate));
  if (system) return system;
  try {
    const require = createRequire(path.join(process.cwd(), 'package.json'));
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return null;
  }
}
