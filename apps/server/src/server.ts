import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoAccount, seedReferenceData } from './seed';
import { startWorkers } from './workers/worker-pool';

/** Listen and shut down gracefully; everything else is in app.ts. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  await database.migrate();
  await seedReferenceData(database.db);
  const demoCreated = config.seedDemo ? await seedDemoAccount(database.db, config) : false;
  const app = await buildApp({ config, database });
  // Ready before the first request: a process that joins a busy load balancer gets its share of a
  // burst at once, and threads and connections started then would keep every request waiting.
  await Promise.all([startWorkers(), database.connectAll()]);
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Levy is running on ${config.appUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (demoCreated) console.log(`Demo account created. Log in with ${config.demoEmail} / ${config.demoPassword}`);
  else if (config.seedDemo) console.log(`Demo login (if unchanged): ${config.demoEmail} / ${config.demoPassword}`);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
