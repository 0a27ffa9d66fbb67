import { describe, expect, it } from 'vitest';
import type { CallDeclaration } from './api';
import * as contracts from './index';
import { ACCOUNT_PERMISSIONS, ADMIN_PERMISSIONS, MEMBER_PERMISSIONS, STAFF_PERMISSIONS } from './permissions';
import * as PERMISSIONS from './permission-catalogue';

const { calls } = contracts;
const byName = contracts as unknown as Record<string, contracts.ContractDefinition | undefined>;

describe('the declared calls', () => {
  it.each(Object.keys(calls))('%s has one contract, of its own name, that extends its declaration', (name) => {
    const contract = byName[name];
    expect(contract).toBeDefined();
    expect(contract).toMatchObject(calls[name as keyof typeof calls]);
    // A call answers with its envelope's data, or with a file and no envelope.
    expect(contract!.response === undefined).toBe(contract!.download !== undefined);
  });

  it('has no two calls at one address', () => {
    const addresses = Object.values(calls).map((call) => `${call.method} ${call.namespace}/${call.path}`);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it('names only permissions someone holds, and every permission held is asked for by a call or a check', () => {
    const held = new Set<string>([
      ...ACCOUNT_PERMISSIONS,
      ...MEMBER_PERMISSIONS,
      ...ADMIN_PERMISSIONS,
      ...STAFF_PERMISSIONS,
    ]);
    const asked = new Set<string>(
      (Object.values(calls) as CallDeclaration[]).flatMap((call) => (call.permission ? [call.permission] : [])),
    );
    for (const permission of asked) expect(held).toContain(permission);
    // Beyond the calls: the web's guard on the profile page (a WHT bill's permission is also the "no WHT deductions" calls').
    const unasked = [...held].filter((permission) => !asked.has(permission));
    expect(unasked).toEqual([PERMISSIONS.viewProfile]);
  });
});
