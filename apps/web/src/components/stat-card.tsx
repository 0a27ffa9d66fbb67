import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { FittedFigure } from './fitted-figure';

export const STAT_CARD_MIN_HEIGHT = 160;

/** One figure with its label (docs/product.md §9: minimum height 160); the figure shrinks to fit the card, never cut. */
export function StatCard({
  label,
  value,
  icon,
  hint,
}: {
  label: string;
  value: string | number;
  icon?: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" mih={STAT_CARD_MIN_HEIGHT} component="section" aria-label={label}>
      <Stack justify="space-between" h="100%" gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fz="sm" fw={600} c="dimmed">
            {label}
          </Text>
          {icon && (
            <ThemeIcon variant="light" size="lg" aria-hidden="true">
              {icon}
            </ThemeIcon>
          )}
        </Group>
        <div>
          <FittedFigure value={value} testId="stat-card-value" />
          {hint && (
            <Text fz="xs" c="dimmed" mt={4}>
              {hint}
            </Text>
          )}
        </div>
      </Stack>
    </Card>
  );
}
