import { CSV_TEMPLATE_PATHS, formatNaira } from '@levy/tax';
import { Button, Group, Input, Progress, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { AmountInput } from '../../../components/amount-input';
import { FileProblems } from '../../../components/file-problems';
import { FileSelect } from '../../../components/file-select';
import { formatAmount } from '../../../lib/format';
import { PAYROLL_FILE_ACCEPT } from '../../../lib/payroll-file';
import type { WhtMethod } from '../model/bill-files';
import { TemplateLink } from '../../../components/file-select';
import { isPositive } from '../model/wht-bill-form';
import type { WhtBill } from './use-wht-bill';

/** Step 2: the tax worked out by Levy from the amounts paid, or given (docs/product.md §4). */
export function WhtMethodStep({ bill }: { bill: WhtBill }) {
  const { method } = bill.form.values;
  return (
    <Stack gap="md">
      <Input.Wrapper label="How is the tax worked out?" error={bill.form.errors.method} required>
        <SegmentedControl
          mt={4}
          fullWidth
          aria-label="How is the tax worked out?"
          value={method ?? ''}
          onChange={(value) => bill.resetAmounts({ method: value as WhtMethod })}
          data={[
            { value: 'auto', label: 'Auto calculate' },
            { value: 'manual', label: 'Manual' },
          ]}
        />
      </Input.Wrapper>
      <Text fz="sm" c="dimmed">
        {method === 'auto'
          ? 'Give the amount paid to each beneficiary; Levy works out the tax at the WHT type’s rate.'
          : method === 'manual'
            ? 'Give the tax payable you have worked out for each beneficiary.'
            : 'Auto calculate works the tax out from the amounts paid; Manual takes the tax you give.'}
      </Text>
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={bill.back}>
          Back
        </Button>
        <Button onClick={bill.next}>Next</Button>
      </Group>
    </Stack>
  );
}

/** Step 3: the WHT type, with one beneficiary's amount or the beneficiaries file (docs/product.md §4). */
export function WhtAmountStep({ bill }: { bill: WhtBill }) {
  const { form, flow, whtTypes, chosenType } = bill;
  const { values, errors } = form;
  const busy = flow.work === 'checking';
  return (
    <Stack gap="md">
      <Select
        label="WHT type"
        placeholder={whtTypes.isPending ? 'Loading WHT types…' : 'Choose a WHT type'}
        data={(whtTypes.data ?? []).map((type) => ({
          value: type.id,
          label: `${type.name} (${type.percentage}%)`,
        }))}
        value={values.wht_type}
        onChange={bill.chooseWhtType}
        description={chosenType?.description}
        required
        searchable
        allowDeselect={false}
        error={errors.wht_type}
        comboboxProps={{ withinPortal: true }}
      />
      {values.kind === 'single' ? <SingleAmount bill={bill} /> : <BeneficiariesFile bill={bill} />}
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={bill.back} disabled={busy}>
          Back
        </Button>
        <Button onClick={bill.next} loading={busy}>
          Next
        </Button>
      </Group>
    </Stack>
  );
}

/** One beneficiary: the amount paid (the tax shown live) or the tax payable given. */
function SingleAmount({ bill }: { bill: WhtBill }) {
  const { form, chosenType, liveTax } = bill;
  const { values } = form;
  const beneficiary = values.name.trim() || 'the beneficiary';
  return (
    <>
      <AmountInput
        label={values.method === 'auto' ? 'Amount paid' : 'Tax payable'}
        description={
          values.method === 'auto'
            ? `The payment to ${beneficiary} the tax is withheld from`
            : `The tax withheld from the payment to ${beneficiary}`
        }
        value={values.amount}
        onChange={(amount) => form.setFieldValue('amount', amount)}
        required
        error={form.errors.amount}
      />
      {values.method === 'auto' && (
        <Group justify="space-between" bg="gray.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Text fz="sm">Tax payable{chosenType ? ` at ${chosenType.percentage}%` : ''}</Text>
          <Text fw={700} aria-live="polite" data-testid="live-tax">
            {!isPositive(values.amount) || !values.wht_type
              ? formatNaira(null)
              : liveTax.query.isError
                ? 'Could not work out the tax'
                : liveTax.isCurrent && liveTax.query.data
                  ? formatAmount(liveTax.query.data.tax_payable)
                  : 'Working out…'}
          </Text>
        </Group>
      )}
    </>
  );
}

/** Multiple beneficiaries: their file, its problems, and the upload's progress. */
function BeneficiariesFile({ bill }: { bill: WhtBill }) {
  const { form, flow } = bill;
  const auto = form.values.method === 'auto';
  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <FileSelect
          label="Beneficiaries file"
          description={auto ? 'CSV: tax_payer_number, name, amount' : 'CSV: tax_payer_number, name, tax_payable'}
          accept={PAYROLL_FILE_ACCEPT}
          value={form.values.file}
          onChange={bill.chooseFile}
          error={form.errors.file}
          required
        />
        <TemplateLink href={auto ? CSV_TEMPLATE_PATHS.whtAuto : CSV_TEMPLATE_PATHS.whtManual}>
          Download the {auto ? 'auto' : 'manual'} template
        </TemplateLink>
      </Group>
      <FileProblems problems={bill.problems} />
      {flow.percent !== null && <Progress value={flow.percent} animated aria-label="Upload progress" />}
    </>
  );
}
