import { Badge, Button, Divider, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { formatNaira, PAYE_RULES } from '@levy/tax';
import type { FormEvent } from 'react';
import {
  canCalculatePaye,
  componentsTotal,
  defaultPensionOf,
  regimeOf,
  type PayeAmountKey,
  type PayeFormValues,
} from '../model/calculator-form';
import { AmountInput } from '../../../components/amount-input';
import { ChoiceInput } from './choice-input';
import { PeriodPicker } from './period-picker';

export type PayeFormErrors = Partial<Record<PayeAmountKey | 'period', string>>;

interface PayeFormProps {
  values: PayeFormValues;
  onChange(values: PayeFormValues): void;
  errors: PayeFormErrors;
  onSubmit(): void;
  isCalculating: boolean;
}

/** The PAYE inputs of docs/product.md "Public calculator". */
export function PayeForm({ values, onChange, errors, onSubmit, isCalculating }: PayeFormProps) {
  const set = <K extends keyof PayeFormValues>(key: K, value: PayeFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const regime = regimeOf(values);
  const perBasis = values.basis === 'monthly' ? 'a month' : 'a year';
  const defaultPension = defaultPensionOf(values);

  const amount = (key: PayeAmountKey, label: string, description?: string) => (
    <AmountInput
      label={label}
      description={description}
      value={values[key]}
      onChange={(value) => set(key, value)}
      error={errors[key]}
    />
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="PAYE calculator">
      <Stack gap="md">
        <PeriodPicker
          year={values.year}
          month={values.month}
          onChange={(period) => onChange({ ...values, ...period })}
          error={errors.period}
        />
        {regime && (
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              Rules in force:
            </Text>
            <Badge variant="light" color={regime === 'NTA2025' ? 'levy' : 'gray'}>
              {PAYE_RULES[regime].name}
            </Badge>
          </Group>
        )}

        <ChoiceInput
          label="Amounts are"
          value={values.basis}
          onChange={(value) => set('basis', value)}
          options={[
            { value: 'monthly', label: 'Monthly' },
            { value: 'annual', label: 'Annual' },
          ]}
        />

        <Switch
          label="Break pay into basic, housing, transport and other allowances"
          checked={values.useComponents}
          onChange={(event) => set('useComponents', event.currentTarget.checked)}
        />

        {values.useComponents ? (
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {amount('basic', `Basic salary ${perBasis}`)}
              {amount('housing', `Housing ${perBasis}`)}
              {amount('transport', `Transport ${perBasis}`)}
              {amount('otherAllowances', `Other allowances ${perBasis}`)}
            </SimpleGrid>
            <Group justify="space-between" px={2}>
              <Text size="sm" c="dimmed">
                Gross pay {perBasis}
              </Text>
              <Text size="sm" fw={700} data-testid="components-total">
                {formatNaira(componentsTotal(values))}
              </Text>
            </Group>
            {errors.gross && (
              <Text size="sm" c="red">
                {errors.gross}
              </Text>
            )}
          </Stack>
        ) : (
          amount('gross', `Gross pay ${perBasis}`, 'Salary and taxable allowances before any deduction')
        )}

        <Divider label="Deductions and reliefs" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <AmountInput
            label={`Pension ${perBasis}`}
            description={
              defaultPension !== null
                ? `Empty: 8% of basic + housing + transport, ${formatNaira(defaultPension)}`
                : 'Your contribution under the Pension Reform Act'
            }
            placeholder={defaultPension !== null ? formatNaira(defaultPension) : undefined}
            value={values.pension}
            onChange={(value) => set('pension', value)}
            error={errors.pension}
          />
          {amount('nhf', `NHF ${perBasis}`, 'National Housing Fund, usually 2.5% of basic')}
          {amount('nhis', `NHIS ${perBasis}`, 'National Health Insurance contribution')}
          {amount('lifeAssurance', `Life assurance ${perBasis}`, 'Premiums on your or your spouse’s life')}
          {amount('mortgageInterest', `Mortgage interest ${perBasis}`, 'On a loan for the home you live in (NTA 2025)')}
          {amount('annualRent', 'Rent paid in the year', 'Relief: 20% of rent, at most ₦500,000 (NTA 2025)')}
        </SimpleGrid>

        <Button type="submit" size="md" loading={isCalculating} disabled={!canCalculatePaye(values)}>
          Calculate PAYE
        </Button>
      </Stack>
    </form>
  );
}
