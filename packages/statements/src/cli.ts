// `npm run statement -- <file> [--password P] [--map date=0,narration=2,debit=3,credit=4,balance=5] [--rows]`
// Prints the statement's account, period, checks, verdict and analysis as JSON (money in kobo);
// --rows adds the transactions. Exit code 2 with {error: {code, message}} for a file it cannot use.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { isStatementError, readStatement, type ColumnMapping } from './index';

const MAPPABLE = new Set(['date', 'valueDate', 'narration', 'reference', 'debit', 'credit', 'amount', 'type', 'balance', 'channel', 'counterparty']);

function parseMapping(text: string): ColumnMapping {
  const mapping: Record<string, number> = {};
  for (const pair of text.split(',')) {
    const [field, column] = pair.split('=').map((part) => part.trim());
    if (!MAPPABLE.has(field) || !/^\d+$/.test(column ?? '')) {
      throw new Error(`--map takes field=column pairs such as date=0,narration=2,debit=3,credit=4,balance=5; '${pair}' is not one`);
    }
    mapping[field] = Number(column);
  }
  return mapping;
}

interface CliArguments {
  file: string;
  password?: string;
  mapping?: ColumnMapping;
  withRows: boolean;
}

function parseArguments(argv: readonly string[]): CliArguments {
  let file: string | undefined;
  let password: string | undefined;
  let mapping: ColumnMapping | undefined;
  let withRows = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--password') password = argv[++index];
    else if (argument === '--map') mapping = parseMapping(argv[++index] ?? '');
    else if (argument === '--rows') withRows = true;
    else if (argument.startsWith('--')) throw new Error(`Unknown option ${argument}`);
    else file = argument;
  }
  if (!file) throw new Error('Usage: npm run statement -- <file> [--password P] [--map date=0,...] [--rows]');
  return { file, password, mapping, withRows };
}

async function main(): Promise<number> {
  let args: CliArguments;
  try {
    args = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  try {
    const result = await readStatement(new Uint8Array(readFileSync(args.file)), {
      fileName: basename(args.file),
      password: args.password,
      mapping: args.mapping,
    });
    const { transactions, ...rest } = result;
    const output = args.withRows ? { ...rest, transactions } : rest;
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (isStatementError(error)) {
      process.stdout.write(`${JSON.stringify({ error: { code: error.code, message: error.message } }, null, 2)}\n`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main();
