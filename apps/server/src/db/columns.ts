import type { Kobo } from '@levy/tax';
import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/** Created and updated times, on every table whose rows change. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** A money column: integer kobo in a bigint, read as a branded `Kobo` (every amount fits a safe integer). */
export const kobo = () => bigint({ mode: 'number' }).$type<Kobo>();

/** File content kept in the database (uploaded certificates, bank statements). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
