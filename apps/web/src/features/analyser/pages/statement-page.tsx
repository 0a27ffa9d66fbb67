import type { StatementDetail } from '@levy/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ContentCard } from '../../../components/content-card';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PageHeading } from '../../../components/page-heading';
import { useStatementAnalysis } from '../api/analyser-api';
import { AnalysisOverview, VerdictPanel } from '../components/analysis-panels';
import { LoadError } from '../components/load-error';
import { describeStatement, ReportButton, StatementStatusNotice } from '../components/statement-header';
import { StatementGate } from '../components/statement-gate';
import { TaxInsightPanel } from '../components/tax-insight-panel';
import { TransactionsTable } from '../components/transactions-table';
import { extractPath, recordPath } from '../model/analyser-routes';
import { isSpreadsheet } from '../model/statement-status';

function AnalysedStatement({ statement }: { statement: StatementDetail }) {
  const analysis = useStatementAnalysis(statement.id);
  if (analysis.isPending) return <LoadingPlaceholder height={320} label="Loading the analysis" />;
  if (analysis.isError)
    return (
      <LoadError
        error={analysis.error}
        title="The analysis could not be loaded"
        onRetry={() => void analysis.refetch()}
      />
    );
  return (
    <Stack gap="lg">
      <VerdictPanel
        verdict={analysis.data.verdict}
        reasons={analysis.data.reasons}
        checks={analysis.data.checks}
        isSpreadsheet={isSpreadsheet(statement.format)}
      />
      <AnalysisOverview analysis={analysis.data} />
      <TaxInsightPanel statementId={statement.id} />
      <ContentCard title="Transactions">
        <TransactionsTable statementId={statement.id} />
      </ContentCard>
    </Stack>
  );
}

function StatementScreen({ statement, recordId }: { statement: StatementDetail; recordId: string }) {
  const isAnalysed = statement.status === 'analysed';
  return (
    <>
      <BackLink to={recordPath(recordId)} label="Bank account" />
      <PageHeading
        title={statement.file_name}
        description={describeStatement(statement)}
        actions={
          isAnalysed && (
            <Group gap="sm">
              <Button
                variant="default"
                component={Link}
                to={extractPath(recordId, statement.id)}
                leftSection={<IconFileSearch size={16} />}
              >
                Open extraction
              </Button>
              <ReportButton statementId={statement.id} />
            </Group>
          )
        }
      />
      <StatementStatusNotice statement={statement} />
      {isAnalysed && <AnalysedStatement statement={statement} />}
    </>
  );
}

/**
 * A statement (docs/product.md §2 analyser.records.statement, 90% wide): its verdict, summary cards,
 * charts, panels, tax insight and transactions.
 */
export default function StatementPage() {
  return (
    <StatementGate>
      {(statement, recordId) => <StatementScreen statement={statement} recordId={recordId} />}
    </StatementGate>
  );
}
