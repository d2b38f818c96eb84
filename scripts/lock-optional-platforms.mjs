// The registry this project installs from serves only the Linux builds of some packages' platform
// binaries (e.g. @biomejs/cli-darwin-x64 is missing). `npm install` then leaves those optional
// entries out of package-lock.json, and `npm ci` rejects its own lock file (npm/cli#9846).
// This adds each missing optional platform package back, marked with its os/cpu, so that `npm ci`
// validates the lock file and skips them as foreign platforms. Idempotent; run after `npm install`.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
const PLATFORM =
  /(darwin|win32|android|linux|freebsd|openbsd|sunos|aix)-(x64|arm64|arm|ia32|ppc64|s390x|riscv64|loong64)(-musl|-gnu|-msvc|-eabi)?/;

let added = 0;
for (const entry of Object.values(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const platform = name.match(PLATFORM);
    if (!platform) continue;
    packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [platform[1]],
      cpu: [platform[2]],
      ...(platform[3] === '-musl' ? { libc: ['musl'] } : {}),
    };
    added++;
  }
}
if (added > 0) {
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${added} foreign-platform optional entries`);
}
