import type { Alert } from '@levy/contracts';
import { ALERT_MESSAGES } from '@levy/contracts';
import { ActionIcon, Badge, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { formatDate } from '../../../lib/format';
import { AlertItem } from './alert-item';

/**
 * The bell with its list, loaded when the bell is first pressed (alerts-bell.tsx): it opens at once,
 * and the new bell takes the focus the pressed one had.
 */
export function AlertsPopover({ alerts }: { alerts: Alert[] }) {
  const [opened, setOpened] = useState(true);
  const bellRef = useRef<HTMLButtonElement>(null);
  useEffect(() => bellRef.current?.focus(), []);
  const overdue = alerts.filter((alert) => alert.status === 'overdue').length;
  // Overdue months have no deadline ahead: the next one is the first still due.
  const next = alerts.find((alert) => alert.status !== 'overdue');
  if (alerts.length === 0) return null;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md">
      {/* The button is the popover's target: it, not the badge around it, carries aria-expanded. */}
      <Indicator label={alerts.length} size={18} color={overdue > 0 ? 'red' : 'orange'} offset={4}>
        <Popover.Target>
          <ActionIcon
            ref={bellRef}
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
