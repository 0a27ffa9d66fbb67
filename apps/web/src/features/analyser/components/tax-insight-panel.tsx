import { Anchor, Button, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { whtTypeName } from '@levy/tax';
import { IconReceiptTax } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AmountCell } from '../../../components/amount-cell';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PhoneDetails, PhoneFitScrollContainer, ROWS_IN_TWO_LINES } from '../../../components/phone-table';
import { StatCard } from '../../../components/stat-card';
import { formatAmount, formatDate, plural } from '../../../lib/format';
import { billPath } from '../../../lib/routes';
import { useTaxInsight } from '../api/analyser-api';
import { countOf } from './confirm-delete-dialog';
import { LoadError } from './load-error';

/**
 * Tax insight: debits that paid the organisation's own tax bills, tax-looking debits with no
 * bill, vendors that may be owed WHT (each with a link that opens the WHT form prefilled), and
 * the VAT the bank charged on fees. On a phone a vendor's figures come under its name, and a tax
 * payment's bill under its narration and amount.
 */
export function TaxInsightPanel({ statementId }: { statementId: string }) {
  const insight = useTaxInsight(statementId);
  if (insight.isPending) return <LoadingPlaceholder height={200} label="Loading tax insight" />;
  if (insight.isError)
    return (
      <LoadError
        error={insight.error}
        title="The tax insight could not be loaded"
        onRetry={() => void insight.refetch()}
      />
    );
  const { data } = insight;
  const whtTotal = data.wht_vendors.reduce((sum, vendor) => sum + Number(vendor.wht_outstanding), 0);
  return (
    <ContentCard title="Tax insight">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={20}>
          <StatCard
            label="Tax bills paid from this account"
            value={data.bill_matches.length}
            hint={`Debits within ${data.window_days} days of a paid Levy bill of the same amount`}
          />
          <StatCard
            label="WHT that may be owed"
            value={formatAmount(whtTotal)}
            hint={`${data.wht_vendors.length} regular vendors, at the engine's rate, less WHT already paid through Levy`}
          />
          <StatCard
            label="VAT on bank charges"
            value={formatAmount(data.bank_charges_vat)}
            hint="Input VAT the bank charged on its fees"
          />
        </SimpleGrid>

        <Stack gap="xs">
          <Title order={3} fz="md">
            Vendors that may be owed withholding tax
          </Title>
          {data.wht_vendors.length === 0 ? (
            <EmptyState height={90} hint="No vendor is paid regularly enough to suggest WHT." />
          ) : (
            <PhoneFitScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" fz="sm" aria-label="Vendors that may be owed WHT">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Vendor</Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      Payments
                    </Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      Paid
                    </Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      WHT
                    </Table.Th>
                    <Table.Th aria-label="Pay" />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.wht_vendors.map((vendor) => (
                    <Table.Tr key={vendor.vendor}>
                      <Table.Td>
                        <Text fz="sm" fw={600}>
                          {vendor.vendor}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {plural(vendor.months.length, 'month')} ·{' '}
                          {vendor.wht_type_source === 'assumed' ? 'assumed ' : ''}
                          {whtTypeName(vendor.wht_type).toLowerCase()}
                          {vendor.wht_type_source === 'narration' ? ' (from the narrations)' : ''}
                          {vendor.rate === null ? '' : ` at ${vendor.rate}%`}
                        </Text>
                        <PhoneDetails>
                          WHT {formatAmount(vendor.wht)} on {formatAmount(vendor.total)} paid in{' '}
                          {countOf(vendor.payments, 'payment')}
                        </PhoneDetails>
                        {Number(vendor.wht_withheld_through_levy) > 0 && (
                          <Text fz="xs" data-testid="wht-withheld-through-levy">
                            {formatAmount(vendor.wht_withheld_through_levy)} already withheld through Levy in these
                            months; {formatAmount(vendor.wht_outstanding)} outstanding.
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" visibleFrom="sm">
                        {vendor.payments}
                      </Table.Td>
                      <AmountCell visibleFrom="sm">{formatAmount(vendor.total)}</AmountCell>
                      <AmountCell fw={600} visibleFrom="sm">
                        {formatAmount(vendor.wht)}
                      </AmountCell>
                      <Table.Td ta="right">
                        {Number(vendor.wht_outstanding) > 0 ? (
                          <Button
                            component={Link}
                            to={vendor.wht_link}
                            size="compact-sm"
                            variant="light"
                            leftSection={<IconReceiptTax size={14} />}
                          >
                            Pay WHT
                          </Button>
                        ) : (
                          <Text fz="sm" c="dimmed">
                            Paid through Levy
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </PhoneFitScrollContainer>
          )}
          <Text fz="xs" c="dimmed">
            The type comes from the narrations where they name it, otherwise other services is assumed: check each
            vendor's contract before paying WHT.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={3} fz="md">
            Tax payments
          </Title>
          {data.bill_matches.length === 0 && data.unmatched_tax_payments.length === 0 ? (
            <EmptyState height={90} hint="No debit on this statement looks like a tax payment." />
          ) : (
            <PhoneFitScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" fz="sm" aria-label="Tax payments" className={ROWS_IN_TWO_LINES}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th visibleFrom="sm">Date</Table.Th>
                    <Table.Th>Narration</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th visibleFrom="sm">Levy bill</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.bill_matches.map((match) => (
                    <Table.Tr key={`match-${match.transaction.index}`}>
                      <Table.Td visibleFrom="sm">{formatDate(match.transaction.date)}</Table.Td>
                      <Table.Td>
                        {match.transaction.narration}
                        <PhoneDetails>{formatDate(match.transaction.date)}</PhoneDetails>
                      </Table.Td>
                      <AmountCell>{formatAmount(match.transaction.amount)}</AmountCell>
                      <Table.Td data-phone-line="below">
                        <Anchor component={Link} to={billPath(match.bill.id)} ff="monospace" fz="sm">
                          {match.bill.reference}
                        </Anchor>
                        <Text fz="xs" c="dimmed">
                          {match.days_apart === 0 ? 'Same day' : `${match.days_apart} days apart`}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {data.unmatched_tax_payments.map((payment) => (
                    <Table.Tr key={`unmatched-${payment.index}`}>
                      <Table.Td visibleFrom="sm">{formatDate(payment.date)}</Table.Td>
                      <Table.Td>
                        {payment.narration}
                        <PhoneDetails>{formatDate(payment.date)}</PhoneDetails>
                      </Table.Td>
                      <AmountCell>{formatAmount(payment.amount)}</AmountCell>
                      <Table.Td data-phone-line="below">
                        <Text fz="sm" c="orange.8">
                          No matching bill
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </PhoneFitScrollContainer>
          )}
        </Stack>
      </Stack>
    </ContentCard>
  );
}
