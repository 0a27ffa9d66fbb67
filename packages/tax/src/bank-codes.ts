/**
 * Nigerian deposit money banks and their 3-digit CBN bank codes, the codes the NUBAN check
 * digit is computed over (CBN NUBAN scheme, 2010; bank codes as published with it and for the
 * banks licensed since). `isActive` is false for banks whose licence has ended; their accounts
 * still appear on old statements.
 */
export interface NigerianBank {
  readonly code: string;
  readonly name: string;
  readonly shortName: string;
  readonly isActive: boolean;
}

export const NIGERIAN_BANKS: readonly NigerianBank[] = [
  { code: '044', name: 'Access Bank', shortName: 'Access', isActive: true },
  { code: '063', name: 'Access Bank (Diamond)', shortName: 'Diamond', isActive: true },
  { code: '023', name: 'Citibank Nigeria', shortName: 'Citibank', isActive: true },
  { code: '050', name: 'Ecobank Nigeria', shortName: 'Ecobank', isActive: true },
  { code: '070', name: 'Fidelity Bank', shortName: 'Fidelity', isActive: true },
  { code: '011', name: 'First Bank of Nigeria', shortName: 'First Bank', isActive: true },
  { code: '214', name: 'First City Monument Bank', shortName: 'FCMB', isActive: true },
  { code: '058', name: 'Guaranty Trust Bank', shortName: 'GTBank', isActive: true },
  // CBN revoked Heritage Bank's licence on 3 June 2024.
  { code: '030', name: 'Heritage Bank', shortName: 'Heritage', isActive: false },
  { code: '301', name: 'Jaiz Bank', shortName: 'Jaiz', isActive: true },
  { code: '082', name: 'Keystone Bank', shortName: 'Keystone', isActive: true },
  { code: '076', name: 'Polaris Bank', shortName: 'Polaris', isActive: true },
  { code: '101', name: 'Providus Bank', shortName: 'Providus', isActive: true },
  { code: '221', name: 'Stanbic IBTC Bank', shortName: 'Stanbic IBTC', isActive: true },
  { code: '068', name: 'Standard Chartered Bank Nigeria', shortName: 'Standard Chartered', isActive: true },
  { code: '232', name: 'Sterling Bank', shortName: 'Sterling', isActive: true },
  { code: '100', name: 'SunTrust Bank', shortName: 'SunTrust', isActive: true },
  { code: '302', name: 'TAJBank', shortName: 'TAJBank', isActive: true },
  { code: '102', name: 'Titan Trust Bank', shortName: 'Titan Trust', isActive: true },
  { code: '032', name: 'Union Bank of Nigeria', shortName: 'Union Bank', isActive: true },
  { code: '033', name: 'United Bank for Africa', shortName: 'UBA', isActive: true },
  { code: '215', name: 'Unity Bank', shortName: 'Unity', isActive: true },
  { code: '035', name: 'Wema Bank', shortName: 'Wema', isActive: true },
  { code: '057', name: 'Zenith Bank', shortName: 'Zenith', isActive: true },
];

const BY_CODE = new Map(NIGERIAN_BANKS.map((bank) => [bank.code, bank]));

export function findBankByCode(code: string): NigerianBank | undefined {
  return BY_CODE.get(code.trim());
}

/** Matches a bank by its name or short name, ignoring case and punctuation. */
export function findBankByName(name: string): NigerianBank | undefined {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (key === '') return undefined;
  return NIGERIAN_BANKS.find(
    (bank) =>
      bank.name.toLowerCase().replace(/[^a-z0-9]/g, '') === key ||
      bank.shortName.toLowerCase().replace(/[^a-z0-9]/g, '') === key,
  );
}
