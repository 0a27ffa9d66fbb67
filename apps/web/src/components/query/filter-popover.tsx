import '@mantine/dates/styles.css';
import type { ListFilter } from '@levy/contracts';
import { Button, Chip, Group, Indicator, Input, Popover, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconFilter } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { AmountInput } from '../amount-input';
import { DATE_PRESETS, presetRange, wholeDays } from './date-presets';

export type FilterField =
  | { type: 'date-range'; field: string; label: string }
  | { type: 'amount-range'; field: string; label: string }
  | {
      type: 'select';
      field: string;
      label: string;
      options: Array<{ value: string; label: string }>;
      /** 'dropdown' for long option lists (corporations, states); a row of chips otherwise. */
      display?: 'segmented' | 'dropdown';
    };

// The choice that sets no filter.
const ANY = '__any__';

type DraftValue = { range: [string | null, string | null] } | { amounts: [string, string] } | { value: string | null };
type Draft = Record<string, DraftValue>;

function emptyDraft(fields: FilterField[]): Draft {
  return Object.fromEntries(
    fields.map((field) => [
      field.field,
      field.type === 'date-range'
        ? { range: [null, null] }
        : field.type === 'amount-range'
          ? { amounts: ['', ''] }
          : { value: null },
    ]),
  );
}

/** The draft as list filters: a date range becomes >= start and <= end (whole days), an amount range >= from and <= to. */
export function draftToFilters(fields: FilterField[], draft: Draft): ListFilter[] {
  const filters: ListFilter[] = [];
  for (const field of fields) {
    const value = draft[field.field];
    if (field.type === 'date-range' && value && 'range' in value) {
      const [from, to] = value.range;
      if (!from) continue;
      const range = wholeDays(dayjs(from).toDate(), dayjs(to ?? from).toDate());
      filters.push({ field: field.field, value: range.start.toISOString(), cond_op: '>=' });
      filters.push({ field: field.field, value: range.end.toISOString(), cond_op: '<=' });
    } else if (field.type === 'amount-range' && value && 'amounts' in value) {
      const [from, to] = value.amounts;
      if (from) filters.push({ field: field.field, value: from, cond_op: '>=' });
      if (to) filters.push({ field: field.field, value: to, cond_op: '<=' });
    } else if (field.type === 'select' && value && 'value' in value && value.value) {
      filters.push({ field: field.field, value: value.value });
    }
  }
  return filters;
}

/** The shared table filter: fields, date presets, Reset and Apply (docs/product.md §2). */
export function FilterPopover({
  fields,
  activeCount,
  onApply,
}: {
  fields: FilterField[];
  activeCount: number;
  onApply: (filters: ListFilter[]) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(fields));
  const today = new Date();

  const setRange = (field: string, range: [string | null, string | null]) =>
    setDraft((current) => ({ ...current, [field]: { range } }));
  const setAmounts = (field: string, end: 0 | 1, amount: string) =>
    setDraft((current) => {
      const amounts = [...(current[field] as { amounts: [string, string] }).amounts] as [string, string];
      amounts[end] = amount;
      return { ...current, [field]: { amounts } };
    });

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" trapFocus>
      {/* The button is the popover's target: it, not the count badge around it, carries aria-expanded. */}
      <Indicator disabled={activeCount === 0} label={activeCount} size={16}>
        <Popover.Target>
          <Button variant="default" leftSection={<IconFilter size={16} />} onClick={() => setOpened((open) => !open)}>
            Filter
          </Button>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <Stack gap="md">
          {fields.map((field) =>
            field.type === 'date-range' ? (
              <Stack key={field.field} gap={6}>
                <DatePickerInput
                  type="range"
                  label={field.label}
                  maxDate={today}
                  valueFormat="DD MMM, YYYY"
                  allowSingleDateInRange
                  clearable
                  clearButtonProps={{ 'aria-label': `Clear ${field.label.toLowerCase()}` }}
                  value={(draft[field.field] as { range: [string | null, string | null] }).range}
                  onChange={(range) => setRange(field.field, range)}
                  popoverProps={{ withinPortal: false }}
                />
                <Group gap={6}>
                  {DATE_PRESETS.map((preset) => (
                    <Chip
                      key={preset.value}
                      size="xs"
                      checked={false}
                      onChange={() => {
                        const range = presetRange(preset.value, today);
                        setRange(field.field, [
                          dayjs(range.start).format('YYYY-MM-DD'),
                          dayjs(range.end).format('YYYY-MM-DD'),
                        ]);
                      }}
                    >
                      {preset.label}
                    </Chip>
                  ))}
                </Group>
              </Stack>
            ) : field.type === 'amount-range' ? (
              <Input.Wrapper key={field.field} label={field.label}>
                <Group gap="xs" mt={4} grow wrap="nowrap">
                  <AmountInput
                    aria-label={`${field.label} from`}
                    placeholder="From"
                    value={(draft[field.field] as { amounts: [string, string] }).amounts[0]}
                    onChange={(from) => setAmounts(field.field, 0, from)}
                  />
                  <AmountInput
                    aria-label={`${field.label} to`}
                    placeholder="To"
                    value={(draft[field.field] as { amounts: [string, string] }).amounts[1]}
                    onChange={(to) => setAmounts(field.field, 1, to)}
                  />
                </Group>
              </Input.Wrapper>
            ) : field.display === 'dropdown' ? (
              <Select
                key={field.field}
                label={field.label}
                placeholder="Any"
                data={field.options}
                searchable
                clearable
                clearButtonProps={{ 'aria-label': `Clear ${field.label.toLowerCase()}` }}
                value={(draft[field.field] as { value: string | null }).value}
                onChange={(value) => setDraft((current) => ({ ...current, [field.field]: { value } }))}
                comboboxProps={{ withinPortal: false }}
              />
            ) : (
              // Chips wrap onto a second line: equal-width segments cut labels such as 'Debit (money out)'.
              <Input.Wrapper key={field.field} label={field.label} labelElement="div" id={`filter-${field.field}`}>
                <Chip.Group
                  value={(draft[field.field] as { value: string | null }).value ?? ANY}
                  onChange={(value) =>
                    setDraft((current) => ({ ...current, [field.field]: { value: value === ANY ? null : value } }))
                  }
                >
                  <Group gap={6} mt={4} role="radiogroup" aria-labelledby={`filter-${field.field}-label`}>
                    {[{ value: ANY, label: 'Any' }, ...field.options].map((option) => (
                      <Chip key={option.value} value={option.value} size="sm">
                        {option.label}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </Input.Wrapper>
            ),
          )}
          {fields.length === 0 && <Text c="dimmed">No filters for this list.</Text>}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                setDraft(emptyDraft(fields));
                onApply([]);
                setOpened(false);
              }}
            >
              Reset
            </Button>
            <Button
              onClick={() => {
                onApply(draftToFilters(fields, draft));
                setOpened(false);
              }}
            >
              Apply
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
