import { hasPermission, type Statement } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { Anchor, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconChartBar, IconFileSearch, IconRefresh, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { OptionsButton, type OptionItem } from '../../../components/options-button';
import { PageHeading } from '../../../components/page-heading';
import { PhoneDetails, PhoneFitScrollContainer, ROWS_IN_TWO_LINES } from '../../../components/phone-table';
import { StatusTag } from '../../../components/status-tag';
import { formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useDeleteStatement, useFolder, useRecord, useStatements } from '../api/analyser-api';
import { CombinedAnalysis } from '../components/combined-analysis';
import { ConfirmDeleteDialog, countOf } from '../components/confirm-delete-dialog';
import { LoadError } from '../components/load-error';
import { RerunStatementDialog } from '../components/rerun-statement-dialog';
import { UploadStatementDialog } from '../components/upload-statement-dialog';
import { VerdictTag } from '../components/verdict-tag';
import { ANALYSER_PATH, extractPath, folderPath, statementPath } from '../model/analyser-routes';
import { formatPeriodRange, formatStatementPeriod } from '../model/period';
import { describeProgress, isSettling, isSpreadsheet } from '../model/statement-status';

type Dialog =
  { kind: 'upload' } | { kind: 'rerun'; statement: Statement } | { kind: 'delete'; statement: Statement } | null;

/** A statement's state in the list: progress while it is read, the verdict once analysed, the reason when it failed. */
function StatementState({ statement }: { statement: Statement }) {
  if (isSettling(statement.status)) {
    return (
      <Stack gap={4} miw={160} data-testid="statement-progress">
        <Group gap="xs" justify="space-between">
          <StatusTag status={statement.status} />
          <Text fz="xs" c="dimmed">
            {statement.progress.percent}%
          </Text>
        </Group>
        <Progress
          value={statement.progress.percent}
          animated
          size="sm"
          aria-label={`Analysis progress of ${statement.file_name}`}
        />
        <Text fz="xs" c="dimmed">
          {describeProgress(statement.progress)}
        </Text>
      </Stack>
    );
  }
  if (statement.status === 'failed') {
    return (
      <Stack gap={4} maw={280}>
        <StatusTag status="failed" />
        <Text fz="xs" c="red.9">
          {statement.error_message}
        </Text>
      </Stack>
    );
  }
  if (!statement.verdict) return <StatusTag status={statement.status} />;
  if (!isSpreadsheet(statement.format)) return <VerdictTag verdict={statement.verdict} />;
  // A CSV or XLSX anyone can edit: the verdict is about its arithmetic only.
  return (
    <Stack gap={2} align="flex-start">
      <VerdictTag verdict={statement.verdict} />
      <Text fz="xs" c="dimmed">
        Arithmetic only: a spreadsheet cannot be authenticated
      </Text>
    </Stack>
  );
}

function StatementsTable({ recordId, onDialog }: { recordId: string; onDialog: (dialog: Dialog) => void }) {
  const permissions = useSessionStore((state) => state.permissions);
  const navigate = useNavigate();
  const statements = useStatements(recordId);
  const canUpdate = hasPermission(permissions, calls.saveStatementCorrections.permission);
  const canDelete = hasPermission(permissions, calls.deleteStatement.permission);

  const optionsFor = (statement: Statement): OptionItem[] => [
    ...(statement.status === 'analysed'
      ? [
          {
            label: 'Open analysis',
            icon: <IconChartBar size={16} />,
            onClick: () => void navigate(statementPath(recordId, statement.id)),
          },
          {
            label: 'Open extraction',
            icon: <IconFileSearch size={16} />,
            onClick: () => void navigate(extractPath(recordId, statement.id)),
          },
        ]
      : []),
    ...(canUpdate && !isSettling(statement.status)
      ? [
          {
            label: 'Analyse again',
            icon: <IconRefresh size={16} />,
            onClick: () => onDialog({ kind: 'rerun', statement }),
          },
        ]
      : []),
    ...(canDelete
      ? [
          {
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            onClick: () => onDialog({ kind: 'delete', statement }),
          },
        ]
      : []),
  ];

  if (statements.isPending) return <LoadingPlaceholder label="Loading statements" />;
  if (statements.isError)
    return (
      <LoadError
        error={statements.error}
        title="The statements could not be loaded"
        onRetry={() => void statements.refetch()}
      />
    );
  if (statements.data.items.length === 0) {
    return (
      <EmptyState
        message="No statements yet"
        hint="Upload the account's statements as the bank sent them: PDF, CSV or XLSX."
      />
    );
  }
  return (
    <PhoneFitScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" aria-label="Statements" className={ROWS_IN_TWO_LINES}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Statement</Table.Th>
            <Table.Th visibleFrom="sm">Period</Table.Th>
            <Table.Th w={210} visibleFrom="sm">
              Status
            </Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Transactions
            </Table.Th>
            <Table.Th visibleFrom="sm">Uploaded</Table.Th>
            <Table.Th w={48} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statements.data.items.map((statement) => (
            <Table.Tr key={statement.id} data-status={statement.status}>
              <Table.Td>
                {statement.status === 'analysed' ? (
                  <Anchor component={Link} to={statementPath(recordId, statement.id)} fw={600} fz="sm">
                    {statement.file_name}
                  </Anchor>
                ) : (
                  <Text fw={600} fz="sm">
                    {statement.file_name}
                  </Text>
                )}
                <Text fz="xs" c="dimmed">
                  {statement.format.toUpperCase()}
                  {statement.page_count ? ` · ${countOf(statement.page_count, 'page')}` : ''}
                  {statement.bank_name ? ` · ${statement.bank_name}` : ''}
                </Text>
                <PhoneDetails>
                  {[
                    formatStatementPeriod(statement.period_start, statement.period_end, statement.period_source),
                    statement.totals && countOf(statement.totals.transaction_count, 'transaction'),
                    `Uploaded ${formatDate(statement.created_at)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </PhoneDetails>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                {formatPeriodRange(statement.period_start, statement.period_end) || (
                  <Text span c="dimmed" fz="sm">
                    Not read yet
                  </Text>
                )}
                {statement.period_source === 'transactions' && (
                  <Text fz="xs" c="dimmed">
                    No period printed: first to last transaction
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-phone-line="below">
                <StatementState statement={statement} />
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                {statement.totals ? statement.totals.transaction_count.toLocaleString('en-NG') : '—'}
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(statement.created_at)}</Table.Td>
              <Table.Td>
                <OptionsButton label={`Actions for ${statement.file_name}`} items={optionsFor(statement)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PhoneFitScrollContainer>
  );
}

/** A record (docs/product.md §2 analyser.records.record, 90% wide): one bank account's statements and their combined analysis. */
export default function RecordPage() {
  const { id } = useParams();
  const permissions = useSessionStore((state) => state.permissions);
  const record = useRecord(id);
  const folder = useFolder(record.data?.folder_id);
  const statements = useStatements(id ?? '');
  const deleteStatement = useDeleteStatement();
  const [dialog, setDialog] = useState<Dialog>(null);
  const analysedCount = statements.data?.items.filter((statement) => statement.status === 'analysed').length ?? 0;
  const refetchRecord = record.refetch;
  // The account's period grows as each statement is analysed.
  useEffect(() => {
    if (analysedCount > 0) void refetchRecord();
  }, [analysedCount, refetchRecord]);

  if (record.isPending) return <LoadingPlaceholder height={320} label="Loading bank account" />;
  if (record.isError || !id) {
    return (
      <>
        <BackLink to={ANALYSER_PATH} label="Bank Analyser" />
        <LoadError
          error={record.error}
          title="This bank account could not be opened"
          onRetry={() => void record.refetch()}
        />
      </>
    );
  }
  const { data } = record;
  const canUpload = hasPermission(permissions, calls.uploadStatement.permission);
  return (
    <>
      <BackLink to={folderPath(data.folder_id)} label={folder.data?.name ?? 'Folder'} />
      <PageHeading
        title={data.name}
        description={
          [data.bank_name, data.account_number, formatPeriodRange(data.period_start, data.period_end)]
            .filter(Boolean)
            .join(' · ') || 'No statements yet'
        }
        actions={
          canUpload && (
            <Button leftSection={<IconUpload size={16} />} onClick={() => setDialog({ kind: 'upload' })}>
              Upload statement
            </Button>
          )
        }
      />
      <Stack gap="lg">
        <ContentCard title="Statements">
          <StatementsTable recordId={id} onDialog={setDialog} />
        </ContentCard>
        <CombinedAnalysis recordId={id} analysedCount={analysedCount} />
      </Stack>
      {dialog?.kind === 'upload' && <UploadStatementDialog recordId={id} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rerun' && (
        <RerunStatementDialog statement={dialog.statement} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title="Delete statement"
          name={dialog.statement.file_name}
          consequence="its transactions, corrections and analysis"
          busy={deleteStatement.isPending}
          onConfirm={() => deleteStatement.mutate(dialog.statement.id, { onSuccess: () => setDialog(null) })}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
