// Packs the `alpenkube` command (one bundled file, no dependencies) into the built web app, so
// the platform serves it at /downloads/alpenkube-cli.tgz and `npm install -g` takes it from there.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const downloads = path.join(root, 'apps/web/dist/downloads');
const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-cli-pack-'));
try {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '-w', '@alpenkube/cli', '--json', '--pack-destination', staging], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  ) as { filename: string; size: number }[];
  fs.mkdirSync(downloads, { recursive: true });
  fs.copyFileSync(path.join(staging, packed!.filename), path.join(downloads, 'alpenkube-cli.tgz'));
  console.log(`packed the alpenkube command: downloads/alpenkube-cli.tgz (${packed!.size} bytes)`);
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}
