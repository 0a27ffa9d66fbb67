import { Alert, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { WhtCalculation } from '@levy/contracts';
import { listWhtTypes, whtDueDate } from '@levy/tax';
import type { FormEvent } from 'react';
import { formatAmount, formatDate } from '../../../lib/format';
import { describePeriod, periodOf, type WhtFormValues } from '../model/calculator-form';
import { AmountInput } from './amount-input';
import { PeriodPicker } from './period-picker';

export type WhtFormErrors = Partial<Record<keyof WhtFormValues | 'period', string>>;

interface WhtCalculatorProps {
  values: WhtFormValues;
  onChange(values: WhtFormValues): void;
  errors: WhtFormErrors;
  onSubmit(): void;
  isCalculating: boolean;
  result: WhtCalculation | null;
}

function typesFor(values: WhtFormValues) {
  try {
    return listWhtTypes(periodOf(values));
  } catch {
    return [];
  }
}

/** WHT on one payment: type, payee kind, residency, Tax ID, amount → WHT and net (WHTR 2024). */
export function WhtCalculator({ values, onChange, errors, onSubmit, isCalculating, result }: WhtCalculatorProps) {
  const set = <K extends keyof WhtFormValues>(key: K, value: WhtFormValues[K]) => onChange({ ...values, [key]: value });
  const types = typesFor(values);
  const selected = types.find((type) => type.code === values.type);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate aria-label="WHT calculator">
        <Stack gap="md">
          <PeriodPicker label="Payment month" year={values.year} month={values.month} onChange={(period) => onChange({ ...values, ...period })} error={errors.period} />
          <Select
            label="Type of payment"
            data={types.map((type) => ({ value: type.code, label: type.name }))}
            value={values.type}
            onChange={(value) => value && set('type', value)}
            allowDeselect={false}
            searchable
            description={selected?.description}
            error={errors.type}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="wht-payee-label">
              Paid to
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="wht-payee-label"
              value={values.payeeKind}
              onChange={(value) => set('payeeKind', value as WhtFormValues['payeeKind'])}
              data={[
                { value: 'company', label: 'A company' },
                { value: 'individual', label: 'An individual or business name' },
              ]}
            />
            {errors.payeeKind && (
              <Text size="xs" c="red" mt={4}>
                {errors.payeeKind}
              </Text>
            )}
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Switch label="The payee is resident in Nigeria" checked={values.resident} onChange={(event) => set('resident', event.currentTarget.checked)} error={errors.resident} />
            <Switch label="The payee has a Tax ID" checked={values.hasTaxId} onChange={(event) => set('hasTaxId', event.currentTarget.checked)} error={errors.hasTaxId} />
          </SimpleGrid>
          <AmountInput label="Amount of the payment" description="Before any deduction" value={values.amount} onChange={(value) => set('amount', value)} error={errors.amount} />
          <Button type="submit" size="md" loading={isCalculating} disabled={values.amount.trim() === ''}>
            Calculate WHT
          </Button>
        </Stack>
      </form>

      {result && (
        <Paper withBorder radius="md" p="md" data-testid="wht-results">
          <Stack gap="xs">
            <Text fw={700}>
              {result.type_name} · {describePeriod(result.period)}
            </Text>
            <SimpleGrid cols={3} spacing="sm">
              <div>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  Rate
                </Text>
                <Text fz="xl" fw={800} data-testid="wht-rate">
                  {result.rate}%
                </Text>
              </div>
              <div>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  WHT to deduct
                </Text>
                <Text fz="xl" fw={800} data-testid="wht-tax">
                  {formatAmount(result.tax)}
                </Text>
              </div>
              <div>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  Pay the payee
                </Text>
                <Text fz="xl" fw={800} data-testid="wht-net">
                  {formatAmount(result.net)}
                </Text>
              </div>
            </SimpleGrid>
            {result.doubled && (
              <Alert color="yellow" variant="light" p="xs">
                The rate is doubled from {result.schedule_rate}% because the payee has no Tax ID (WHT Regulations 2024).
              </Alert>
            )}
            <Group gap={4}>
              <Text size="sm" c="dimmed">
                {result.collector === 'state'
                  ? 'Remit to the State Internal Revenue Service of the payee’s residence'
                  : 'Remit to the federal tax authority (Nigeria Revenue Service, formerly FIRS)'}{' '}
                by {formatDate(whtDueDate(result.period, result.collector))}.
              </Text>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
