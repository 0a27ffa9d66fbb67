import { ANALYSER_PERMISSIONS, hasPermission, type StatementFolder } from '@levy/contracts';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconFolder, IconFolderPlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
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
import { useDeleteFolder, useFolders } from '../api/analyser-api';
import { ConfirmDeleteDialog, countOf } from '../components/confirm-delete-dialog';
import { FolderDialog } from '../components/folder-dialog';
import { LoadError } from '../components/load-error';
import { folderPath } from '../model/analyser-routes';

type Dialog = { kind: 'create' } | { kind: 'rename'; folder: StatementFolder } | { kind: 'delete'; folder: StatementFolder } | null;

/** Bank Analyser (product-spec §2 analyser.index): folders of bank accounts whose statements are analysed. */
export default function AnalyserPage() {
  const permissions = useSessionStore((state) => state.permissions);
  const navigate = useNavigate();
  const [query, setQuery] = useState<QueryState>(() => defaultQueryState('name'));
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const folders = useFolders(toListParams(query, page));
  const deleteFolder = useDeleteFolder();

  const canCreate = hasPermission(permissions, ANALYSER_PERMISSIONS.createFolder);
  const canRename = hasPermission(permissions, ANALYSER_PERMISSIONS.updateFolder);
  const canDelete = hasPermission(permissions, ANALYSER_PERMISSIONS.deleteFolder);
  const optionsFor = (folder: StatementFolder): OptionItem[] => [
    ...(canRename ? [{ label: 'Rename', icon: <IconPencil size={16} />, onClick: () => setDialog({ kind: 'rename', folder }) }] : []),
    ...(canDelete ? [{ label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: () => setDialog({ kind: 'delete', folder }) }] : []),
  ];

  return (
    <>
      <PageHeading
        title="Bank Analyser"
        description={
          <>
            Upload bank statements to check they are genuine and see where the money goes.{' '}
            <Badge size="sm" variant="light" component="span">
              Beta
            </Badge>
          </>
        }
        actions={
          canCreate && (
            <Button leftSection={<IconFolderPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
              New folder
            </Button>
          )
        }
      />
      <ContentCard>
        <QueryBar
          module="analyser"
          value={query}
          onChange={(next) => {
            setQuery(next);
            setPage(1);
          }}
          sortKeys={['created_at', 'name']}
          searchLabel="Search folders"
          onRefresh={() => void folders.refetch()}
          refreshing={folders.isFetching}
        />
        {folders.isPending ? (
          <LoadingPlaceholder label="Loading folders" />
        ) : folders.isError ? (
          <LoadError error={folders.error} title="The folders could not be loaded" onRetry={() => void folders.refetch()} />
        ) : folders.data.items.length === 0 ? (
          <EmptyState
            message={query.search.value ? 'No data' : 'No folders yet'}
            hint={query.search.value ? 'No folder matches this search.' : canCreate ? 'Create a folder for a client or a loan file, then add its bank accounts.' : 'No folder has been created yet.'}
          />
        ) : (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" highlightOnHover aria-label="Folders">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Folder</Table.Th>
                    <Table.Th ta="right">Accounts</Table.Th>
                    <Table.Th ta="right">Statements</Table.Th>
                    <Table.Th>Date created</Table.Th>
                    <Table.Th w={48} aria-label="Actions" />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {folders.data.items.map((folder) => (
                    <Table.Tr key={folder.id} style={{ cursor: 'pointer' }} onClick={() => void navigate(folderPath(folder.id))}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <IconFolder size={18} color="var(--mantine-color-levy-7)" aria-hidden="true" />
                          <Anchor component={Link} to={folderPath(folder.id)} fw={600} fz="sm" onClick={(event) => event.stopPropagation()}>
                            {folder.name}
                          </Anchor>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{folder.record_count}</Table.Td>
                      <Table.Td ta="right">{folder.statement_count}</Table.Td>
                      <Table.Td>
                        <Text fz="sm">{formatDate(folder.created_at)}</Text>
                      </Table.Td>
                      <Table.Td onClick={(event) => event.stopPropagation()}>
                        <OptionsButton label={`Actions for ${folder.name}`} items={optionsFor(folder)} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <TablePagination pagination={folders.data.pagination} onPageChange={setPage} />
          </>
        )}
      </ContentCard>
      {dialog?.kind === 'create' && <FolderDialog onClose={() => setDialog(null)} onSaved={(folder) => void navigate(folderPath(folder.id))} />}
      {dialog?.kind === 'rename' && <FolderDialog folder={dialog.folder} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          title="Delete folder"
          name={dialog.folder.name}
          consequence={`its ${countOf(dialog.folder.record_count, 'account')} and ${countOf(dialog.folder.statement_count, 'statement')}`}
          busy={deleteFolder.isPending}
          onConfirm={() => deleteFolder.mutate(dialog.folder.id, { onSuccess: () => setDialog(null) })}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
