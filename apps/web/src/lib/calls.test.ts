import * as contracts from '@levy/contracts';
import { describe, expect, it } from 'vitest';
import { calls } from './calls';

// The table repeats what the browser needs of each contract: it must never drift from it.
describe('the table of calls', () => {
  it.each(Object.entries(calls))('%s has its contract’s method, namespace, path and flags', (name, call) => {
    const contract = (contracts as Record<string, unknown>)[name] as contracts.ContractDefinition | undefined;
    expect(contract).toBeDefined();
    expect(call).toEqual({
      method: contract!.method,
      namespace: contract!.namespace,
      path: contract!.path,
      ...(contract!.multipart ? { multipart: true } : {}),
      ...(contract!.download ? { download: true } : {}),
    });
  });
});
