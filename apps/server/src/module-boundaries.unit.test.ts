import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
// Only the boundary rule runs, without type information, so the virtual files need not exist.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

/** The no-restricted-imports messages ESLint reports for `code` as if it were the file at `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((message) => message.message);
}

// Decision 0007: the lint rule is what keeps the module boundaries; these cases prove it fires.
describe('module boundaries lint rule', () => {
  const billsService = 'apps/server/src/modules/bills/bills.service.ts';

  it("refuses another module's repo, tables, the schema aggregate and the ledger", async () => {
    expect(await boundaryErrors(billsService, "export { findWallet } from '../wallets/wallets.repo';\n")).toEqual([
      expect.stringContaining("Another module's repo is private"),
    ]);
    expect(
      await boundaryErrors(billsService, "export { payrollEmployees } from '../payroll/payroll.schema';\n"),
    ).toEqual([expect.stringContaining("Another module's tables are private")]);
    expect(await boundaryErrors(billsService, "export { users } from '../../db/schema/index';\n")).toEqual([
      expect.stringContaining('db/schema/index is the aggregate'),
    ]);
    expect(
      await boundaryErrors(billsService, "export { createLedgerService } from '../wallets/ledger.service';\n"),
    ).toEqual([expect.stringContaining('The ledger is private')]);
  });

  it('allows a module its own repo and schema, other services, and a schema file its foreign keys', async () => {
    const legal =
      "export { createWalletsService } from '../wallets/wallets.service';\nexport { findBills } from './bills.repo';\nexport { bills } from " +
      "'./bills.schema';\n";
    expect(await boundaryErrors(billsService, legal)).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/server/src/modules/bills/bills.schema.ts',
        "export { corporations } from '../corporations/corporations.schema';\n",
      ),
    ).toEqual([]);
  });

  it('refuses adapters and db/ importing a module; composition may', async () => {
    expect(
      await boundaryErrors(
        'apps/server/src/adapters/agency/sandbox-agency.ts',
        "export type { MailService } from '../../modules/mail/mail.service';\n",
      ),
    ).toEqual([expect.stringContaining('take a port')]);
    expect(
      await boundaryErrors(
        'apps/server/src/db/client.ts',
        "export { createLedgerService } from '../modules/wallets/ledger.service';\n",
      ),
    ).toEqual([expect.stringContaining('take a port')]);
    expect(
      await boundaryErrors(
        'apps/server/src/seed.ts',
        "export { createLedgerService } from './modules/wallets/ledger.service';\n",
      ),
    ).toEqual([]);
  });
});
