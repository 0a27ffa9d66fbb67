import { inviteUser } from '@levy/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { MountedModal } from '../../../components/mounted-modal';
import { ApiError } from '../../../lib/api-client';
import { useInviteMember } from '../api/team-api';
import { RolePicker } from './role-picker';

export type InviteMode = { kind: 'send' } | { kind: 'resend'; email: string; roleId: number };

/** Invite New Member, or Resend Invitation to someone already invited (docs/product.md §4). */
/** Mounted only while open (`{open && <InviteMemberDialog …/>}`), so focus goes back to its opener on close. */
export function InviteMemberDialog({ mode, onClose }: { mode: InviteMode; onClose: () => void }) {
  const invite = useInviteMember();
  const isResend = mode.kind === 'resend';
  const form = useForm({
    initialValues: { email: '', role_id: '' },
    validate: schemaResolver(inviteUser, { sync: true }),
  });

  useEffect(() => {
    form.setValues(
      mode.kind === 'resend' ? { email: mode.email, role_id: String(mode.roleId) } : { email: '', role_id: '' },
    );
    form.clearErrors();
    // Reset only when the dialog opens or its subject changes.
  }, [mode.kind, isResend ? mode.email : '']);

  const submit = form.onSubmit(async (values) => {
    try {
      await invite.mutateAsync({ email: values.email.trim(), role_id: Number(values.role_id) });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    }
  });

  return (
    <MountedModal onClose={onClose} title={isResend ? 'Resend Invitation' : 'Invite New Member'} centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email address"
            placeholder="colleague@company.ng"
            type="email"
            required
            readOnly={isResend}
            data-autofocus
            {...form.getInputProps('email')}
          />
          <RolePicker
            value={form.values.role_id}
            onChange={(value) => form.setFieldValue('role_id', value)}
            error={form.errors.role_id as string | undefined}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {isResend ? 'Resend invite' : 'Send invite'}
            </Button>
          </Group>
        </Stack>
      </form>
    </MountedModal>
  );
}
