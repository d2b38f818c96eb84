import { z } from 'zod';

// zod compiles object parsers with new Function() when it may, and probes for that as each object
// schema is built; the console's policy has no 'unsafe-eval', so the probe alone is a CSP
// violation. Interpreted parsing is fast enough for the replies the console checks. This module
// runs before any schema exists: main.tsx imports it first, ahead of the contract.
z.config({ jitless: true });
