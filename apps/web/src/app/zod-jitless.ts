/**
 * zod probes `new Function` the first time it parses an object, to pick its fast path; under the
 * server's Content-Security-Policy (no 'unsafe-eval') the probe is reported as a violation even
 * though zod catches it. `jitless` skips the probe. zod reads its settings from
 * `globalThis.__zod_globalConfig` (the object `z.config()` edits), so setting them here, first in
 * main.tsx, needs no import of zod: it stays out of the entry chunk and loads with the pages that
 * parse. src/app/zod-jitless.test.ts checks that zod still reads this object.
 */
interface ZodGlobal {
  __zod_globalConfig?: Record<string, unknown>;
}

const host = globalThis as ZodGlobal;
host.__zod_globalConfig = { ...host.__zod_globalConfig, jitless: true };

export {};
