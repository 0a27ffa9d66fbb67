// `npm run statement -- <file> [<file> …] [--password P] [--map date=0,narration=2,debit=3,credit=4,balance=5] [--rows]`
// Prints the statement's account, period, checks, verdict and analysis as JSON (money in kobo);
// --rows adds the transactions. For a file it cannot use it prints {error: {code, message}} and
// exits with 2. Several files give a JSON array, one entry per file (with its `file`), so an
// analyst can run a folder in one go.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { isStatementError, readStatement, type ColumnMapping } from './index';

const MAPPABLE = new Set([
  'date',
  'valueDate',
  'narration',
  'reference',
  'debit',
  'credit',
  'amount',
  'type',
  'balance',
  'channel',
  'counterparty',
]);

function parseMapping(text: string): ColumnMapping {
  const mapping: Record<string, number> = {};
  for (const pair of text.split(',')) {
    const [field, column] = pair.split('=').map((part) => part.trim());
    if (!MAPPABLE.has(field) || !/^\d+$/.test(column ?? '')) {
      throw new Error(
        `--map takes field=column pairs such as date=0,narration=2,debit=3,credit=4,balance=5; '${pair}' is not one`,
      );
    }
    mapping[field] = Number(column);
  }
  return mapping;
}

interface CliArguments {
  files: string[];
  password?: string;
  mapping?: ColumnMapping;
  withRows: boolean;
}

function parseArguments(argv: readonly string[]): CliArguments {
  const files: string[] = [];
  let password: string | undefined;
  let mapping: ColumnMapping | undefined;
  let withRows = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--password') password = argv[++index];
    else if (argument === '--map') mapping = parseMapping(argv[++index] ?? '');
    else if (argument === '--rows') withRows = true;
    else if (argument.startsWith('--')) throw new Error(`Unknown option ${argument}`);
    else files.push(argument);
  }
  if (files.length === 0)
    throw new Error('Usage: npm run statement -- <file> [<file> …] [--password P] [--map date=0,...] [--rows]');
  return { files, password, mapping, withRows };
}

async function main(): Promise<number> {
  let args: CliArguments;
  try {
    args = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  let failed = false;
  const outputs: Record<string, unknown>[] = [];
  for (const file of args.files) {
    try {
      const result = await readStatement(new Uint8Array(readFileSync(file)), {
        fileName: basename(file),
        password: args.password,
        mapping: args.mapping,
      });
      const { transactions, ...rest } = result;
      outputs.push(args.withRows ? { ...rest, transactions } : rest);
    } catch (error) {
      if (!isStatementError(error)) throw error;
      failed = true;
      outputs.push({ error: { code: error.code, message: error.message } });
    }
  }
  const output =
    args.files.length === 1 ? outputs[0] : outputs.map((entry, index) => ({ file: args.files[index], ...entry }));
  process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  return failed ? 2 : 0;
}

process.exitCode = await main();
