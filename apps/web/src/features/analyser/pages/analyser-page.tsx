import { hasPermission, type StatementFolder } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { Badge, Button, Text } from '@mantine/core';
import { IconFolder, IconFolderPlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContentCard } from '../../../components/content-card';
import type { OptionItem } from '../../../components/options-button';
import { PageHeading } from '../../../components/page-heading';
import { formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useDeleteFolder, useFolders } from '../api/analyser-api';
import { ConfirmDeleteDialog, countOf } from '../components/confirm-delete-dialog';
import { FolderDialog } from '../components/folder-dialog';
import { NamedList, useNameSearch } from '../components/named-list';
import { folderPath } from '../model/analyser-routes';

type Dialog =
  { kind: 'create' } | { kind: 'rename'; folder: StatementFolder } | { kind: 'delete'; folder: StatementFolder } | null;

/** Bank Analyser (docs/product.md §2 analyser.index): folders of bank accounts whose statements are analysed. */
export default function AnalyserPage() {
  const permissions = useSessionStore((state) => state.permissions);
  const navigate = useNavigate();
  const search = useNameSearch();
  const [dialog, setDialog] = useState<Dialog>(null);
  const folders = useFolders(search.params);
  const deleteFolder = useDeleteFolder();

  const canCreate = hasPermission(permissions, calls.createStatementFolder.permission);
  const canRename = hasPermission(permissions, calls.updateStatementFolder.permission);
  const canDelete = hasPermission(permissions, calls.deleteStatementFolder.permission);
  const optionsFor = (folder: StatementFolder): OptionItem[] => [
    ...(canRename
      ? [{ label: 'Rename', icon: <IconPencil size={16} />, onClick: () => setDialog({ kind: 'rename', folder }) }]
      : []),
    ...(canDelete
      ? [
          {
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            onClick: () => setDialog({ kind: 'delete', folder }),
          },
        ]
      : []),
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
        <NamedList
          search={search}
          list={folders}
          text={{
            table: 'Folders',
            nameHeader: 'Folder',
            search: 'Search folders',
            loading: 'Loading folders',
            loadError: 'The folders could not be loaded',
            empty: 'No folders yet',
            emptyHint: canCreate
              ? 'Create a folder for a client or a loan file, then add its bank accounts.'
              : 'No folder has been created yet.',
            noMatch: 'No folder matches this search.',
          }}
          minWidth={560}
          icon={
            <IconFolder size={18} color="var(--mantine-color-levy-7)" aria-hidden="true" style={{ flexShrink: 0 }} />
          }
          pathOf={(folder) => folderPath(folder.id)}
          columns={[
            { header: 'Accounts', align: 'right', cell: (folder) => folder.record_count },
            { header: 'Statements', align: 'right', cell: (folder) => folder.statement_count },
            { header: 'Date created', cell: (folder) => <Text fz="sm">{formatDate(folder.created_at)}</Text> },
          ]}
          details={(folder) =>
            `${countOf(folder.record_count, 'account')} · ${countOf(folder.statement_count, 'statement')} · Created ${formatDate(folder.created_at)}`
          }
          optionsFor={optionsFor}
        />
      </ContentCard>
      {dialog?.kind === 'create' && (
        <FolderDialog onClose={() => setDialog(null)} onSaved={(folder) => void navigate(folderPath(folder.id))} />
      )}
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
