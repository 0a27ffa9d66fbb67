import type { AnnualReturnContent, AnnualReturnView } from '@levy/contracts';
import { Alert, Button, List, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { ContentCard } from '../../../components/content-card';
import { PhoneDetails, PhoneFitScrollContainer, ROWS_AS_CARDS } from '../../../components/phone-table';
import { formatAmount, formatDate, plural } from '../../../lib/format';

/** The return's totals: employees, gross income and tax; the PAYE paid says how much of it was paid outside Levy. */
export function Totals({ content }: { content: AnnualReturnContent }) {
  const { throughLevy, outside } = paymentCounts(content);
  const figures: Array<[string, string, string?]> = [
    ['Employees', String(content.totals.employees)],
    ['Gross income', formatAmount(content.totals.gross)],
    ['Reliefs', formatAmount(content.totals.total_reliefs)],
    ['PAYE deducted', formatAmount(content.totals.tax_deducted)],
    [
      'PAYE paid',
      formatAmount(content.totals.bills_amount_due),
      [
        throughLevy > 0 || outside === 0 ? `${plural(throughLevy, 'bill')} through Levy` : null,
        outside > 0 ? `${plural(outside, 'month')} paid outside Levy` : null,
      ]
        .filter(Boolean)
        .join(' · '),
    ],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
      {figures.map(([label, value, detail]) => (
        <ContentCard key={label} padding="md">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fz={{ base: 'md', sm: 'lg' }} fw={700} mt={4}>
            {value}
          </Text>
          {detail && (
            <Text fz="xs" c="dimmed" mt={2}>
              {detail}
            </Text>
          )}
        </ContentCard>
      ))}
    </SimpleGrid>
  );
}

/** The months paid on the state's portal before Levy that the return counts: not differences, but said. */
export function PaidOutsideLevy({ content }: { content: AnnualReturnContent }) {
  const months = content.differences.filter((difference) => difference.kind === 'paid_outside_levy');
  if (months.length === 0) return null;
  return (
    <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Paid outside Levy">
      <Stack gap="xs">
        <Text fz="sm">
          The return counts these months as paid on the revenue service&apos;s portal before Levy, as you recorded them:
        </Text>
        <List size="sm" spacing={4}>
          {months.map((month) => (
            <List.Item key={month.message}>{month.message}</List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

/** How the return reconciles to the paid PAYE bills, and each difference. */
/** How many of the year's paid months were paid by Levy bills, and how many outside Levy. */
export function paymentCounts(content: AnnualReturnContent) {
  const outside = content.bills.filter((bill) => bill.paid_outside_levy).length;
  return { throughLevy: content.bills.length - outside, outside };
}

/** The differences to read before submitting: a month paid outside Levy is said apart, not as one. */
export const differencesToRead = (content: AnnualReturnContent) =>
  content.differences.filter((difference) => difference.kind !== 'paid_outside_levy');

export function Differences({ content, filed }: { content: AnnualReturnContent; filed: boolean }) {
  const differences = differencesToRead(content);
  if (differences.length === 0) {
    return (
      <Alert color="green" icon={<IconCircleCheck size={18} />} title="Reconciled to the paid PAYE bills">
        Every month owed has a paid bill, the PAYE deducted equals the bills&apos; amount due, and every row&apos;s PAYE
        matches the law&apos;s figure.
      </Alert>
    );
  }
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={18} />}
      title={`${plural(differences.length, 'difference')} from the paid PAYE bills`}
    >
      <Stack gap="xs">
        <Text fz="sm">
          {content.reconciled
            ? 'The PAYE deducted equals the paid bills’ amount due.'
            : 'The PAYE deducted does not equal the paid bills’ amount due.'}{' '}
          {filed
            ? 'The return was filed with these; the revenue service may ask about them:'
            : 'Read these before you submit:'}
        </Text>
        <List size="sm" spacing={4}>
          {differences.map((difference) => (
            <List.Item key={difference.message}>{difference.message}</List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

const RELIEF_LABELS: Array<[keyof AnnualReturnContent['employees'][number]['reliefs'], string]> = [
  ['pension', 'pension'],
  ['nhf', 'NHF'],
  ['nhis', 'NHIS'],
  ['life_assurance', 'life assurance'],
  ['mortgage_interest', 'mortgage interest'],
  ['rent_relief', 'rent'],
  ['cra', 'CRA'],
];

/** "pension ₦24,000.00, NHF ₦1,200.00": the reliefs an employee's year was given, those above nil. */
function reliefBreakdown(reliefs: AnnualReturnContent['employees'][number]['reliefs']): string {
  return RELIEF_LABELS.filter(([key]) => Number(reliefs[key]) > 0)
    .map(([key, label]) => `${label} ${formatAmount(reliefs[key])}`)
    .join(', ');
}

/** The return's employees with their months, pay, each relief and tax, each with their tax card. */
export function EmployeesTable({
  content,
  onTaxCard,
  downloading,
}: {
  content: AnnualReturnContent;
  onTaxCard: (taxPayerNumber: string) => void;
  downloading: string | null;
}) {
  return (
    <PhoneFitScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label="Employees on the annual return" className={ROWS_AS_CARDS}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee</Table.Th>
            <Table.Th visibleFrom="sm">Months</Table.Th>
            <Table.Th ta="right">Gross income</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Reliefs
            </Table.Th>
            <Table.Th ta="right">PAYE deducted</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Law&apos;s PAYE
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>Tax card</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {content.employees.map((employee) => (
            <Table.Tr key={employee.tax_payer_number}>
              <Table.Td data-phone-line="title">
                <Text fz="sm" fw={600}>
                  {employee.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {employee.tax_payer_number}
                  {employee.designation ? ` · ${employee.designation}` : ''}
                </Text>
                <PhoneDetails>
                  {plural(employee.months, 'month')} · reliefs {formatAmount(employee.total_reliefs)}
                  {Number(employee.total_reliefs) > 0 && ` (${reliefBreakdown(employee.reliefs)})`}
                </PhoneDetails>
              </Table.Td>
              <Table.Td visibleFrom="sm">{employee.months}</Table.Td>
              <Table.Td ta="right">{formatAmount(employee.gross)}</Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                {formatAmount(employee.total_reliefs)}
                <Text fz="xs" c="dimmed" data-testid={`reliefs-${employee.tax_payer_number}`}>
                  {reliefBreakdown(employee.reliefs)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatAmount(employee.tax_deducted)}</Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                {formatAmount(employee.expected_tax)}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconDownload size={14} />}
                  loading={downloading === employee.tax_payer_number}
                  onClick={() => onTaxCard(employee.tax_payer_number)}
                  aria-label={`Tax card for ${employee.name}`}
                >
                  Tax card
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PhoneFitScrollContainer>
  );
}

/** The versions filed, each with its acknowledgement reference. */
export function Versions({ view }: { view: AnnualReturnView }) {
  return (
    <ContentCard title="Versions filed">
      <Stack gap="sm" component="ol" aria-label="Versions filed" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {view.versions.map((version) => (
          <li key={version.version}>
            <Text fz="sm" fw={600}>
              Version {version.version} · {version.reference ?? 'acknowledgement not yet recorded'}
            </Text>
            <Text fz="sm" c="dimmed">
              Filed {formatDate(version.filed_at)} by {version.filed_by} · {version.employees}{' '}
              {version.employees === 1 ? 'employee' : 'employees'}, PAYE deducted {formatAmount(version.tax_deducted)} ·{' '}
              {version.reason ? `Amended: ${version.reason}` : 'First filing'}
            </Text>
          </li>
        ))}
      </Stack>
    </ContentCard>
  );
}
