import type { StatementVerdict } from '@levy/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { verdictDisplay } from '../model/statement-status';

const ICONS = { consistent: IconCircleCheck, suspicious: IconAlertTriangle, inconsistent: IconCircleX } as const;

/**
 * A statement's verdict: Consistent (green), Suspicious (yellow) or Inconsistent (red); a
 * spreadsheet's consistent verdict says "Arithmetic consistent", as a spreadsheet cannot be authenticated.
 */
export function VerdictTag({
  verdict,
  size = 'md',
  isSpreadsheet = false,
}: {
  verdict: StatementVerdict;
  size?: BadgeProps['size'];
  isSpreadsheet?: boolean;
}) {
  const { label, color } = verdictDisplay(verdict, isSpreadsheet);
  const Icon = ICONS[verdict];
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      size={size}
      leftSection={<Icon size={12} aria-hidden="true" />}
      data-verdict={verdict}
    >
      {label}
    </Badge>
  );
}
