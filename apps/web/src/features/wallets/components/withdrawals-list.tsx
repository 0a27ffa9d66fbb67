import { hasPermission } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { Box, Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { AmountCell } from '../../../components/amount-cell';
import { ContentCard } from '../../../components/content-card';
import { PhoneDetails, PhoneFitScrollContainer, ROWS_AS_CARDS } from '../../../components/phone-table';
import { StatusTag } from '../../../components/status-tag';
import { TablePagination } from '../../../components/table-pagination';
import { formatAmount, formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useWithdrawalDecision, useWithdrawals, type Withdrawal } from '../../../api/wallets-api';
import { destination } from './withdraw-dialog';

/** Approve or decline, for an admin other than the one who asked (the server checks the same). */
function Decision({ withdrawal }: { withdrawal: Withdrawal }) {
  const permissions = useSessionStore((state) => state.permissions);
  const userId = useSessionStore((state) => state.user?.id ?? null);
  const decide = useWithdrawalDecision();
  if (withdrawal.status !== 'awaiting_approval' || !hasPermission(permissions, calls.approveWithdrawal.permission))
    return null;
  const isRequester = withdrawal.requested_by.id === userId;
  const busy = decide.isPending ? decide.variables.action : null;
  return (
    <Group gap="xs" wrap="nowrap">
      {!isRequester && (
        <Button
          size="compact-sm"
          loading={busy === 'approve'}
          disabled={busy !== null}
          onClick={() => decide.mutate({ id: withdrawal.id, action: 'approve' })}
        >
          Approve
        </Button>
      )}
      <Button
        size="compact-sm"
        variant="default"
        loading={busy === 'reject'}
        disabled={busy !== null}
        onClick={() => decide.mutate({ id: withdrawal.id, action: 'reject' })}
      >
        {isRequester ? 'Cancel request' : 'Decline'}
      </Button>
    </Group>
  );
}

/** The organisation's withdrawals to its bank, with their status; shown once there is one. */
export function WithdrawalsList({ organisationId }: { organisationId: string }) {
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals(organisationId, { page, count: 5 });
  if (!withdrawals.data || withdrawals.data.items.length === 0) return null;
  return (
    <Box mb="lg">
      <ContentCard title="Withdrawals">
        <PhoneFitScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label="Withdrawals" className={ROWS_AS_CARDS}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th visibleFrom="sm">Date</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th visibleFrom="sm">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {withdrawals.data.items.map((withdrawal) => (
                <Table.Tr key={withdrawal.id}>
                  <Table.Td visibleFrom="sm">{formatDate(withdrawal.created_at)}</Table.Td>
                  <Table.Td data-phone-line="title">
                    <Text fz="sm" fw={600}>
                      {destination(withdrawal)}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      Asked by {withdrawal.requested_by.name}
                      {withdrawal.decided_by ? ` · decided by ${withdrawal.decided_by.name}` : ''}
                    </Text>
                    {withdrawal.note && (
                      <Text fz="xs" c={withdrawal.status === 'awaiting_approval' ? 'dimmed' : 'red.9'}>
                        {withdrawal.note}
                      </Text>
                    )}
                    <PhoneDetails>{formatDate(withdrawal.created_at)}</PhoneDetails>
                  </Table.Td>
                  <AmountCell data-phone-line="end">{formatAmount(withdrawal.amount)}</AmountCell>
                  <Table.Td>
                    <StatusTag status={withdrawal.status} />
                  </Table.Td>
                  <Table.Td>
                    <Decision withdrawal={withdrawal} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </PhoneFitScrollContainer>
        <TablePagination pagination={withdrawals.data.pagination} onPageChange={setPage} />
      </ContentCard>
    </Box>
  );
}
