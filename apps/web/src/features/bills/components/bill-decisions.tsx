import { billRepricing, hasPermission, type BillDetail, type BillRepricing } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { SETTLING_STATUSES, useBillDecision } from '../api/bills-api';

type Pending = 'reject' | 'cancel' | null;

/**
 * What can still be decided about a bill, by whom (the server checks the same): an admin other
 * than its preparer approves or declines a waiting bill; its preparer or an admin withdraws it; an
 * admin cancels a payment the revenue service has not accepted, and the wallet is refunded.
 */
export function BillDecisions({ bill }: { bill: BillDetail }) {
  const permissions = useSessionStore((state) => state.permissions);
  const userId = useSessionStore((state) => state.user?.id ?? null);
  const decide = useBillDecision();
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approve' | 'reject' | 'cancel' | null>(null);
  const [failure, setFailure] = useState<{ action: 'approve' | 'reject' | 'cancel'; message: string } | null>(null);
  const [repricing, setRepricing] = useState<BillRepricing | null>(null);

  const isAdmin = hasPermission(permissions, calls.approveBill.permission);
  const isPreparer = bill.created_by_id !== null && bill.created_by_id === userId;
  const waiting = bill.status === 'awaiting_approval';
  const canApprove = waiting && isAdmin && !isPreparer;
  const canWithdraw = waiting && (isAdmin || isPreparer);
  const canCancelPayment = SETTLING_STATUSES.includes(bill.status) && bill.status !== 'pending' && isAdmin;
  if (!canApprove && !canWithdraw && !canCancelPayment) {
    return waiting ? (
      <Alert color="yellow" title="Waiting for an admin's approval">
        {isPreparer
          ? 'Another admin must approve this bill before it is paid.'
          : 'An admin approves this bill before it is paid.'}
      </Alert>
    ) : null;
  }

  const run = async (action: 'approve' | 'reject' | 'cancel') => {
    if (action === 'reject' && !reason.trim()) {
      setReasonError('Reason is required');
      return;
    }
    setBusy(action);
    setFailure(null);
    const confirmTotal = action === 'approve' ? repricing?.now.total : undefined;
    setRepricing(null);
    try {
      await decide(action, bill.id, { reason: reason.trim() || undefined, confirmTotal });
      setPending(null);
      setReason('');
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const changed = error.code === 'CONFLICT' ? billRepricing.safeParse(error.data) : null;
      if (changed?.success) setRepricing(changed.data);
      else setFailure({ action, message: error.message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm" data-testid="bill-decisions">
      {waiting && (
        <Alert color="yellow" title="Waiting for approval">
          Nothing has been paid.{' '}
          {canApprove
            ? `Approve to pay ${formatAmount(repricing?.now.total ?? bill.total)} from the wallet now, or decline with a reason for ` +
              `${bill.created_by ?? 'the preparer'}.`
            : 'Another admin approves it; you can still withdraw it.'}
        </Alert>
      )}
      {canCancelPayment && (
        <Alert color="blue" title="The revenue service has not accepted this payment yet">
          An admin can still cancel it: {formatAmount(bill.total)} returns to the wallet.
        </Alert>
      )}
      {repricing && (
        <Alert color="orange" title="The price changed since this bill was prepared" data-testid="bill-repricing">
          <Stack gap={6}>
            {repricing.changes.map((change) => (
              <Text key={change} fz="sm">
                {change}
              </Text>
            ))}
            <Text fz="sm">Nothing has been paid: approve at the new total, or decline the bill.</Text>
          </Stack>
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" title={failure.action === 'approve' ? 'Not approved' : 'Nothing was changed'}>
          {failure.message}
        </Alert>
      )}
      {pending && (
        <Textarea
          label={pending === 'reject' ? 'Why is this bill declined?' : 'Reason (optional)'}
          description={pending === 'reject' ? 'The preparer is mailed this reason.' : 'Kept in the bill’s history.'}
          required={pending === 'reject'}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setReasonError(null);
          }}
          error={reasonError}
        />
      )}
      <Group gap="xs">
        {pending ? (
          <>
            <Button color="red" loading={busy === pending} onClick={() => void run(pending)}>
              {pending === 'reject' ? 'Decline the bill' : canCancelPayment ? 'Cancel and refund' : 'Withdraw the bill'}
            </Button>
            <Button variant="default" onClick={() => setPending(null)} disabled={busy !== null}>
              Keep it
            </Button>
          </>
        ) : (
          <>
            {canApprove && (
              <Button
                leftSection={<IconCheck size={16} />}
                loading={busy === 'approve'}
                onClick={() => void run('approve')}
              >
                {repricing ? `Approve and pay ${formatAmount(repricing.now.total)}` : 'Approve and pay'}
              </Button>
            )}
            {canApprove && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconX size={16} />}
                onClick={() => setPending('reject')}
              >
                Decline
              </Button>
            )}
            {(canWithdraw || canCancelPayment) && (
              <Button variant="subtle" color="red" onClick={() => setPending('cancel')}>
                {canCancelPayment ? 'Cancel payment' : 'Withdraw'}
              </Button>
            )}
          </>
        )}
      </Group>
      {isPreparer && waiting && !isAdmin && (
        <Text fz="xs" c="dimmed">
          You prepared this bill: an admin approves it.
        </Text>
      )}
    </Stack>
  );
}
