import type { StatementTransaction } from '@levy/contracts';
import { Text } from '@mantine/core';
import { formatAmount } from '../../../lib/format';

/** A transaction's amount in one column: +₦ for money in, −₦ for money out, and the balance after it. */
export function SignedAmount({ row }: { row: Pick<StatementTransaction, 'type' | 'amount' | 'balance'> }) {
  const isCredit = row.type === 'credit';
  return (
    <>
      <Text fz="sm" fw={600} c={isCredit ? 'levy.8' : 'red.9'}>
        {isCredit ? '+' : '−'}
        {formatAmount(row.amount)}
      </Text>
      <Text fz="xs" c="dimmed">
        {row.balance === null ? 'No balance' : `Bal. ${formatAmount(row.balance)}`}
      </Text>
    </>
  );
}
