import {
  addChargeRowBody,
  addHolidayRowBody,
  addMprRowBody,
  addWhtRateRowBody,
  type ReferenceTableCode,
  type WhtRateInForce,
} from '@levy/contracts';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useAddChargeRow, useAddHolidayRow, useAddMprRow, useAddWhtRateRow } from '../api/reference-data-api';

interface FieldSpec {
  name: string;
  label: string;
  description: string;
  type?: 'date';
  placeholder?: string;
  /** A choice instead of text; 'wht_types' are the screen's WHT types. */
  options?: ReadonlyArray<{ value: string; label: string }> | 'wht_types';
}

/** Each table's form: its date and value fields and the source the row must name. */
const FORMS = {
  mpr: {
    label: 'Add an MPR row',
    schema: addMprRowBody,
    fields: [
      { name: 'from', label: 'In force from', description: 'The day the MPC announced it', type: 'date' },
      { name: 'rate_percent', label: 'Rate (%)', description: 'Up to two decimals', placeholder: '26.50' },
    ],
    source: 'The MPC communiqué: meeting number and date, e.g. "CBN MPC communiqué, 305th meeting"',
  },
  holidays: {
    label: 'Add a holiday',
    schema: addHolidayRowBody,
    fields: [
      { name: 'date', label: 'Date', description: 'Today or later', type: 'date' },
      {
        name: 'name',
        label: 'Holiday',
        description: 'Declared under the same name, it replaces the expected date',
        placeholder: 'Eid-el-Kabir',
      },
    ],
    source: 'The Federal Ministry of Interior announcement, with its date',
  },
  charges: {
    label: 'Add a charge schedule',
    schema: addChargeRowBody,
    fields: [
      {
        name: 'from',
        label: 'In force from',
        description: 'The first day of a tax month: bills for that month on',
        type: 'date',
      },
      { name: 'vat_percent', label: 'VAT on the fee (%)', description: 'Up to two decimals', placeholder: '7.50' },
      { name: 'paye_base', label: 'PAYE base fee (₦)', description: 'Per bill', placeholder: '500.00' },
      { name: 'wht_base', label: 'WHT base fee (₦)', description: 'Per bill', placeholder: '300.00' },
      {
        name: 'paye_per_recipient',
        label: 'PAYE fee per employee (₦)',
        description: 'Added for each employee on the bill',
        placeholder: '50.00',
      },
      {
        name: 'wht_per_recipient',
        label: 'WHT fee per payee (₦)',
        description: 'Added for each payee on the bill',
        placeholder: '30.00',
      },
      {
        name: 'paye_cap',
        label: 'PAYE fee cap (₦)',
        description: 'The fee before VAT never exceeds it',
        placeholder: '20000.00',
      },
      {
        name: 'wht_cap',
        label: 'WHT fee cap (₦)',
        description: 'The fee before VAT never exceeds it',
        placeholder: '15000.00',
      },
    ],
    source: 'The pricing decision and its date, e.g. "Levy pricing decision 0131, 20 Nov 2026"',
  },
  wht: {
    label: 'Add a WHT rate',
    schema: addWhtRateRowBody,
    fields: [
      {
        name: 'from',
        label: 'In force from',
        description: 'The first day of a tax month: WHT for that month on',
        type: 'date',
      },
      { name: 'wht_type', label: 'WHT type', description: 'The type whose rate changes', options: 'wht_types' },
      {
        name: 'payee_kind',
        label: 'Paid to',
        description: 'Individuals: State IRS bills; companies: NRS bills',
        options: [
          { value: 'individual', label: 'Individuals' },
          { value: 'company', label: 'Companies' },
        ],
      },
      {
        name: 'residency',
        label: 'Residency',
        description: 'Of the payee',
        options: [
          { value: 'resident', label: 'Resident' },
          { value: 'non_resident', label: 'Non-resident' },
        ],
      },
      {
        name: 'rate_percent',
        label: 'Rate (%)',
        description: 'Up to two decimals; doubled without a Tax ID as the schedule says',
        placeholder: '7.50',
      },
    ],
    source:
      'The regulations or gazette that set it, with their date, e.g. "Deduction of Tax at Source (Withholding) (Amendment) Regulations 2027, reg. 3"',
  },
} satisfies Record<ReferenceTableCode, { label: string; schema: unknown; fields: FieldSpec[]; source: string }>;

const choicesOf = (field: FieldSpec, whtTypes: readonly WhtRateInForce[]) =>
  field.options === 'wht_types'
    ? whtTypes.map((type) => ({ value: type.code, label: type.name }))
    : (field.options ?? []);

/** The "Add row" form of one table. A refusal (a paid bill the row would change, a past day) stays beside the form. */
export function AddRowForm({ table, whtTypes }: { table: ReferenceTableCode; whtTypes: readonly WhtRateInForce[] }) {
  const spec = FORMS[table];
  const addMpr = useAddMprRow();
  const addHoliday = useAddHolidayRow();
  const addCharge = useAddChargeRow();
  const addWhtRate = useAddWhtRateRow();
  const pending = { mpr: addMpr, holidays: addHoliday, charges: addCharge, wht: addWhtRate }[table].isPending;
  const [refusal, setRefusal] = useState<string | null>(null);
  // A choice starts on its first option, as the select shows it.
  const initial = (field: FieldSpec) => (field.options ? (choicesOf(field, whtTypes)[0]?.value ?? '') : '');
  const form = useForm<Record<string, string>>({
    initialValues: Object.fromEntries([
      ...spec.fields.map((field: FieldSpec): [string, string] => [field.name, initial(field)]),
      ['source', ''],
    ]),
    validate: schemaResolver(spec.schema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      if (table === 'mpr')
        await addMpr.mutateAsync({ from: values.from, rate_percent: values.rate_percent, source: values.source });
      else if (table === 'holidays')
        await addHoliday.mutateAsync({ date: values.date, name: values.name, source: values.source });
      else if (table === 'charges') await addCharge.mutateAsync(addChargeRowBody.parse(values));
      else await addWhtRate.mutateAsync(addWhtRateRowBody.parse(values));
      form.reset();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === 'INVALID_INPUT') form.setErrors(error.fieldErrors);
      else setRefusal(error.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={spec.label}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {spec.fields.map((field: FieldSpec) =>
            field.options ? (
              // Select, not NativeSelect: the public calculator's chunk keeps NativeSelect to itself (first-load budget).
              <Select
                key={field.name}
                label={field.label}
                description={field.description}
                data={choicesOf(field, whtTypes)}
                allowDeselect={false}
                required
                {...form.getInputProps(field.name)}
              />
            ) : (
              <TextInput
                key={field.name}
                type={field.type}
                label={field.label}
                description={field.description}
                placeholder={field.placeholder}
                required
                {...form.getInputProps(field.name)}
              />
            ),
          )}
        </SimpleGrid>
        <Textarea label="Source" description={spec.source} required rows={2} {...form.getInputProps('source')} />
        {refusal && (
          <Alert color="red" title="Not added" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={pending}>
            Add row
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
