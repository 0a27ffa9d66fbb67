import { ALERT_MESSAGES, hasPermission, type Alert } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { ActionIcon, Badge, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatAmount, formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useAlerts } from '../../../api/alerts-api';

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

/**
 * The top bar's tax alerts bell (docs/product.md §2): shown only when there are alerts; each opens Pay
 * Taxes for that month. The alerts are the server's, read again every minute and on focus (sign-in
 * alone would miss a month falling due or a payment failing); the session keeps the latest copy.
 */
export function AlertsBell() {
  const organisationId = useSessionStore((state) => state.organisation?.id);
  const canRead = useSessionStore((state) => hasPermission(state.permissions, calls.listAlerts.permission));
  const live = useAlerts(canRead ? organisationId : undefined);
  useEffect(() => {
    if (live.data) useSessionStore.setState({ alerts: live.data });
  }, [live.data]);
  const alerts = useSessionStore((state) => state.alerts) ?? [];
  const [opened, setOpened] = useState(false);
  if (alerts.length === 0) return null;
  const overdue = alerts.filter((alert) => alert.status === 'overdue').length;
  // Overdue months have no deadline ahead: the next one is the first still due.
  const next = alerts.find((alert) => alert.status !== 'overdue');
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md">
      {/* The button is the popover's target: it, not the badge around it, carries aria-expanded. */}
      <Indicator label={alerts.length} size={18} color={overdue > 0 ? 'red' : 'orange'} offset={4}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={`Tax alerts (${alerts.length})`}
            onClick={() => setOpened((value) => !value)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs">
        <Stack gap={4}>
          <Text fw={600} px="xs" pt={4}>
            Tax alerts{' '}
            {overdue > 0 && (
              <Badge component="span" color="red" size="sm" ml={6}>
                {overdue} overdue
              </Badge>
            )}
          </Text>
          {alerts.length === 0 ? (
            <Text fz="sm" c="dimmed" p="xs">
              {ALERT_MESSAGES.none}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420}>
              <Stack gap={2}>
                {alerts.map((alert) => (
                  <AlertItem
                    key={`${alert.kind}-${alert.corporation.id}-${alert.state_code}-${alert.tax_month}`}
                    alert={alert}
                    onOpen={() => setOpened(false)}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Text fz="xs" c="dimmed" px="xs">
            {next
              ? `Dates are legal deadlines (${formatDate(next.deadline_date)} is the next).`
              : 'Every month listed is past its deadline: pay the oldest first.'}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
