import {
  BILL_APPROVAL_MESSAGES,
  BILL_APPROVAL_MODES,
  hasPermission,
  SETTING_CODES,
  updateOrganisation,
  type BillApprovalMode,
  type BillApprovalSetting,
} from '@levy/contracts';
import { Alert, Anchor, Button, Group, Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { ContentCard } from '../../../components/content-card';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { showSuccessToast } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import {
  useActiveAdminCount,
  useOrganisation,
  useOrganisationSettings,
  useRenameOrganisation,
  useUpdateSetting,
} from '../../../api/organisation-api';
import { linkTo } from '../../../lib/routes';
import { IdentityForm } from './identity-form';
import * as calls from '@levy/contracts/calls';

function OrganisationName({ organisationId, canEdit }: { organisationId: string; canEdit: boolean }) {
  const organisation = useOrganisation(organisationId);
  const rename = useRenameOrganisation(organisationId);
  const setOrganisation = useSessionStore((state) => state.setOrganisation);
  const form = useForm({
    initialValues: { name: '' },
    validate: schemaResolver(updateOrganisation.body, { sync: true }),
  });

  useEffect(() => {
    if (organisation.data) form.setValues({ name: organisation.data.name ?? '' });
    // Fill once the organisation arrives.
  }, [organisation.data]);

  if (organisation.isPending) return <LoadingPlaceholder />;
  const details = organisation.data;

  const submit = form.onSubmit(async ({ name }) => {
    try {
      const renamed = await rename.mutateAsync(name.trim());
      setOrganisation({
        id: renamed.id,
        name: renamed.name,
        is_owner: renamed.is_owner,
        is_kyc_completed: renamed.is_kyc_completed,
      });
      showSuccessToast('Organisation updated successfully');
    } catch {
      // The API client has shown the error.
    }
  });

  return (
    <ContentCard title="Organisation">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Organisation name" required readOnly={!canEdit} {...form.getInputProps('name')} />
          {details && (
            <Text fz="sm" c="dimmed">
              Owner: {details.owner.first_name} {details.owner.last_name} ({details.owner.email}) · created{' '}
              {formatDate(details.created_at)}
              {details.kyc_completed_at ? ` · onboarding completed ${formatDate(details.kyc_completed_at)}` : ''}
            </Text>
          )}
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={rename.isPending}>
                Save name
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </ContentCard>
  );
}

function WalletSetting({ organisationId, canEdit }: { organisationId: string; canEdit: boolean }) {
  const settings = useOrganisationSettings(organisationId);
  const update = useUpdateSetting(organisationId);
  if (settings.isPending) return <LoadingPlaceholder />;
  const current =
    settings.data?.find((setting) => setting.setting_code === SETTING_CODES.corporationWallets)?.value === true;
  const digest =
    settings.data?.find((setting) => setting.setting_code === SETTING_CODES.deadlineDigest)?.value !== false;
  return (
    <ContentCard title="Settings">
      <Stack gap="lg">
        <Switch
          label="Each corporation has its own wallet"
          description="When on, every company in your group is funded and pays from its own wallet, and the Transactions menu moves into each corporation."
          checked={current}
          disabled={!canEdit || update.isPending}
          onChange={(event) =>
            update.mutate(
              { setting_code: SETTING_CODES.corporationWallets, value: event.currentTarget.checked },
              { onSuccess: () => showSuccessToast('Settings saved successfully') },
            )
          }
        />
        <Switch
          label="Daily deadline digest"
          description="Each morning, admins get one email listing the taxes due within 7 days and any overdue ones."
          checked={digest}
          disabled={!canEdit || update.isPending}
          onChange={(event) =>
            update.mutate(
              { setting_code: SETTING_CODES.deadlineDigest, value: event.currentTarget.checked },
              { onSuccess: () => showSuccessToast('Settings saved successfully') },
            )
          }
        />
      </Stack>
    </ContentCard>
  );
}

const APPROVAL_CHOICES: Record<BillApprovalMode, { label: string; description: string }> = {
  members: {
    label: 'Bills prepared by members',
    description: 'A member prepares a bill; an admin approves it before the wallet pays. Admins pay at once.',
  },
  above: {
    label: 'Bills above an amount',
    description:
      'Any bill whose total is above the amount waits for an admin other than the one who prepared it, so this needs at least two admins.',
  },
  off: { label: 'No approval', description: 'Every bill is paid when it is generated.' },
};

/** Maker-checker (setting core.organisation.bill_approval): which bills wait for an admin before money moves. */
export function BillApproval({ organisationId, canEdit }: { organisationId: string; canEdit: boolean }) {
  const settings = useOrganisationSettings(organisationId);
  const update = useUpdateSetting(organisationId);
  const stored = settings.data?.find((setting) => setting.setting_code === SETTING_CODES.billApproval)?.value as
    BillApprovalSetting | undefined;
  const [mode, setMode] = useState<BillApprovalMode | null>(null);
  const [above, setAbove] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const admins = useActiveAdminCount(organisationId, canEdit);
  if (settings.isPending) return <LoadingPlaceholder />;
  const shownMode = mode ?? stored?.mode ?? 'members';
  const shownAbove = above ?? stored?.above ?? '';
  // The server refuses `above` with one admin; said here before Save, and when an admin has left since.
  const oneAdmin = shownMode === 'above' && admins.data !== undefined && admins.data < 2;
  const save = () =>
    update.mutate(
      {
        setting_code: SETTING_CODES.billApproval,
        value:
          shownMode === 'above' ? { mode: shownMode, above: shownAbove.replace(/,/g, '').trim() } : { mode: shownMode },
      },
      {
        onSuccess: () => {
          setError(null);
          showSuccessToast('Settings saved successfully');
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError ? (Object.values(failure.fieldErrors)[0] ?? failure.message) : String(failure),
          ),
      },
    );
  return (
    <ContentCard title="Bill approval">
      <Stack gap="md">
        <Radio.Group
          label="Which bills wait for an admin's approval before they are paid"
          description="Admins are mailed when a bill waits, and see the count beside Bills. Nobody approves a bill they prepared."
          value={shownMode}
          onChange={(value) => setMode(value)}
        >
          <Stack gap="xs" mt="xs">
            {BILL_APPROVAL_MODES.map((value) => (
              <Radio
                key={value}
                value={value}
                label={APPROVAL_CHOICES[value].label}
                description={APPROVAL_CHOICES[value].description}
                disabled={!canEdit}
              />
            ))}
          </Stack>
        </Radio.Group>
        {shownMode === 'above' && (
          <TextInput
            label="Amount (₦)"
            description="Bills whose total is above this wait for approval"
            inputMode="decimal"
            w={260}
            value={shownAbove}
            onChange={(event) => {
              setAbove(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            readOnly={!canEdit}
            required
          />
        )}
        {oneAdmin && (
          <Alert
            color="yellow"
            title={
              stored?.mode === 'above' && mode === null
                ? 'Bills above the amount cannot be paid now'
                : 'This needs a second admin'
            }
            data-testid="approval-needs-admins"
          >
            <Text fz="sm">
              {stored?.mode === 'above' && mode === null
                ? 'Your organisation has one admin left, and nobody approves a bill they prepared: a bill above the amount is refused at Pay, and ' +
                  'nothing is paid. Make another member an admin, or choose another setting.'
                : BILL_APPROVAL_MESSAGES.aboveNeedsTwoAdmins}
            </Text>
            <Anchor component={Link} to={linkTo('team.index')} fz="sm">
              Open Team Members
            </Anchor>
          </Alert>
        )}
        {shownMode === 'above' && admins.data !== undefined && admins.data >= 2 && (
          <Text fz="sm" c="dimmed" data-testid="approval-admins">
            {admins.data} admins: a bill above the amount prepared by one of them waits for one of the other{' '}
            {admins.data - 1}.
          </Text>
        )}
        {shownMode !== 'above' && error && (
          <Text c="red" fz="sm">
            {error}
          </Text>
        )}
        {canEdit ? (
          <Group justify="flex-end">
            <Button onClick={save} loading={update.isPending} disabled={oneAdmin}>
              Save approval setting
            </Button>
          </Group>
        ) : (
          <Text fz="sm" c="dimmed">
            Only admins can change who approves bills.
          </Text>
        )}
      </Stack>
    </ContentCard>
  );
}

/** Settings › Organisation: its name, business identity and settings; only admins may change them. */
export function OrganisationSettings() {
  const organisation = useSessionStore((state) => state.organisation);
  const permissions = useSessionStore((state) => state.permissions);
  if (!organisation) return null;
  const canEditIdentity = hasPermission(permissions, calls.updateOrganisationIdentity.permission);
  return (
    <Stack gap="lg">
      <OrganisationName
        organisationId={organisation.id}
        canEdit={hasPermission(permissions, calls.updateOrganisation.permission)}
      />
      {hasPermission(permissions, calls.getOrganisationIdentity.permission) && (
        <ContentCard title="Business details">
          {!canEditIdentity && (
            <Text fz="sm" c="dimmed" mb="md">
              Only admins can change the business details.
            </Text>
          )}
          <IdentityForm
            organisationId={organisation.id}
            submitLabel="Save business details"
            readOnly={!canEditIdentity}
            onSaved={() => showSuccessToast('Business details saved successfully')}
          />
        </ContentCard>
      )}
      {hasPermission(permissions, calls.getOrganisationSettings.permission) && (
        <>
          <WalletSetting
            organisationId={organisation.id}
            canEdit={hasPermission(permissions, calls.updateOrganisationSetting.permission)}
          />
          <BillApproval
            organisationId={organisation.id}
            canEdit={hasPermission(permissions, calls.updateOrganisationSetting.permission)}
          />
        </>
      )}
    </Stack>
  );
}
