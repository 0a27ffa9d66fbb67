import { asKobo } from '@levy/tax';
import { REMITA_FAKE_BASE_PATH, startRemitaFake, type FakeBiller, type FakeProduct } from './remita-fake';
import type { RemittanceTarget } from './remittance-gateway';

/**
 * The sandbox's Remita: the fake's published keys and accounts, and one biller per collector with
 * a PAYE product (states only: the NRS does not collect PAYE) and a WHT product, so that every
 * collector has a route in sandbox mode. These keys protect nothing real.
 */
export const SANDBOX_REMITA = {
  publicKey: 'levy-sandbox-remita-public-key',
  secretKey: 'levy-sandbox-remita-secret-key',
  fundingSource: 'LEVYSBX',
  debitedAccount: '0000000001',
  incomeAccount: '0001061499',
} as const;

export interface SandboxCollector {
  code: string;
  revenueService: string;
  collector: 'state' | 'federal';
}

export function sandboxTarget(code: string, tax: 'paye' | 'wht'): RemittanceTarget {
  return { billerId: `LEVYSBX-${code}`, serviceTypeId: `${code}-${tax.toUpperCase()}` };
}

function product(code: string, tax: 'paye' | 'wht'): FakeProduct {
  const { serviceTypeId } = sandboxTarget(code, tax);
  return {
    serviceTypeId,
    name: tax === 'paye' ? 'Pay As You Earn (PAYE)' : 'Withholding Tax',
    feeKobo: asKobo(0),
    fields: [
      { id: `${serviceTypeId}-1`, columnName: 'Tax ID (Payer ID)', columnType: 'AN', required: true },
      { id: `${serviceTypeId}-2`, columnName: 'Tax period', columnType: 'AN', required: true },
      { id: `${serviceTypeId}-3`, columnName: 'Amount', columnType: 'N', required: true },
      {
        id: `${serviceTypeId}-4`,
        columnName: 'Revenue item',
        columnType: 'DD',
        required: true,
        dropDown: [{ id: `${serviceTypeId}-ITEM`, description: tax === 'paye' ? 'PAYE' : 'Withholding Tax' }],
      },
    ],
  };
}

/** A biller whose product adds Remita's ₦150 charge to what is paid: where the amount due differs from the tax. */
export const SANDBOX_FEE_BILLER: FakeBiller = {
  id: 'QATEST',
  description: 'Remita test biller (adds a ₦150.00 charge)',
  products: [
    {
      serviceTypeId: '25083618',
      name: 'Test tax product with charge',
      feeKobo: asKobo(15_000),
      fields: [
        { id: '25083613', columnName: 'Payer ID', columnType: 'AN', required: true },
        { id: '25083617', columnName: 'Amount', columnType: 'N', required: true },
        { id: '25083619', columnName: 'Narration', columnType: 'AN', required: false },
      ],
    },
  ],
};

export function sandboxBillers(collectors: readonly SandboxCollector[]): FakeBiller[] {
  return [
    ...collectors.map((collector) => ({
      id: sandboxTarget(collector.code, 'wht').billerId,
      description: collector.revenueService,
      products:
        collector.collector === 'state'
          ? [product(collector.code, 'paye'), product(collector.code, 'wht')]
          : [product(collector.code, 'wht')],
    })),
    SANDBOX_FEE_BILLER,
  ];
}

/** The sandbox's routes: every collector's taxes to its biller on the local Remita, from the first month Levy bills. */
export function sandboxRoutes(collectors: readonly SandboxCollector[]) {
  return collectors.flatMap((collector) =>
    (collector.collector === 'state' ? (['paye', 'wht'] as const) : (['wht'] as const)).map((tax) => ({
      collector: collector.code,
      tax,
      gateway: 'remita' as const,
      ...sandboxTarget(collector.code, tax),
      from: '2020-01',
      source: 'Sandbox: the local Remita fake',
    })),
  );
}

let shared: Promise<string> | null = null;

/**
 * The base URL of the process's one Remita fake: every app the process builds (a test's restart
 * too) talks to the same counterpart, as servers do to the real one. On a fixed port
 * (REMITA_SANDBOX_PORT), the processes of one sandbox deploy share it: the first to start it
 * serves the others, whichever settles a bill. Its memory ends with the process that runs it.
 */
export function sandboxRemita(collectors: readonly SandboxCollector[], port: number): Promise<string> {
  shared ??= startRemitaFake({
    publicKey: SANDBOX_REMITA.publicKey,
    secretKey: SANDBOX_REMITA.secretKey,
    billers: sandboxBillers(collectors),
    port,
  }).then(
    (fake) => fake.baseUrl,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' && port > 0) return `http://127.0.0.1:${port}${REMITA_FAKE_BASE_PATH}`;
      throw error;
    },
  );
  return shared;
}
