import { Group, NativeSelect } from '@mantine/core';
import { useMemo } from 'react';
import { MONTH_NAMES } from '@levy/tax';
import { yearOptions } from '../model/calculator-form';

interface PeriodPickerProps {
  year: string;
  month: string;
  onChange(period: { year: string; month: string }): void;
  error?: string;
  /** Prefix for the inputs' accessible names when a page has two pickers. */
  label?: string;
}

const MONTH_DATA = MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }));

/**
 * Month and year of the tax period: the month picks the rules in force (docs/tax-rules.md). Native
 * selects: the public home page loads no floating dropdown (decision 0011).
 */
export function PeriodPicker({ year, month, onChange, error, label = 'Tax month' }: PeriodPickerProps) {
  const years = useMemo(() => yearOptions(new Date()), []);
  return (
    <Group grow align="flex-start" gap="sm">
      <NativeSelect
        label={label}
        aria-label={`${label}: month`}
        data={MONTH_DATA}
        value={month}
        onChange={(event) => onChange({ year, month: event.currentTarget.value })}
        error={error}
      />
      <NativeSelect
        label="Year"
        aria-label={`${label}: year`}
        data={years}
        value={year}
        onChange={(event) => onChange({ year: event.currentTarget.value, month })}
      />
    </Group>
  );
}
