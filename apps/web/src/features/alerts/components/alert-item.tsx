import type { Alert } from '@levy/contracts';
import { Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { formatAmount, formatDate } from '../../../lib/format';

/**
 * After a penalty that follows the MPR: " (MPR as of 24 Feb, 2026)", or the server's caveat when the
 * rate has not been checked for a while; nothing after a fixed one (late filing).
 */
export function mprAsOfNote(penalty: { mpr_as_of: string | null; mpr_caveat: string | null }): string {
  if (penalty.mpr_caveat) return ` (${penalty.mpr_caveat.replace(/\.$/, '')})`;
  return penalty.mpr_as_of ? ` (MPR as of ${formatDate(penalty.mpr_as_of)})` : '';
}

/** 'Due in 5 days', 'Due today', '13 days overdue'. */
export function alertTiming(alert: Pick<Alert, 'status' | 'days_left' | 'days_overdue'>): string {
  if (alert.status === 'overdue') return `${alert.days_overdue} ${alert.days_overdue === 1 ? 'day' : 'days'} overdue`;
  if (alert.days_left === 0) return 'Due today';
  return `Due in ${alert.days_left} ${alert.days_left === 1 ? 'day' : 'days'}`;
}

export function AlertItem({ alert, onOpen }: { alert: Alert; onOpen?: () => void }) {
  return (
    <UnstyledButton
      component={Link}
      to={alert.pay_link}
      onClick={onOpen}
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="alert-item"
    >
      <Stack gap={2}>
        <Text fz="sm" fw={600}>
          {alert.message}
        </Text>
        <Text fz="xs" c="dimmed">
          {alert.corporation.name} · {alert.state}
        </Text>
        <Text fz="xs" c={alert.status === 'overdue' ? 'red.9' : 'dimmed'}>
          {alertTiming(alert)}
          {alert.penalty
            ? ` · penalty so far ${formatAmount(alert.penalty.total)}${mprAsOfNote(alert.penalty)}`
            : alert.status === 'overdue'
              ? ' · a late penalty grows daily on the tax due'
              : ''}
        </Text>
        {alert.safe_note && (
          <Text fz="xs" c="orange.8">
            {alert.safe_note}
          </Text>
        )}
        {alert.note && (
          <Text fz="xs" c="red.9" data-testid="alert-note">
            {alert.note}
          </Text>
        )}
      </Stack>
    </UnstyledButton>
  );
}
