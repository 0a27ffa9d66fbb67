// `npm start`: build the web app when it has changed, then migrate, seed and serve.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const webSource = 'apps/web/index.html';
if (fs.existsSync(webSource)) {
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@levy/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { stdio: 'inherit' });
process.exit(server.status ?? 0);
