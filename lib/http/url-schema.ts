// One schema for every URL the portal stores and later puts in a page (avatars, covers, pop-ups,
// banners, ads, activities, links in posts and chat): an `http:`/`https:` address, or a path of this
// portal. `javascript:`, `vbscript:`, `data:`, `file:`, `blob:` and every other scheme are refused with the
// translated message `validation.unsafeUrl` ("<field> must be an http(s) address or a path of this site").
// `dataImage: true` also accepts the `data:image/…;base64,` pictures an image upload makes (never SVG,
// which can carry script). Import it wherever a URL comes in: `storedUrl()`, `storedUrl({ dataImage: true })`.
// Zod's browser settings before any schema here parses (this module also runs in the browser).
import '@/lib/zod-browser';
import { z } from 'zod';
import { sameSitePath } from './same-site-path';

export const URL_MAX_LENGTH = 2048;

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+={0,2}$/;

export type StoredUrlOptions = { dataImage?: boolean; max?: number };

/** True when `value` may be stored as a link or picture address (see the file's head). */
export function isSafeStoredUrl(value: string, options: StoredUrlOptions = {}) {
  // Control characters and spaces are stripped or misread by browsers: no stored URL needs them.
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code <= 0x20 || code === 0x7f) return false;
  }
  if (value.startsWith('/')) return sameSitePath(value, '') !== '';
  if (options.dataImage && DATA_IMAGE.test(value)) return true;
  // Written out in full: `https:host` and `https:\\host` parse, but are not what a reader sees.
  if (!/^https?:\/\/[^/\\]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    !url.username &&
    !url.password &&
    !!url.hostname
  );
}

/** The zod schema of a stored URL (trimmed; refused with `validation.unsafeUrl`). */
export function storedUrl(options: StoredUrlOptions = {}) {
  return z
    .string()
    .trim()
    .min(1)
    .max(options.max ?? URL_MAX_LENGTH)
    .refine((value) => isSafeStoredUrl(value, options), { params: { i18n: 'unsafeUrl' } });
}
