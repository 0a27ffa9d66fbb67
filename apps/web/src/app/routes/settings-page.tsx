import { Tabs } from '@mantine/core';
import { IconBuilding, IconUser } from '@tabler/icons-react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { OrganisationSettings } from '../../features/organisation/components/organisation-settings';
import { ProfileSettings } from '../../features/settings/components/profile-settings';

const TABS = ['profile', 'organisation'] as const;
type SettingsTab = (typeof TABS)[number];

/** Settings with its tab in the address: /settings/profile, /settings/organisation. */
export default function SettingsPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  if (tab && !TABS.includes(tab as SettingsTab)) return <Navigate to="/settings/profile" replace />;
  const current: SettingsTab = (tab as SettingsTab | undefined) ?? 'profile';

  return (
    <>
      <PageHeading title="Settings" description="Your profile and your organisation." />
      <Tabs value={current} onChange={(value) => value && void navigate(`/settings/${value}`)} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
            Profile
          </Tabs.Tab>
          <Tabs.Tab value="organisation" leftSection={<IconBuilding size={16} />}>
            Organisation
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileSettings />
        </Tabs.Panel>
        <Tabs.Panel value="organisation">
          <OrganisationSettings />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
