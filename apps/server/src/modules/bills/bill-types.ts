import type { BillType, BillTypeCode } from '@levy/contracts';

/** The two kinds of bill (docs/product.md §3 "Bill type"); ids are stable API values. */
export const BILL_TYPES: readonly BillType[] = [
  {
    id: 1,
    code: 'paye',
    name: 'PAYE',
    description:
      'Pay As You Earn: income tax deducted from salaries, remitted to the State Internal Revenue Service by the 10th of the next month.',
  },
  {
    id: 2,
    code: 'wht',
    name: 'Withholding Tax',
    description:
      'Tax withheld from payments to individuals for rent, services and the like, remitted to the State Internal Revenue Service by the 30th of the ' +
      'next month.',
  },
];

export function billTypeById(id: number): BillType | undefined {
  return BILL_TYPES.find((type) => type.id === id);
}

export function billTypeByCode(code: BillTypeCode): BillType {
  return BILL_TYPES.find((type) => type.code === code)!;
}
