import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { WhtCalculation } from '@levy/contracts';
import { findInForce, firstDayOfPeriod, listWhtTypes, WHT_RATE_TABLE, whtDueDate, type WhtTypeInfo } from '@levy/tax';
import type { FormEvent, ReactNode } from 'react';
import { formatAmount, formatDate } from '../../../lib/format';
import { canCalculateWht, describePeriod, periodOf, type WhtFormValues } from '../model/calculator-form';
import { AmountInput } from '../../../components/amount-input';
import { SidewaysScroll } from '../../../components/sideways-scroll';
import { ChoiceInput } from './choice-input';
import { PeriodPicker } from './period-picker';

export type WhtFormErrors = Partial<Record<keyof WhtFormValues | 'period', string>>;

interface WhtCalculatorProps {
  values: WhtFormValues;
  onChange(values: WhtFormValues): void;
  errors: WhtFormErrors;
  onSubmit(): void;
  isCalculating: boolean;
  result: WhtCalculation | null;
  /** Shown above the answer when the inputs changed after it was calculated. */
  staleNotice?: ReactNode;
}

function typesFor(values: WhtFormValues) {
  try {
    return listWhtTypes(periodOf(values));
  } catch {
    return [];
  }
}

function rateText(rateBps: number | null): string {
  return rateBps === null ? 'Not subject to WHT' : `${rateBps / 100}%`;
}

/**
 * The schedule for the chosen type (WHTR 2024 First Schedule, or the 1997 regulations before
 * 2025), with the cell the payee falls in highlighted.
 */
/** One headline figure of the answer: a small caption over a large value. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={800} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function WhtRateTable({ type, values }: { type: WhtTypeInfo; values: WhtFormValues }) {
  const period = periodOf(values);
  // Whether the month's schedule doubles the rate without a Tax ID is part of the dated table.
  const schedule = findInForce(WHT_RATE_TABLE, firstDayOfPeriod(period));
  const doubles = !type.isPassive && (schedule?.noTaxIdMultiplier ?? 1) > 1;
  const cell = (kind: 'company' | 'individual', resident: boolean) => {
    const rate = type.rates[kind][resident ? 'resident' : 'nonResident'];
    const isPayee = values.payeeKind === kind && values.resident === resident;
    return (
      <Table.Td ta="right" fw={isPayee ? 800 : undefined} bg={isPayee ? 'levy.0' : undefined}>
        {rateText(rate)}
      </Table.Td>
    );
  };
  return (
    <Card withBorder radius="md" p="lg" data-testid="wht-rate-table">
      <Stack gap="xs">
        <Title order={4}>
          {type.name}: rates for {describePeriod(period)}
        </Title>
        <SidewaysScroll minWidth={300} label={`${type.name}: rates`}>
          <Table withTableBorder verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Paid to</Table.Th>
                <Table.Th ta="right">Resident</Table.Th>
                <Table.Th ta="right">Non-resident</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>A company</Table.Td>
                {cell('company', true)}
                {cell('company', false)}
              </Table.Tr>
              <Table.Tr>
                <Table.Td>An individual or business name</Table.Td>
                {cell('individual', true)}
                {cell('individual', false)}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </SidewaysScroll>
        <Text size="sm" c="dimmed">
          {doubles
            ? 'These rates double when the payee has no Tax ID (WHT Regulations 2024).'
            : type.isPassive
              ? 'Investment income: the rate does not double without a Tax ID.'
              : 'Before 2025 the rate did not depend on the payee having a Tax ID.'}{' '}
          WHT on payments to individuals goes to the state of the payee’s residence; on payments to companies, to the
          Nigeria Revenue Service (NRS).
        </Text>
      </Stack>
    </Card>
  );
}

/** WHT on one payment: type, payee kind, residency, Tax ID, amount → WHT and net (WHTR 2024). */
export function WhtCalculator({
  values,
  onChange,
  errors,
  onSubmit,
  isCalculating,
  result,
  staleNotice,
}: WhtCalculatorProps) {
  const set = <K extends keyof WhtFormValues>(key: K, value: WhtFormValues[K]) => onChange({ ...values, [key]: value });
  const types = typesFor(values);
  const selected = types.find((type) => type.code === values.type);
  // A native select (no floating dropdown on the home page, decision 0011); a type not in force in
  // the period picked shows as not chosen.
  const typeOptions = types.map((type) => ({ value: type.code, label: type.name }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder radius="md" p="lg">
          <form onSubmit={submit} noValidate aria-label="WHT calculator">
            <Stack gap="md">
              <PeriodPicker
                label="Payment month"
                year={values.year}
                month={values.month}
                onChange={(period) => onChange({ ...values, ...period })}
                error={errors.period}
              />
              <NativeSelect
                label="Type of payment"
                data={
                  selected
                    ? typeOptions
                    : [{ value: '', label: 'Choose the type of payment', disabled: true }, ...typeOptions]
                }
                value={selected ? values.type : ''}
                onChange={(event) => set('type', event.currentTarget.value)}
                description={selected?.description}
                error={errors.type}
              />
              <ChoiceInput
                label="Paid to"
                value={values.payeeKind}
                onChange={(value) => set('payeeKind', value)}
                options={[
                  { value: 'company', label: 'A company' },
                  { value: 'individual', label: 'An individual' },
                ]}
                error={errors.payeeKind}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Switch
                  label="The payee is resident in Nigeria"
                  checked={values.resident}
                  onChange={(event) => set('resident', event.currentTarget.checked)}
                  error={errors.resident}
                />
                <Switch
                  label="The payee has a Tax ID"
                  checked={values.hasTaxId}
                  onChange={(event) => set('hasTaxId', event.currentTarget.checked)}
                  error={errors.hasTaxId}
                />
              </SimpleGrid>
              <AmountInput
                label="Amount of the payment"
                description="Before any deduction"
                value={values.amount}
                onChange={(value) => set('amount', value)}
                error={errors.amount}
              />
              <Button type="submit" size="md" loading={isCalculating} disabled={!canCalculateWht(values)}>
                Calculate WHT
              </Button>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          {result && staleNotice}
          {result && (
            <Paper withBorder radius="md" p="md" data-testid="wht-results">
              <Stack gap="xs">
                <Text fw={700}>
                  {result.type_name} · {describePeriod(result.period)}
                </Text>
                <SimpleGrid cols={3} spacing="sm">
                  <Figure label="Rate" value={`${result.rate}%`} testId="wht-rate" />
                  <Figure label="WHT to deduct" value={formatAmount(result.tax)} testId="wht-tax" />
                  <Figure label="Pay the payee" value={formatAmount(result.net)} testId="wht-net" />
                </SimpleGrid>
                {result.doubled && (
                  <Alert color="yellow" variant="light" p="xs">
                    The rate is doubled from {result.schedule_rate}% because the payee has no Tax ID (WHT Regulations
                    2024).
                  </Alert>
                )}
                <Group gap={4}>
                  <Text size="sm" c="dimmed" data-testid="wht-remit">
                    {result.collector === 'state'
                      ? 'Remit to the State Internal Revenue Service of the payee’s residence'
                      : 'Remit to the Nigeria Revenue Service (NRS, formerly FIRS)'}{' '}
                    by {formatDate(whtDueDate(result.period, result.collector))}.{' '}
                    {result.collector === 'state'
                      ? 'In Levy, pay it as a WHT bill to the state where the corporation is registered.'
                      : 'In Levy, add the Nigeria Revenue Service on the corporation’s States tab with its Tax ID, then pay it as a WHT bill to the NRS.'}
                  </Text>
                </Group>
              </Stack>
            </Paper>
          )}
          {selected && <WhtRateTable type={selected} values={values} />}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
