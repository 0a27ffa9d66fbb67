import type { StatementVerdict } from '@levy/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { VERDICT_DISPLAY } from '../model/statement-status';

const ICONS = { consistent: IconCircleCheck, suspicious: IconAlertTriangle, inconsistent: IconCircleX } as const;

/** A statement's authenticity verdict: Consistent (green), Suspicious (yellow) or Inconsistent (red). */
export function VerdictTag({ verdict, size = 'md' }: { verdict: StatementVerdict; size?: BadgeProps['size'] }) {
  const { label, color } = VERDICT_DISPLAY[verdict];
  const Icon = ICONS[verdict];
  return (
    <Badge color={color} variant="light" radius="sm" size={size} leftSection={<Icon size={12} aria-hidden="true" />} data-verdict={verdict}>
      {label}
    </Badge>
  );
}
