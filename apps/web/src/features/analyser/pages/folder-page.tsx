import { ANALYSER_PERMISSIONS, hasPermission, type StatementRecord } from '@levy/contracts';
import { Anchor, Button, Table, Text } from '@mantine/core';
import { IconBuildingBank, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { OptionsButton, type OptionItem } from '../../../components/options-button';
import { PageHeading } from '../../../components/page-heading';
import { QueryBar } from '../../../components/query/query-bar';
import { defaultQueryState, toListParams, type QueryState } from '../../../components/query/query-state';
import { TablePagination } from '../../../components/table-pagination';
import { formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useDeleteRecord, useFolder, useRecords } from '../api/analyser-api';
import { ConfirmDeleteDialog, countOf } from '../components/confirm-delete-dialog';
import { LoadError } from '../components/load-error';
import { RecordDialog } from '../components/record-dialog';
import { ANALYSER_PATH, recordPath } from '../model/analyser-routes';
import { formatPeriodRange } from '../model/period';

type Dialog = { kind: 'create' } | { kind: 'edit'; record: StatementRecord } | { kind: 'delete'; record: StatementRecord } | null;

function RecordsTable({ folderId }: { folderId: string }) {
  const permissions = useSessionStore((state) => state.permissions);
  const navigate = useNavigate();
  const [query, setQuery] = useState<QueryState>(() => defaultQueryState('name'));
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const records = useRecords(folderId, toListParams(query, page));
  const deleteRecord = useDeleteRecord();

  const canCreate = hasPermission(permissions, ANALYSER_PERMISSIONS.createRecord);
  const canEdit = hasPermission(permissions, ANALYSER_PERMISSIONS.updateRecord);
  const canDelete = hasPermission(permissions, ANALYSER_PERMISSIONS.deleteRecord);
  const optionsFor = (record: StatementRecord): OptionItem[] => [
    ...(canEdit ? [{ label: 'Edit', icon: <IconPencil size={16} />, onClick: () => setDialog({ kind: 'edit', record }) }] : []),
    ...(canDelete ? [{ label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: () => setDialog({ kind: 'delete', record }) }] : []),
  ];

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
      <QueryBar
        module="analyser"
        value={query}
        onChange={(next) => {
          setQuery(next);
          setPage(1);
        }}
        sortKeys={['created_at', 'name']}
        searchLabel="Search accounts"
        onRefresh={() => void records.refetch()}
        refreshing={records.isFetching}
      />
      {records.isPending ? (
        <LoadingPlaceholder label="Loading bank accounts" />
      ) : records.isError ? (
        <LoadError error={records.error} title="The bank accounts could not be loaded" onRetry={() => void records.refetch()} />
      ) : records.data.items.length === 0 ? (
        <EmptyState
          message={query.search.value ? 'No data' : 'No bank accounts yet'}
          hint={query.search.value ? 'No account matches this search.' : canCreate ? 'Add a bank account, then upload its statements (PDF, CSV or XLSX).' : 'No bank account has been added to this folder yet.'}
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Bank accounts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account name</Table.Th>
                  <Table.Th>Bank</Table.Th>
                  <Table.Th>Account number</Table.Th>
                  <Table.Th ta="right">Statements</Table.Th>
                  <Table.Th>Period covered</Table.Th>
                  <Table.Th>Date created</Table.Th>
                  <Table.Th w={48} aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.data.items.map((record) => (
                  <Table.Tr key={record.id} style={{ cursor: 'pointer' }} onClick={() => void navigate(recordPath(record.id))}>
                    <Table.Td>
                      <Anchor component={Link} to={recordPath(record.id)} fw={600} fz="sm" onClick={(event) => event.stopPropagation()}>
                        {record.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{record.bank_name || <Text span c="dimmed" fz="sm">Not given</Text>}</Table.Td>
                    <Table.Td ff="monospace">{record.account_number || <Text span c="dimmed" fz="sm">Not given</Text>}</Table.Td>
                    <Table.Td ta="right">{record.statement_count}</Table.Td>
                    <Table.Td>{formatPeriodRange(record.period_start, record.period_end) || <Text span c="dimmed" fz="sm">No statements yet</Text>}</Table.Td>
                    <Table.Td>{formatDate(record.created_at)}</Table.Td>
                    <Table.Td onClick={(event) => event.stopPropagation()}>
                      <OptionsButton label={`Actions for ${record.name}`} items={optionsFor(record)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePagination pagination={records.data.pagination} onPageChange={setPage} />
        </>
      )}
      {dialog?.kind === 'create' && <RecordDialog folderId={folderId} onClose={() => setDialog(null)} onSaved={(record) => void navigate(recordPath(record.id))} />}
      {dialog?.kind === 'edit' && <RecordDialog folderId={folderId} record={dialog.record} onClose={() => setDialog(null)} />}
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

/** A folder (product-spec §2 analyser.folders.folder): its bank accounts, each holding statements. */
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
            <IconBuildingBank size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} /> {countOf(folder.data.record_count, 'bank account')} · {countOf(folder.data.statement_count, 'statement')} · Created {formatDate(folder.data.created_at)}
          </>
        }
      />
      <RecordsTable folderId={id} />
    </>
  );
}
