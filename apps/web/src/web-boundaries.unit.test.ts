import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WEB = 'apps/web/src';
// Only the import rules run, without type information; the imported files are real ones.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' || ruleId === 'import-x/no-cycle',
});

/** The import rules' messages ESLint reports for `code` as if it were the file at `file`. */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((message) => message.message);
}

// Decision 0021: the lint rules are what keep the web's boundaries; these cases prove they fire.
describe('web boundaries lint rules', () => {
  it('refuses a feature importing another feature or app/', async () => {
    const billsFile = `${WEB}/features/bills/components/example.tsx`;
    expect(
      await importErrors(billsFile, "export { CorporationPage } from '../../corporations/pages/corporation-page';\n"),
    ).toEqual([expect.stringContaining('A feature never imports another feature')]);
    expect(
      await importErrors(
        `${WEB}/features/home/pages/example.tsx`,
        "export { TaxCalculator } from '../../calculator/components/tax-calculator';\n",
      ),
    ).toEqual([expect.stringContaining('A feature never imports another feature')]);
    expect(await importErrors(billsFile, "export { AppFrame } from '../../../app/layouts/app-layout';\n")).toEqual([
      expect.stringContaining('a feature never imports it'),
    ]);
  });

  it('refuses shared code importing a feature or app/', async () => {
    expect(
      await importErrors(
        `${WEB}/components/example.tsx`,
        "export { BillsList } from '../features/bills/components/bills-list';\n",
      ),
    ).toEqual([expect.stringContaining('Shared code')]);
    expect(await importErrors(`${WEB}/lib/example.ts`, "export { createAppRouter } from '../app/router';\n")).toEqual([
      expect.stringContaining('Shared code'),
    ]);
  });

  it('allows a feature its own files and shared code, and app/ every feature', async () => {
    const legal =
      "export { BillsList } from './bills-list';\nexport { useCorporations } from '../../../api/corporations-api';\nexport { FileProblems } from " +
      "'../../../components/file-problems';\nexport { linkTo } from '../../../lib/routes';\n";
    expect(await importErrors(`${WEB}/features/bills/components/example.tsx`, legal)).toEqual([]);
    expect(
      await importErrors(
        `${WEB}/app/routes/example.tsx`,
        "export { BillsList } from '../../features/bills/components/bills-list';\nexport { CorporationPage } from " +
          "'../../features/corporations/pages/corporation-page';\n",
      ),
    ).toEqual([]);
  });

  describe('import cycles', () => {
    // A cycle needs both files on disk: two are written in a folder of their own and removed after.
    const folders: string[] = [];
    afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

    it.each([`${WEB}/lib`, 'apps/server/src'])('refuses two files importing each other under %s', async (parent) => {
      const folder = fs.mkdtempSync(path.join(ROOT, parent, 'cycle-'));
      folders.push(folder);
      const first = "import { second } from './second';\nexport const first = () => second();\n";
      fs.writeFileSync(path.join(folder, 'first.ts'), first);
      fs.writeFileSync(
        path.join(folder, 'second.ts'),
        "import { first } from './first';\nexport const second = () => first();\n",
      );
      expect(await importErrors(path.relative(ROOT, path.join(folder, 'first.ts')), first)).toEqual([
        expect.stringContaining('Dependency cycle'),
      ]);
    });
  });
});
