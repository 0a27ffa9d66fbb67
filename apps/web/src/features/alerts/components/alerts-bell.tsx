import { hasPermission } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadChunk } from '../../../lib/lazy-page';
import { useSessionStore } from '../../../lib/session-store';
import { useAlerts } from '../../../api/alerts-api';

// The list is a popover: it, and the positioning library under it (about 20 KB gzipped with the
// profile menu's), loads when the bell is first pressed, not with every signed-in page.
const loadPopover = () => import('./alerts-popover');
const AlertsPopover = lazy(async () => ({ default: (await loadChunk(loadPopover)).AlertsPopover }));

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
  const [isPressed, setPressed] = useState(false);
  const overdue = alerts.some((alert) => alert.status === 'overdue');
  // What the popover's target looks like and says while closed; nothing without alerts.
  const bell =
    alerts.length === 0 ? null : (
      <Indicator label={alerts.length} size={18} color={overdue ? 'red' : 'orange'} offset={4}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={`Tax alerts (${alerts.length})`}
          aria-haspopup="dialog"
          aria-expanded={false}
          onPointerEnter={() => void loadPopover().catch(() => undefined)}
          onClick={() => setPressed(true)}
        >
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    );
  if (!isPressed) return bell;
  // Once pressed, the popover stays mounted, keeping its state; it draws nothing without alerts.
  return (
    <Suspense fallback={bell}>
      <AlertsPopover alerts={alerts} />
    </Suspense>
  );
}
