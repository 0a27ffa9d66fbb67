import { Group, Select } from '@mantine/core';
import { useMemo } from 'react';
import { MONTH_NAMES, yearOptions } from '../model/calculator-form';

interface PeriodPickerProps {
  year: string;
  month: string;
  onChange(period: { year: string; month: string }): void;
  error?: string;
  /** Prefix for the inputs' accessible names when a page has two pickers. */
  label?: string;
}

const MONTH_DATA = MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }));

/** Month and year of the tax period: the month picks the rules in force (tax-rules.md). */
export function PeriodPicker({ year, month, onChange, error, label = 'Tax month' }: PeriodPickerProps) {
  const years = useMemo(() => yearOptions(new Date()), []);
  return (
    <Group grow align="flex-start" gap="sm">
      <Select
        label={label}
        aria-label={`${label}: month`}
        data={MONTH_DATA}
        value={month}
        onChange={(value) => value && onChange({ year, month: value })}
        allowDeselect={false}
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Year"
        aria-label={`${label}: year`}
        data={years}
        value={year}
        onChange={(value) => value && onChange({ year: value, month })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
