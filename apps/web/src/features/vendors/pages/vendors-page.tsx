import { hasPermission, type Vendor } from '@levy/contracts';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileText, IconMail, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import * as calls from '@levy/contracts/calls';
import { useUpdateVendorEmail, useVendors } from '../../../api/vendors-api';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { MountedModal } from '../../../components/mounted-modal';
import { PageHeading } from '../../../components/page-heading';
import { PhoneDetails, PhoneFitScrollContainer, PhoneLabel, ROWS_AS_CARDS } from '../../../components/phone-table';
import { TablePagination } from '../../../components/table-pagination';
import { formatAmount, plural } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { VendorNotes } from '../components/vendor-notes';

const PAGE_SIZE = 20;

function EmailDialog({ vendor, onClose }: { vendor: Vendor; onClose: () => void }) {
  const update = useUpdateVendorEmail();
  const [email, setEmail] = useState(vendor.email ?? '');
  const save = () =>
    update.mutate({ taxPayerNumber: vendor.tax_payer_number, email: email.trim() }, { onSuccess: onClose });
  return (
    <MountedModal onClose={onClose} title={`Email for ${vendor.name}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            description="Where this vendor’s credit notes are sent. Leave it empty to remove it."
            placeholder="accounts@vendor.ng"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save email
            </Button>
          </Group>
        </Stack>
      </form>
    </MountedModal>
  );
}

/** Each year's tax withheld and payments, latest first. */
function YearTotals({ vendor }: { vendor: Vendor }) {
  return (
    <Stack gap={2}>
      {vendor.years.map((year) => (
        <Text key={year.year} fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          <Text span inherit fw={600}>
            {year.year}:
          </Text>{' '}
          {formatAmount(year.tax_withheld)} withheld
          <Text span c="dimmed" fz="xs">
            {' '}
            {year.gross === null ? '' : `of ${formatAmount(year.gross)} paid · `}
            {plural(year.notes, 'note')}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/** Opens the vendor's credit notes: "3 notes", named with the vendor for a screen reader. */
function NotesButton({ vendor, onClick }: { vendor: Vendor; onClick: () => void }) {
  const count = plural(
    vendor.years.reduce((sum, year) => sum + year.notes, 0),
    'note',
  );
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconFileText size={14} />}
      aria-label={`${count} of ${vendor.name}`}
      onClick={onClick}
    >
      {count}
    </Button>
  );
}

/**
 * Vendors: everyone the organisation's paid WHT bills withheld tax from, by Tax ID,
 * with the tax withheld per year, their credit notes, and the email their notes are sent to.
 */
export default function VendorsPage() {
  const permissions = useSessionStore((state) => state.permissions);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Vendor | null>(null);
  const [viewing, setViewing] = useState<Vendor | null>(null);
  const vendors = useVendors({ page, count: PAGE_SIZE, search: debounced || undefined });
  const canEdit = hasPermission(permissions, calls.updateVendor.permission);
  const canSend = hasPermission(permissions, calls.sendBillCreditNote.permission);

  return (
    <>
      <PageHeading
        title="Vendors"
        description={
          'Everyone your paid WHT bills withheld tax from, with the tax withheld each year and their credit notes. ' +
          "Only paid bills count, in the year of the bill's period."
        }
      />
      <ContentCard>
        <Stack gap="md">
          <TextInput
            aria-label="Search vendors"
            placeholder="Search by name or Tax ID"
            leftSection={<IconSearch size={16} />}
            maw={320}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          {vendors.isPending ? (
            <LoadingPlaceholder label="Loading vendors" />
          ) : !vendors.data || vendors.data.items.length === 0 ? (
            <EmptyState
              height={160}
              hint={debounced ? 'No vendor matches.' : 'Vendors appear here once a WHT bill paying them is paid.'}
            />
          ) : (
            <>
              <PhoneFitScrollContainer minWidth={720}>
                <Table verticalSpacing="sm" fz="sm" aria-label="Vendors" className={ROWS_AS_CARDS}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Vendor</Table.Th>
                      <Table.Th visibleFrom="sm">Usual WHT type</Table.Th>
                      <Table.Th>Tax withheld per year</Table.Th>
                      <Table.Th>Email</Table.Th>
                      <Table.Th ta="right">Credit notes</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {vendors.data.items.map((vendor) => (
                      <Table.Tr key={vendor.tax_payer_number}>
                        <Table.Td data-phone-line="title">
                          <Text fz="sm" fw={600}>
                            {vendor.name}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            {vendor.tax_payer_number}
                          </Text>
                          <PhoneDetails>{vendor.usual_wht_type.name}</PhoneDetails>
                        </Table.Td>
                        <Table.Td visibleFrom="sm">{vendor.usual_wht_type.name}</Table.Td>
                        <Table.Td>
                          <YearTotals vendor={vendor} />
                        </Table.Td>
                        <Table.Td data-phone-line="below">
                          <Stack gap={2} align="flex-start">
                            <PhoneLabel>Credit notes are mailed to</PhoneLabel>
                            <Text fz="sm" c={vendor.email ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                              {vendor.email ?? 'None'}
                            </Text>
                            {canEdit && (
                              <Button
                                size="compact-xs"
                                variant="subtle"
                                leftSection={<IconMail size={14} />}
                                aria-label={`${vendor.email ? 'Change' : 'Add'} the email of ${vendor.name}`}
                                onClick={() => setEditing(vendor)}
                              >
                                {vendor.email ? 'Change' : 'Add'}
                              </Button>
                            )}
                          </Stack>
                        </Table.Td>
                        <Table.Td ta="right" data-phone-line="end">
                          <NotesButton vendor={vendor} onClick={() => setViewing(vendor)} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </PhoneFitScrollContainer>
              <TablePagination pagination={vendors.data.pagination} onPageChange={setPage} />
            </>
          )}
        </Stack>
      </ContentCard>
      {editing && <EmailDialog vendor={editing} onClose={() => setEditing(null)} />}
      <VendorNotes
        vendor={
          viewing &&
          (vendors.data?.items.find((vendor) => vendor.tax_payer_number === viewing.tax_payer_number) ?? viewing)
        }
        canSend={canSend}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
