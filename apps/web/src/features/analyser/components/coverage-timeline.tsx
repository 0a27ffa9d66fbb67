import type { RecordAnalysis } from '@levy/contracts';
import { Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { formatDate } from '../../../lib/format';
import { boundsOf, placeSpans, type Span } from '../model/coverage-timeline';
import { daysBetween, formatPeriodRange } from '../model/period';
import { VERDICT_DISPLAY } from '../model/statement-status';

const BAR_HEIGHT = 22;

function spanOfStatement(statement: RecordAnalysis['statements'][number]): Span | null {
  return statement.period_start && statement.period_end
    ? { from: statement.period_start, to: statement.period_end }
    : null;
}

function Track({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Text fz="xs" w={160} truncate title={label} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box
        pos="relative"
        h={BAR_HEIGHT}
        style={{ flex: 1, background: 'var(--mantine-color-gray-1)', borderRadius: 4 }}
      >
        {children}
      </Box>
    </Group>
  );
}

function Bar({ left, width, color, label }: { left: number; width: number; color: string; label: string }) {
  return (
    <Tooltip label={label} withinPortal>
      <Box
        pos="absolute"
        top={0}
        h={BAR_HEIGHT}
        aria-label={label}
        role="img"
        style={{ left: `${left}%`, width: `max(${width}%, 4px)`, background: color, borderRadius: 4 }}
      />
    </Tooltip>
  );
}

/**
 * The statements of one account on a time line: each statement's period as a bar coloured by its
 * verdict, and under them the gaps (red) and overlaps (orange) between statements.
 */
export function CoverageTimeline({ analysis }: { analysis: Pick<RecordAnalysis, 'statements' | 'gaps' | 'overlaps'> }) {
  const bounds = boundsOf([...analysis.statements.map(spanOfStatement), ...analysis.gaps, ...analysis.overlaps]);
  if (!bounds) return null;
  const statements = placeSpans(analysis.statements, spanOfStatement, bounds);
  const gaps = placeSpans(analysis.gaps, (gap) => gap, bounds);
  const overlaps = placeSpans(analysis.overlaps, (overlap) => overlap, bounds);
  return (
    <Stack gap={6} role="group" aria-label="Statement coverage">
      {statements.map(({ item, left, width }) => (
        <Track key={item.id} label={item.file_name}>
          <Bar
            left={left}
            width={width}
            color={`var(--mantine-color-${item.verdict ? VERDICT_DISPLAY[item.verdict].color : 'gray'}-5)`}
            label={`${item.file_name}: ${formatPeriodRange(item.period_start, item.period_end)}`}
          />
        </Track>
      ))}
      <Track label="Gaps and overlaps">
        {gaps.map(({ item, left, width }) => (
          <Bar
            key={`gap-${item.from}`}
            left={left}
            width={width}
            color="var(--mantine-color-red-6)"
            label={`Gap: ${formatPeriodRange(item.from, item.to)} (${daysBetween(item.from, item.to)} days)`}
          />
        ))}
        {overlaps.map(({ item, left, width }) => (
          <Bar
            key={`overlap-${item.from}`}
            left={left}
            width={width}
            color="var(--mantine-color-orange-5)"
            label={`Overlap: ${formatPeriodRange(item.from, item.to)} (${daysBetween(item.from, item.to)} days)`}
          />
        ))}
      </Track>
      <Group justify="space-between" ml={172}>
        <Text fz="xs" c="dimmed">
          {formatDate(bounds.from)}
        </Text>
        <Text fz="xs" c="dimmed">
          {formatDate(bounds.to)}
        </Text>
      </Group>
    </Stack>
  );
}
