import type { StatementDetail } from '@levy/contracts';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle, IconFileSearch } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ContentCard } from '../../../components/content-card';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PageHeading } from '../../../components/page-heading';
import { useStatement, useStatementAnalysis } from '../api/analyser-api';
import { AnalysisOverview, VerdictPanel } from '../components/analysis-panels';
import { LoadError } from '../components/load-error';
import { describeStatement, ReportButton, StatementProgressCard } from '../components/statement-header';
import { TaxInsightPanel } from '../components/tax-insight-panel';
import { TransactionsTable } from '../components/transactions-table';
import { ANALYSER_PATH, extractPath, recordPath } from '../model/analyser-routes';
import { isSettling } from '../model/statement-status';

function AnalysedStatement({ statement }: { statement: StatementDetail }) {
  const analysis = useStatementAnalysis(statement.id);
  if (analysis.isPending) return <LoadingPlaceholder height={320} label="Loading the analysis" />;
  if (analysis.isError) return <LoadError error={analysis.error} title="The analysis could not be loaded" onRetry={() => void analysis.refetch()} />;
  return (
    <Stack gap="lg">
      <VerdictPanel verdict={analysis.data.verdict} reasons={analysis.data.reasons} checks={analysis.data.checks} />
      <AnalysisOverview analysis={analysis.data} />
      <TaxInsightPanel statementId={statement.id} />
      <ContentCard title="Transactions">
        <TransactionsTable statementId={statement.id} />
      </ContentCard>
    </Stack>
  );
}

/**
 * A statement (product-spec §2 analyser.records.statement, 90% wide): its verdict, summary cards,
 * charts, panels, tax insight and transactions.
 */
export default function StatementPage() {
  const { id: recordId, statementId } = useParams();
  const statement = useStatement(statementId);

  if (statement.isPending) return <LoadingPlaceholder height={320} label="Loading statement" />;
  if (statement.isError || !recordId || !statementId) {
    return (
      <>
        <BackLink to={recordId ? recordPath(recordId) : ANALYSER_PATH} label="Bank account" />
        <LoadError error={statement.error} title="This statement could not be opened" onRetry={() => void statement.refetch()} />
      </>
    );
  }
  const { data } = statement;
  const isAnalysed = data.status === 'analysed';
  return (
    <>
      <BackLink to={recordPath(recordId)} label="Bank account" />
      <PageHeading
        title={data.file_name}
        description={describeStatement(data)}
        actions={
          isAnalysed && (
            <Group gap="sm">
              <Button variant="default" component={Link} to={extractPath(recordId, data.id)} leftSection={<IconFileSearch size={16} />}>
                Open extraction
              </Button>
              <ReportButton statementId={data.id} />
            </Group>
          )
        }
      />
      {isSettling(data.status) && <StatementProgressCard statement={data} />}
      {data.status === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This statement could not be read">
          {data.error_message}
        </Alert>
      )}
      {isAnalysed && <AnalysedStatement statement={data} />}
    </>
  );
}
