import { Button, Group, Input, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { CorporationStateFields, MonthField } from './bill-form-parts';
import type { WhtBill } from './use-wht-bill';
import { VendorSuggestions } from './vendor-suggestions';

/** Step 1: single or multiple, the corporation, the agency, the month and a single beneficiary (docs/product.md §4). */
export function WhtDetailsStep({ bill, onClose }: { bill: WhtBill; onClose: () => void }) {
  const { form, collector } = bill;
  const { values, errors } = form;
  const payee = { tax_payer_number: values.tax_payer_number, name: values.name };
  const typePayee = (field: 'tax_payer_number' | 'name', text: string) => {
    form.setFieldValue(field, text);
    bill.setPayeeTyped(text);
  };
  return (
    <Stack gap="md">
      <Input.Wrapper label="Beneficiaries">
        <SegmentedControl
          mt={4}
          fullWidth
          aria-label="Beneficiaries"
          value={values.kind}
          onChange={(kind) => bill.resetAmounts({ kind })}
          data={[
            { value: 'single', label: 'Single beneficiary' },
            { value: 'multiple', label: 'Multiple beneficiaries (file)' },
          ]}
        />
      </Input.Wrapper>
      <CorporationStateFields
        corporationId={values.corporation}
        stateCode={values.state}
        onCorporationChange={(value) => form.setFieldValue('corporation', value)}
        onStateChange={(next) => bill.changePlace({ state: next?.state.code ?? null })}
        errors={{ corporation: errors.corporation, state: errors.state }}
        tax="wht"
      />
      <MonthField value={values.month} onChange={(value) => bill.changePlace({ month: value })} error={errors.month} />
      {values.kind === 'single' && (
        <Stack gap="xs">
          <Group grow align="flex-start">
            <TextInput
              label="Beneficiary Tax ID"
              description={
                collector === 'federal' ? 'A company: C then digits, or the 13-digit national Tax ID' : undefined
              }
              placeholder={collector === 'federal' ? 'C-0012345' : 'N-1234567'}
              required
              value={values.tax_payer_number}
              onChange={(event) => typePayee('tax_payer_number', event.currentTarget.value)}
              error={errors.tax_payer_number}
            />
            <TextInput
              label="Beneficiary name"
              placeholder="Chinedu Properties Ltd"
              required
              value={values.name}
              onChange={(event) => typePayee('name', event.currentTarget.value)}
              error={errors.name}
            />
          </Group>
          <VendorSuggestions
            text={bill.payeeTyped}
            payee={payee}
            onPick={(vendor) => {
              form.setValues({
                tax_payer_number: vendor.tax_payer_number,
                name: vendor.name,
                wht_type: vendor.usual_wht_type.code,
              });
              bill.setPayeeTyped('');
            }}
          />
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={bill.next}>Next</Button>
      </Group>
    </Stack>
  );
}
