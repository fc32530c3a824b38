// Zod compiles object parsers with `new Function` where it can, probing for it first; the pages'
// Content-Security-Policy forbids eval, so in the browser the probe would be reported as a violation.
// Browsers parse without compiling (the schemas they check are small); the server keeps the fast path.
// Each module that defines schemas and also runs in the browser imports this first, so zod stays out
// of the shared layout's first-load JS and comes only with the chunks that parse.
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });
