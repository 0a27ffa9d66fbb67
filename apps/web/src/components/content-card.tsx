import { Card, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered section with an optional title and actions, the building block of app pages. */
export function ContentCard({
  title,
  actions,
  children,
  padding = 'lg',
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  padding?: string;
}) {
  return (
    <Card withBorder padding={padding} component="section" aria-label={title}>
      {(title || actions) && (
        <Group justify="space-between" mb="md">
          {title && (
            <Text fw={700} component="h2" fz="lg" m={0}>
              {title}
            </Text>
          )}
          {actions}
        </Group>
      )}
      {children}
    </Card>
  );
}
