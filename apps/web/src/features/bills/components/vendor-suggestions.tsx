import type { Vendor } from '@levy/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useVendorSuggestions } from '../../../api/vendors-api';

/**
 * The vendors already paid whose name or Tax ID holds what was typed in the single-payee form:
 * picking one fills the Tax ID and name, and their usual WHT type.
 */
export function VendorSuggestions({
  text,
  payee,
  onPick,
}: {
  text: string;
  payee: { tax_payer_number: string; name: string };
  onPick: (vendor: Vendor) => void;
}) {
  const [debounced] = useDebouncedValue(text, 300);
  const suggestions = useVendorSuggestions(debounced);
  const chosen = (vendor: Vendor) =>
    vendor.tax_payer_number.toUpperCase() === payee.tax_payer_number.trim().toUpperCase() &&
    vendor.name === payee.name.trim();
  const vendors = (suggestions.data?.items ?? []).filter((vendor) => !chosen(vendor));
  if (debounced.trim().length < 2 || vendors.length === 0) return null;
  return (
    <Stack gap={4} role="group" aria-label="Known vendors">
      <Text fz="xs" c="dimmed">
        Known vendors from your paid WHT bills
      </Text>
      {vendors.map((vendor) => (
        <Button
          key={vendor.tax_payer_number}
          variant="default"
          size="xs"
          justify="flex-start"
          leftSection={<IconUserCheck size={14} />}
          onClick={() => onPick(vendor)}
          styles={{ label: { fontWeight: 400 } }}
        >
          {vendor.name} · {vendor.tax_payer_number} · usually {vendor.usual_wht_type.name}
        </Button>
      ))}
    </Stack>
  );
}
