import { defaultPension, type PayeInput } from './paye';
import { formatNaira, multiplyKobo, sumKobo, ZERO_KOBO, type Kobo } from './money';
import { TaxInputError } from './tax-input-error';

const MONTHS_PER_YEAR = 12;

/**
 * What a person types into a PAYE calculator: a gross for a month or a year, optional pay
 * components and deductions on the same basis, and a year's rent.
 */
export interface PayeFigures {
  basis: 'annual' | 'monthly';
  gross?: Kobo;
  basic?: Kobo;
  housing?: Kobo;
  transport?: Kobo;
  otherAllowances?: Kobo;
  pension?: Kobo;
  nhf?: Kobo;
  nhis?: Kobo;
  lifeAssurance?: Kobo;
  mortgageInterest?: Kobo;
  /** Always a year's rent: NTA 2025 s.30(2)(a)(vi) relieves 20% of annual rent paid. */
  annualRent?: Kobo;
}

export interface PreparedPayeInput {
  input: PayeInput;
  /** True when pension was not given and the engine takes 8% of basic + housing + transport (PRA 2014 s.4(1)). */
  pensionIsDefault: boolean;
}

function annualise(amount: Kobo | undefined, factor: number, field: keyof PayeFigures): Kobo | undefined {
  if (amount === undefined) return undefined;
  try {
    return multiplyKobo(amount, factor);
  } catch {
    throw new TaxInputError(field, 'The amount is too large to compute');
  }
}

/**
 * Checks a person's figures as an employer's payroll would and turns them into the engine's annual
 * input. Errors are TaxInputErrors naming the figure (`gross` for the gross pay):
 * - the components (basic, housing, transport, other allowances) cannot exceed the gross;
 * - pension, NHF and NHIS are withheld from pay, so together they cannot exceed it either.
 */
export function preparePayeInput(period: string, figures: PayeFigures): PreparedPayeInput {
  const factor = figures.basis === 'monthly' ? MONTHS_PER_YEAR : 1;
  if (figures.gross === undefined)
    throw new TaxInputError('gross', 'Gross pay is required: give the annual or the monthly gross');
  const components = sumKobo(
    [figures.basic, figures.housing, figures.transport, figures.otherAllowances].map((amount) => amount ?? ZERO_KOBO),
  );
  if (components > figures.gross) {
    throw new TaxInputError(
      'gross',
      `Gross pay (${formatNaira(figures.gross)}) is less than basic + housing + transport + other allowances (${formatNaira(components)})`,
    );
  }
  const annualGross = annualise(figures.gross, factor, 'gross')!;
  const hasPensionable =
    figures.basic !== undefined || figures.housing !== undefined || figures.transport !== undefined;
  const input: PayeInput = {
    period,
    annualGross,
    pension: annualise(figures.pension, factor, 'pension'),
    pensionableComponents: hasPensionable
      ? {
          basic: annualise(figures.basic, factor, 'basic'),
          housing: annualise(figures.housing, factor, 'housing'),
          transport: annualise(figures.transport, factor, 'transport'),
        }
      : undefined,
    nhf: annualise(figures.nhf, factor, 'nhf'),
    nhis: annualise(figures.nhis, factor, 'nhis'),
    lifeAssurance: annualise(figures.lifeAssurance, factor, 'lifeAssurance'),
    mortgageInterest: annualise(figures.mortgageInterest, factor, 'mortgageInterest'),
    annualRent: figures.annualRent,
  };
  // The employer withholds pension, NHF and NHIS from pay: together they cannot pass it.
  const pension =
    input.pension ?? (input.pensionableComponents ? defaultPension(input.pensionableComponents) : undefined);
  let withheld = 0;
  for (const [field, amount] of [
    ['pension', pension],
    ['nhf', input.nhf],
    ['nhis', input.nhis],
  ] as const) {
    withheld += amount ?? 0;
    if (withheld > annualGross)
      throw new TaxInputError(field, 'Pension, NHF and NHIS together cannot be more than gross pay');
  }
  return { input, pensionIsDefault: figures.pension === undefined && hasPensionable };
}
