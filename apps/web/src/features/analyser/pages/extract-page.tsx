import { hasPermission, type BankCategory, type StatementDetail, type StatementTransaction } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { Alert, Grid, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { BackLink } from '../../../components/back-link';
import { ContentCard } from '../../../components/content-card';
import { ExportButtons } from '../../../components/export-buttons';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PageHeading } from '../../../components/page-heading';
import { useSessionStore } from '../../../lib/session-store';
import { downloadTransactions, useExtraction, useSaveCorrections } from '../api/analyser-api';
import { ColumnMappingCard } from '../components/column-mapping-card';
import { ExtractedRows } from '../components/extracted-rows';
import { LoadError } from '../components/load-error';
import { PageSourceView } from '../components/page-source-view';
import { ReadingConfidence } from '../components/reading-confidence';
import { describeStatement, ReportButton, StatementStatusNotice } from '../components/statement-header';
import { StatementGate } from '../components/statement-gate';
import { recordPath, statementPath } from '../model/analyser-routes';
import { sourceLinesOf } from '../model/extraction';
import { isSettling } from '../model/statement-status';

function Extraction({ statement }: { statement: StatementDetail }) {
  const permissions = useSessionStore((state) => state.permissions);
  const [page, setPage] = useState(1);
  const [selectedIndex, setSelectedIndex] = useState<number | null>(null);
  const extraction = useExtraction(statement.id, page);
  const corrections = useSaveCorrections(statement.id);
  const canChange = hasPermission(permissions, calls.saveStatementCorrections.permission);

  const readingCard = (
    <ReadingConfidence
      confidence={statement.confidence}
      notes={statement.notes}
      sourceName={statement.format === 'pdf' ? 'Page' : 'Sheet'}
      onShowRow={(row, notePage) => {
        setPage(notePage);
        setSelectedIndex(row - 1);
      }}
    />
  );
  if (extraction.isPending || extraction.isError) {
    return (
      <Stack gap="lg">
        {readingCard}
        {extraction.isPending ? (
          <LoadingPlaceholder height={320} label="Loading the extraction" />
        ) : (
          <LoadError
            error={extraction.error}
            title="The extraction could not be loaded"
            onRetry={() => void extraction.refetch()}
          />
        )}
      </Stack>
    );
  }
  const { data } = extraction;
  const selected = data.rows.find((row) => row.index === selectedIndex) ?? null;
  const highlighted = selected ? sourceLinesOf(selected, data.rows, data.lines) : new Set<number>();
  const correctCategory = (row: StatementTransaction, category: BankCategory) => {
    setSelectedIndex(row.index);
    corrections.mutate([{ index: row.index, category }]);
  };
  const sourceName = data.format === 'pdf' ? 'Page' : 'Sheet';

  return (
    <Stack gap="lg">
      {readingCard}
      <ContentCard
        title={`${sourceName} ${data.page} of ${data.page_count}`}
        actions={
          data.page_count > 1 && (
            <Pagination
              size="sm"
              total={data.page_count}
              value={page}
              onChange={(next) => {
                setPage(next);
                setSelectedIndex(null);
              }}
              getItemProps={(item) => ({ 'aria-label': `${sourceName} ${item}` })}
              getControlProps={(control) => ({
                'aria-label': `${control.charAt(0).toUpperCase()}${control.slice(1)} ${sourceName.toLowerCase()}`,
              })}
            />
          )
        }
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Text fz="sm" fw={600} mb="xs">
              As read from the file
            </Text>
            <PageSourceView extraction={data} highlighted={highlighted} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <Group justify="space-between" mb="xs">
              <Text fz="sm" fw={600}>
                {data.rows.length} {data.rows.length === 1 ? 'row' : 'rows'} read
              </Text>
              <Text fz="xs" c="dimmed">
                Choose a row to see where it came from.
              </Text>
            </Group>
            <ExtractedRows
              rows={data.rows}
              selectedIndex={selectedIndex}
              onSelect={setSelectedIndex}
              canCorrect={canChange}
              savingIndex={corrections.isPending ? selectedIndex : null}
              onCorrectCategory={correctCategory}
            />
          </Grid.Col>
        </Grid>
      </ContentCard>
      {statement.skipped_rows.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={`${statement.skipped_rows.length} lines were not read as transactions`}
        >
          {statement.skipped_rows.slice(0, 5).map((skipped) => (
            <Text key={`${skipped.page}-${skipped.y}`} fz="sm">
              {sourceName} {skipped.page}: {skipped.reason}
            </Text>
          ))}
        </Alert>
      )}
      <ColumnMappingCard
        key={`${statement.id}-${statement.analysed_at}`}
        statementId={statement.id}
        extraction={data}
        hasMapping={statement.has_mapping}
        canChange={canChange}
      />
    </Stack>
  );
}

function ExtractScreen({ statement, recordId }: { statement: StatementDetail; recordId: string }) {
  const isAnalysed = statement.status === 'analysed';
  return (
    <>
      <BackLink
        to={isAnalysed ? statementPath(recordId, statement.id) : recordPath(recordId)}
        label={isAnalysed ? 'Statement analysis' : 'Bank account'}
      />
      <PageHeading
        title={`Extraction · ${statement.file_name}`}
        description={describeStatement(statement)}
        actions={
          isAnalysed && (
            <Group gap="sm">
              <ExportButtons onExport={(format) => downloadTransactions(statement.id, {}, format)} />
              <ReportButton statementId={statement.id} />
            </Group>
          )
        }
      />
      <StatementStatusNotice statement={statement} />
      {!isSettling(statement.status) && <Extraction statement={statement} />}
    </>
  );
}

/**
 * The extraction (docs/product.md §2 analyser.records.statement.extract, 90% wide): the rows beside
 * the page they came from, the column mapping, corrections of a row's category, and exports.
 */
export default function ExtractPage() {
  return (
    <StatementGate>
      {(statement, recordId) => <ExtractScreen statement={statement} recordId={recordId} />}
    </StatementGate>
  );
}
