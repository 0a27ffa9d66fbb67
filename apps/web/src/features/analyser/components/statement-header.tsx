import type { StatementDetail } from '@levy/contracts';
import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { ContentCard } from '../../../components/content-card';
import { downloadReport } from '../api/analyser-api';
import { formatStatementPeriod } from '../model/period';
import { describeProgress, isSettling } from '../model/statement-status';
import { countOf } from './confirm-delete-dialog';

/** The statement's line under its name: bank, account, period and pages. */
export function describeStatement(statement: StatementDetail): string {
  return [
    statement.bank_name,
    statement.account_number,
    formatStatementPeriod(statement.period_start, statement.period_end, statement.period_source),
    statement.page_count ? countOf(statement.page_count, 'page') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function ReportButton({ statementId }: { statementId: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        void downloadReport(statementId).finally(() => setBusy(false));
      }}
    >
      Download report PDF
    </Button>
  );
}

/** While the statement is still being read: where the engine is, polled. */
function StatementProgressCard({ statement }: { statement: StatementDetail }) {
  return (
    <ContentCard title="Analysing this statement">
      <Stack gap="xs">
        <Progress value={statement.progress.percent} animated size="lg" aria-label="Analysis progress" />
        <Text fz="sm" c="dimmed">
          {describeProgress(statement.progress)} · {statement.progress.percent}%
        </Text>
      </Stack>
    </ContentCard>
  );
}

/** What keeps a statement from its results: the engine's progress while it is read, the reason when it failed. */
export function StatementStatusNotice({ statement }: { statement: StatementDetail }) {
  if (isSettling(statement.status)) return <StatementProgressCard statement={statement} />;
  if (statement.status !== 'failed') return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This statement could not be read" mb="lg">
      {statement.error_message}
    </Alert>
  );
}
