import type { PayrollChanges } from '@levy/contracts';
import { Alert, List, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { formatAmount, plural } from '../../lib/format';

/** Lines listed before the rest are counted: the first ones say what changed. */
const MAX_LINES = 10;

type Change = PayrollChanges['joiners'][number];

const money = (amount: string | null) => formatAmount(amount ?? '0');

/** "gross ₦500,000.00 → ₦550,000.00": the figure that changed with its before and after, else as it stands. */
function figure(label: string, before: string | null, after: string | null): string {
  return before !== null && after !== null && before !== after
    ? `${label} ${money(before)} → ${money(after)}`
    : `${label} ${money(after ?? before)}`;
}

function lineOf(kind: 'Joined' | 'Left' | 'Changed', change: Change): string {
  const who = `${change.name} (${change.tax_payer_number})`;
  const figures = [
    figure('gross', change.gross_before, change.gross_after),
    figure('tax', change.tax_before, change.tax_after),
  ].join(', ');
  return `${kind}: ${who}, ${figures}`;
}

/** "2 employees joined, 1 left, 3 with changed pay or tax" */
export function changesHeadline(changes: PayrollChanges): string {
  const left = changes.leaver_count.toLocaleString('en-NG');
  const changed = changes.pay_changed_count.toLocaleString('en-NG');
  return `${plural(changes.joiner_count, 'employee')} joined, ${left} left, ${changed} with changed pay or tax`;
}

/**
 * Who joined, who left and whose gross or tax changed against an earlier payroll (a version, or
 * a bill's employees), by name and Tax ID: the first lines listed, the rest counted.
 */
export function PayrollChangesAlert({
  title,
  changes,
  testId,
}: {
  /** What the changes are against: "Since payroll version 3 of 3 Nov 2026". */
  title: string;
  changes: PayrollChanges;
  testId?: string;
}) {
  const lines = [
    ...changes.joiners.map((change) => lineOf('Joined', change)),
    ...changes.leavers.map((change) => lineOf('Left', change)),
    ...changes.pay_changed.map((change) => lineOf('Changed', change)),
  ];
  const total = changes.joiner_count + changes.leaver_count + changes.pay_changed_count;
  const shown = lines.slice(0, MAX_LINES);
  return (
    <Alert
      color="gray"
      icon={<IconArrowsExchange size={18} />}
      title={`${title}: ${changesHeadline(changes)}`}
      data-testid={testId}
    >
      {total === 0 ? (
        <Text fz="sm">No one joined or left, and no one’s pay or tax changed.</Text>
      ) : (
        <>
          <List size="sm" spacing={2}>
            {shown.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          {total > shown.length && (
            <Text fz="sm" mt={4}>
              and {(total - shown.length).toLocaleString('en-NG')} more.
            </Text>
          )}
        </>
      )}
    </Alert>
  );
}
