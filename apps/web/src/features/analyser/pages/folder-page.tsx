import { hasPermission, type StatementRecord } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { Button, Text } from '@mantine/core';
import { IconBuildingBank, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ContentCard } from '../../../components/content-card';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import type { OptionItem } from '../../../components/options-button';
import { PageHeading } from '../../../components/page-heading';
import { formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useDeleteRecord, useFolder, useRecords } from '../api/analyser-api';
import { ConfirmDeleteDialog, countOf } from '../components/confirm-delete-dialog';
import { LoadError } from '../components/load-error';
import { NamedList, useNameSearch } from '../components/named-list';
import { RecordDialog } from '../components/record-dialog';
import { ANALYSER_PATH, recordPath } from '../model/analyser-routes';
import { formatPeriodRange } from '../model/period';

type Dialog =
  { kind: 'create' } | { kind: 'edit'; record: StatementRecord } | { kind: 'delete'; record: StatementRecord } | null;

function RecordsTable({ folderId }: { folderId: string }) {
  const permissions = useSessionStore((state) => state.permissions);
  const navigate = useNavigate();
  const search = useNameSearch();
  const [dialog, setDialog] = useState<Dialog>(null);
  const records = useRecords(folderId, search.params);
  const deleteRecord = useDeleteRecord();

  const canCreate = hasPermission(permissions, calls.createStatementRecord.permission);
  const canEdit = hasPermission(permissions, calls.updateStatementRecord.permission);
  const canDelete = hasPermission(permissions, calls.deleteStatementRecord.permission);
  const optionsFor = (record: StatementRecord): OptionItem[] => [
    ...(canEdit
      ? [{ label: 'Edit', icon: <IconPencil size={16} />, onClick: () => setDialog({ kind: 'edit', record }) }]
      : []),
    ...(canDelete
      ? [
          {
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            onClick: () => setDialog({ kind: 'delete', record }),
          },
        ]
      : []),
  ];
  const notGiven = (
    <Text span c="dimmed" fz="sm">
      Not given
    </Text>
  );

  return (
    <ContentCard
      title="Bank accounts"
      actions={
        canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
            New bank account
          </Button>
        )
      }
    >
      <NamedList
        search={search}
        list={records}
        text={{
          table: 'Bank accounts',
          nameHeader: 'Account name',
          search: 'Search accounts',
          loading: 'Loading bank accounts',
          loadError: 'The bank accounts could not be loaded',
          empty: 'No bank accounts yet',
          emptyHint: canCreate
            ? 'Add a bank account, then upload its statements (PDF, CSV or XLSX).'
            : 'No bank account has been added to this folder yet.',
          noMatch: 'No account matches this search.',
        }}
        minWidth={720}
        pathOf={(record) => recordPath(record.id)}
        columns={[
          { header: 'Bank', cell: (record) => record.bank_name || notGiven },
          { header: 'Account number', monospace: true, cell: (record) => record.account_number || notGiven },
          { header: 'Statements', align: 'right', cell: (record) => record.statement_count },
          {
            header: 'Period covered',
            cell: (record) =>
              formatPeriodRange(record.period_start, record.period_end) || (
                <Text span c="dimmed" fz="sm">
                  No statements yet
                </Text>
              ),
          },
          { header: 'Date created', cell: (record) => formatDate(record.created_at) },
        ]}
        details={(record) =>
          [
            record.bank_name,
            record.account_number,
            countOf(record.statement_count, 'statement'),
            formatPeriodRange(record.period_start, record.period_end),
          ]
            .filter(Boolean)
            .join(' · ')
        }
        optionsFor={optionsFor}
      />
      {dialog?.kind === 'create' && (
        <RecordDialog
          folderId={folderId}
          onClose={() => setDialog(null)}
          onSaved={(record) => void navigate(recordPath(record.id))}
        />
      )}
      {dialog?.kind === 'edit' && (
        <RecordDialog folderId={folderId} record={dialog.record} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title="Delete bank account"
          name={dialog.record.name}
          consequence={`its ${countOf(dialog.record.statement_count, 'statement')}`}
          busy={deleteRecord.isPending}
          onConfirm={() => deleteRecord.mutate(dialog.record.id, { onSuccess: () => setDialog(null) })}
          onClose={() => setDialog(null)}
        />
      )}
    </ContentCard>
  );
}

/** A folder (docs/product.md §2 analyser.folders.folder): its bank accounts, each holding statements. */
export default function FolderPage() {
  const { id } = useParams();
  const folder = useFolder(id);

  if (folder.isPending) return <LoadingPlaceholder height={320} label="Loading folder" />;
  if (folder.isError || !id) {
    return (
      <>
        <BackLink to={ANALYSER_PATH} label="Bank Analyser" />
        <LoadError error={folder.error} title="This folder could not be opened" onRetry={() => void folder.refetch()} />
      </>
    );
  }
  return (
    <>
      <BackLink to={ANALYSER_PATH} label="Bank Analyser" />
      <PageHeading
        title={folder.data.name}
        description={
          <>
            <IconBuildingBank size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} />{' '}
            {countOf(folder.data.record_count, 'bank account')} · {countOf(folder.data.statement_count, 'statement')} ·
            Created {formatDate(folder.data.created_at)}
          </>
        }
      />
      <RecordsTable folderId={id} />
    </>
  );
}
