// Zod compiles object parsers with `new Function` where it can, probing for it first; the pages'
// Content-Security-Policy forbids eval, so in the browser the probe would be reported as a violation.
// Browsers parse without compiling (the schemas they check are small); the server keeps the fast path.
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });
