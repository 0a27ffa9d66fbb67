import { Group, Radio, Stack, Text } from '@mantine/core';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { useInvitableRoles } from '../api/team-api';

/** The roles offered on invite, each with what it may do (docs/product.md §6). */
export function RolePicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const roles = useInvitableRoles();
  if (roles.isPending) return <LoadingPlaceholder height={96} label="Loading roles" />;
  return (
    <Radio.Group label="Role" value={value} onChange={onChange} error={error} required>
      <Stack gap="xs" mt="xs">
        {(roles.data ?? []).map((role) => (
          <Radio.Card key={role.id} value={String(role.id)} p="sm" radius="md" aria-label={role.name}>
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <div>
                <Text fw={600}>{role.name}</Text>
                {role.description && (
                  <Text fz="sm" c="dimmed">
                    {role.description}
                  </Text>
                )}
              </div>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
