import type { RecordAnalysis } from '@levy/contracts';
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ContentCard } from '../../../components/content-card';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { useRecordAnalysis } from '../api/analyser-api';
import { daysBetween, formatPeriodRange } from '../model/period';
import { AnalysisOverview } from './analysis-panels';
import { countOf } from './confirm-delete-dialog';
import { CoverageTimeline } from './coverage-timeline';
import { LoadError } from './load-error';

/** What an analyst reads about a statement that does not count in full: left out, or rows already in an earlier statement. */
function countingNote(statement: RecordAnalysis['statements'][number]): string | null {
  if (statement.left_out === 'inconsistent')
    return `${statement.file_name} is left out: its balances or totals do not add up`;
  if (statement.left_out === 'duplicate')
    return `${statement.file_name} is left out: every transaction in it is already in an earlier statement`;
  if (statement.duplicate_rows > 0)
    return `${statement.file_name}: ${countOf(statement.duplicate_rows, 'transaction')} already in an earlier statement, counted once`;
  return null;
}

/** The statements whose rows are not all in the combined figures, and why. */
function CountedStatements({ statements }: { statements: RecordAnalysis['statements'] }) {
  const notes = statements.flatMap((statement) => {
    const note = countingNote(statement);
    return note ? [{ id: statement.id, note }] : [];
  });
  if (notes.length === 0) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Counted once">
      <List size="sm" spacing={2}>
        {notes.map(({ id, note }) => (
          <List.Item key={id}>{note}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Every analysed statement of the account together: coverage with gaps and overlaps, then the combined analysis. */
export function CombinedAnalysis({ recordId, analysedCount }: { recordId: string; analysedCount: number }) {
  const analysis = useRecordAnalysis(recordId, analysedCount);
  if (analysedCount === 0) return null;
  if (analysis.isPending) return <LoadingPlaceholder height={320} label="Loading the combined analysis" />;
  if (analysis.isError)
    return (
      <LoadError
        error={analysis.error}
        title="The combined analysis could not be loaded"
        onRetry={() => void analysis.refetch()}
      />
    );
  const { data } = analysis;
  const problems = [
    ...data.gaps.map(
      (gap) =>
        `No statement covers ${formatPeriodRange(gap.from, gap.to)} (${countOf(daysBetween(gap.from, gap.to), 'day')})`,
    ),
    ...data.overlaps.map(
      (overlap) =>
        `Statements overlap over ${formatPeriodRange(overlap.from, overlap.to)} (${countOf(daysBetween(overlap.from, overlap.to), 'day')})`,
    ),
  ];
  return (
    <Stack gap="lg">
      <ContentCard title={`Combined analysis of ${countOf(data.statement_count, 'statement')}`}>
        <Stack gap="md">
          <CoverageTimeline analysis={data} />
          {problems.length > 0 ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Coverage">
              <List size="sm" spacing={2}>
                {problems.map((problem) => (
                  <List.Item key={problem}>{problem}</List.Item>
                ))}
              </List>
            </Alert>
          ) : (
            <Text fz="sm" c="dimmed">
              The statements run on from one another without gaps or overlaps.
            </Text>
          )}
          <CountedStatements statements={data.statements} />
          {data.pending_count > 0 && (
            <Text fz="sm" c="dimmed">
              {countOf(data.pending_count, 'statement')} still being read or failed{' '}
              {data.pending_count === 1 ? 'is' : 'are'} left out.
            </Text>
          )}
        </Stack>
      </ContentCard>
      <AnalysisOverview analysis={data} />
    </Stack>
  );
}
