// The one rule for URLs this domain stores (article covers, banner images and links): http(s) or a
// path on the portal. Nothing else — `javascript:`, `data:`, protocol-relative `//host` — is accepted.
// A shared schema (lib/http/url-schema.ts) is coming; swapping it in means changing this file only.
import { z } from 'zod';

const PORTAL_PATH = /^\/(?!\/)[^\s\\]*$/;

export const storedUrl = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine((value) => {
    if (PORTAL_PATH.test(value)) return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  });
