// `npm start`: build the web app when its sources are newer than the last build, then migrate, seed
// and serve (apps/server/src/server.ts). The server keeps running in this process's place.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const WEB_SOURCES = [
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/src',
  'apps/web/public',
  'packages/contracts/src',
  'packages/tax/src',
];
const BUILT = 'apps/web/dist/index.html';

function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

if (fs.existsSync('apps/web/index.html')) {
  const builtAt = fs.existsSync(BUILT) ? fs.statSync(BUILT).mtimeMs : 0;
  if (Math.max(...WEB_SOURCES.map(newestChange)) > builtAt) {
    console.log('Building the web app…');
    const build = spawnSync('npm', ['run', 'build', '--workspace', '@levy/web'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
