// `npm run staff:create -- <email> <first name> <last name>`: adds a platform staff user (user type
// staff: every organisation's corporations, read-only). The password is read from STAFF_PASSWORD so
// it stays out of the shell history. Uses the same DATABASE_URL / DATA_DIR as the server.
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@levy/contracts';
import { eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedReferenceData } from '../seed';
import { users } from '../db/schema/index';
import { USER_TYPES } from '../modules/accounts/permissions';
import { hashPassword } from '../modules/accounts/secrets';

async function main() {
  const [email, firstName, lastName] = process.argv.slice(2);
  const password = process.env.STAFF_PASSWORD ?? '';
  if (!email || !firstName || !lastName)
    throw new ConfigError('Usage: STAFF_PASSWORD=… npm run staff:create -- <email> <first name> <last name>');
  if (password.length < PASSWORD_MIN_LENGTH) throw new ConfigError(`STAFF_PASSWORD: ${MESSAGES.passwordTooShort}`);
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const [existing] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
    if (existing) throw new ConfigError(`${email} already has an account.`);
    await database.db.insert(users).values({
      firstName,
      lastName,
      email: email.trim(),
      phone: '',
      passwordHash: await hashPassword(password),
      userTypeId: USER_TYPES.staff.id,
      emailVerifiedAt: new Date(),
    });
    console.log(`Staff user ${email} created. They see every organisation's corporations, read-only.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
