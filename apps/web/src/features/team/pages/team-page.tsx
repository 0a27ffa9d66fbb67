import { hasPermission, type TeamMember } from '@levy/contracts';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconMailForward, IconTrash, IconUserCog, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { MountedModal } from '../../../components/mounted-modal';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { OptionsButton, type OptionItem } from '../../../components/options-button';
import { PageHeading } from '../../../components/page-heading';
import { PhoneDetails, PhoneFitScrollContainer, ROWS_IN_TWO_LINES } from '../../../components/phone-table';
import type { FilterField } from '../../../components/query/filter-popover';
import { QueryBar } from '../../../components/query/query-bar';
import { defaultQueryState, toListParams, type QueryState } from '../../../components/query/query-state';
import { StatusTag } from '../../../components/status-tag';
import { TablePagination } from '../../../components/table-pagination';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDate, fullName } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useChangeMemberRole, useRemoveMember, useTeamMembers } from '../api/team-api';
import { InviteMemberDialog, type InviteMode } from '../components/invite-member-dialog';
import { RolePicker } from '../components/role-picker';
import * as calls from '@levy/contracts/calls';

type Dialog =
  | { kind: 'invite'; mode: InviteMode }
  | { kind: 'role'; member: TeamMember }
  | { kind: 'remove'; member: TeamMember }
  | null;

const MEMBER_FILTERS: FilterField[] = [
  {
    type: 'select',
    field: 'status',
    label: 'Status',
    options: [
      { value: 'active', label: 'Active' },
      { value: 'invited', label: 'Invited' },
    ],
  },
  { type: 'date-range', field: 'created_at', label: 'Date added' },
];

function memberName(member: TeamMember): string {
  return fullName(member) || member.email;
}

function ChangeRoleDialog({
  member,
  organisationId,
  onClose,
}: {
  member: TeamMember;
  organisationId: string;
  onClose: () => void;
}) {
  const changeRole = useChangeMemberRole(organisationId);
  const [roleId, setRoleId] = useState(String(member.role.id));
  return (
    <MountedModal onClose={onClose} title={`Change role for ${memberName(member)}`} centered>
      <Stack gap="md">
        <RolePicker value={roleId} onChange={setRoleId} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={changeRole.isPending}
            onClick={() => changeRole.mutate({ memberId: member.id, roleId: Number(roleId) }, { onSuccess: onClose })}
          >
            Save role
          </Button>
        </Group>
      </Stack>
    </MountedModal>
  );
}

function RemoveMemberDialog({
  member,
  organisationId,
  onClose,
}: {
  member: TeamMember;
  organisationId: string;
  onClose: () => void;
}) {
  const remove = useRemoveMember(organisationId);
  const isInvitation = member.status === 'invited';
  return (
    <MountedModal onClose={onClose} title={isInvitation ? 'Cancel invitation' : 'Remove member'} centered>
      <Stack gap="md">
        <Text>
          {isInvitation
            ? `The invitation to ${member.email} will stop working.`
            : `${memberName(member)} will lose access to this organisation immediately. You can invite them again later.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(member.id, { onSuccess: onClose })}
          >
            {isInvitation ? 'Cancel invitation' : 'Remove'}
          </Button>
        </Group>
      </Stack>
    </MountedModal>
  );
}

/** Team Members: who is in the organisation, their roles and invitations (docs/product.md "Identity and organisation"). */
export default function TeamPage() {
  const organisation = useSessionStore((state) => state.organisation);
  const permissions = useSessionStore((state) => state.permissions);
  const [query, setQuery] = useState<QueryState>(() => defaultQueryState('name'));
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const members = useTeamMembers(organisation?.id, toListParams(query, page));

  const canInvite = hasPermission(permissions, calls.inviteMember.permission);
  const canChangeRole = hasPermission(permissions, calls.changeMemberRole.permission);
  const canRemove = hasPermission(permissions, calls.removeMember.permission);

  const optionsFor = (member: TeamMember): OptionItem[] => {
    if (member.is_owner) return [];
    const items: OptionItem[] = [];
    if (canInvite && member.status === 'invited') {
      items.push({
        label: 'Resend invitation',
        icon: <IconMailForward size={16} />,
        onClick: () =>
          setDialog({ kind: 'invite', mode: { kind: 'resend', email: member.email, roleId: member.role.id } }),
      });
    }
    if (canChangeRole)
      items.push({
        label: 'Change role',
        icon: <IconUserCog size={16} />,
        onClick: () => setDialog({ kind: 'role', member }),
      });
    if (canRemove)
      items.push({
        label: member.status === 'invited' ? 'Cancel invitation' : 'Remove',
        icon: <IconTrash size={16} />,
        color: 'red',
        onClick: () => setDialog({ kind: 'remove', member }),
      });
    return items;
  };

  return (
    <>
      <PageHeading
        title="Team Members"
        description="Everyone who can work in this organisation, and the invitations still waiting."
        actions={
          canInvite && (
            <Button
              leftSection={<IconUserPlus size={16} />}
              onClick={() => setDialog({ kind: 'invite', mode: { kind: 'send' } })}
            >
              Invite New Member
            </Button>
          )
        }
      />
      <ContentCard>
        <QueryBar
          value={query}
          onChange={(next) => {
            setQuery(next);
            setPage(1);
          }}
          sortKeys={['created_at', 'name']}
          filterFields={MEMBER_FILTERS}
          searchLabel="Search members"
          onRefresh={() => void members.refetch()}
          refreshing={members.isFetching}
        />
        {members.isPending ? (
          <LoadingPlaceholder />
        ) : !members.data || members.data.items.length === 0 ? (
          <EmptyState
            hint={
              query.search.value || query.filters.length > 0 ? 'No member matches this search and filter.' : undefined
            }
          />
        ) : (
          <>
            {/* On a phone a member takes two lines: name, role and date beside the actions, then the status. */}
            <PhoneFitScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" highlightOnHover aria-label="Team members" className={ROWS_IN_TWO_LINES}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th visibleFrom="sm">Role</Table.Th>
                    <Table.Th visibleFrom="sm">Status</Table.Th>
                    <Table.Th visibleFrom="sm">Date added</Table.Th>
                    <Table.Th aria-label="Actions" w={48} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {members.data.items.map((member) => (
                    <Table.Tr key={member.id}>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <UserAvatar name={member.first_name} email={member.email} size="sm" />
                          <div>
                            <Text fz="sm" fw={600}>
                              {fullName(member) || 'Invited member'}
                              {member.is_owner && (
                                <Text span c="dimmed" fz="xs" fw={400}>
                                  {' '}
                                  · Owner
                                </Text>
                              )}
                            </Text>
                            <Text fz="xs" c="dimmed">
                              {member.email}
                            </Text>
                            <PhoneDetails>
                              {member.role.name} · added {formatDate(member.created_at)}
                            </PhoneDetails>
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{member.role.name}</Table.Td>
                      <Table.Td data-phone-line="below">
                        <StatusTag status={member.status} />
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{formatDate(member.created_at)}</Table.Td>
                      <Table.Td>
                        <OptionsButton label={`Actions for ${memberName(member)}`} items={optionsFor(member)} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </PhoneFitScrollContainer>
            <TablePagination pagination={members.data.pagination} onPageChange={setPage} />
          </>
        )}
      </ContentCard>
      {dialog?.kind === 'invite' && <InviteMemberDialog mode={dialog.mode} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'role' && organisation && (
        <ChangeRoleDialog member={dialog.member} organisationId={organisation.id} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'remove' && organisation && (
        <RemoveMemberDialog member={dialog.member} organisationId={organisation.id} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
