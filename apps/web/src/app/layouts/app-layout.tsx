import { hasPermission } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { AppShell, Badge, Burger, Button, Container, Group, NavLink, ScrollArea, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAddressBook,
  IconArrowsExchange,
  IconBuildingSkyscraper,
  IconDatabase,
  IconLayoutDashboard,
  IconLogout,
  IconReceipt2,
  IconReportAnalytics,
  IconSettings,
  IconUserPlus,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { AlertsBell } from '../../features/alerts/components/alerts-bell';
import { ChecklistDialog } from '../../features/alerts/components/checklist-dialog';
import { refreshSession, useSignOut } from '../../api/session-api';
import { useOrganisationWallets } from '../../api/wallets-api';
import { useAwaitingApprovalCount } from '../../features/bills/api/bills-api';
import { canPayTaxes, PayTaxesButton } from '../../features/bills/components/pay-taxes';
import { isCorporationBillsTab } from '../../features/bills/model/bill-routes';
import { loadChunk } from '../../lib/lazy-page';
import { findRoute, linkTo, permissionOf, type RouteName } from '../../lib/routes';
import { useSessionStore, type SessionState } from '../../lib/session-store';
import { useRouteMeta } from '../root-shell';
import classes from './app-layout.module.css';
import { ProfileMenu } from './profile-menu';

// The invitation form (and its validation) loads when Invite user is first pressed.
const InviteMemberDialog = lazy(async () => ({
  default: (await loadChunk(() => import('../../features/team/components/invite-member-dialog'))).InviteMemberDialog,
}));

export interface NavEntry {
  route: RouteName;
  label: string;
  icon: Icon;
  beta?: boolean;
  isHidden?: (session: SessionState) => boolean;
  /** Shows the count of bills waiting for the admin's approval beside the entry. */
  showsAwaitingApproval?: boolean;
}

/** Side navigation (docs/product.md §2); an entry shows when the user may open its route. */
const NAV_ENTRIES: NavEntry[] = [
  { route: 'dashboard.index', label: 'Dashboard', icon: IconLayoutDashboard },
  { route: 'team.index', label: 'Team Members', icon: IconUsersGroup },
  { route: 'corporations.index', label: 'Corporations', icon: IconBuildingSkyscraper },
  { route: 'bills.index', label: 'Bills', icon: IconReceipt2, showsAwaitingApproval: true },
  { route: 'vendors.index', label: 'Vendors', icon: IconAddressBook },
  {
    route: 'transactions.index',
    label: 'Transactions',
    icon: IconArrowsExchange,
    isHidden: (session) => session.wallet?.type === 'corporations',
  },
  { route: 'analyser.index', label: 'Bank Analyser', icon: IconReportAnalytics, beta: true },
  { route: 'referencedata.index', label: 'Reference data', icon: IconDatabase },
  { route: 'settings.index', label: 'Settings', icon: IconSettings },
];

export const INVITE_PERMISSION = calls.inviteMember.permission;

/** The entries this session sees: routes it may open and that its rules do not hide. */
export function visibleNavEntries(session: SessionState): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => {
    const permission = permissionOf(findRoute(entry.route));
    return permission !== null && hasPermission(session.permissions, permission) && !entry.isHidden?.(session);
  });
}
const CONTAINER_MAX_WIDTH = 1024;

function SideNavigation({ onNavigate, onInvite }: { onNavigate: () => void; onInvite: () => void }) {
  const session = useSessionStore();
  const signOut = useSignOut();
  const entries = visibleNavEntries(session);
  const canInvite = hasPermission(session.permissions, INVITE_PERMISSION);
  const awaitingApproval =
    useAwaitingApprovalCount(hasPermission(session.permissions, calls.approveBill.permission)).data ?? 0;
  const countBadge = (entry: NavEntry) =>
    entry.showsAwaitingApproval && awaitingApproval > 0 ? (
      <Badge
        size="sm"
        color="yellow"
        variant="filled"
        aria-label={`${awaitingApproval} ${awaitingApproval === 1 ? 'bill' : 'bills'} awaiting your approval`}
      >
        {awaitingApproval}
      </Badge>
    ) : null;
  return (
    <Stack justify="space-between" h="100%">
      <nav aria-label="Main">
        <Stack gap={4}>
          {entries.map((entry) => (
            <NavLink
              key={entry.route}
              renderRoot={(props) => <RouterNavLink to={linkTo(entry.route)} {...props} />}
              label={entry.label}
              leftSection={<entry.icon size={20} stroke={1.6} />}
              rightSection={
                entry.beta ? (
                  <Badge size="xs" variant="light">
                    Beta
                  </Badge>
                ) : (
                  countBadge(entry)
                )
              }
              onClick={onNavigate}
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
              active={undefined}
            />
          ))}
        </Stack>
      </nav>
      <Stack gap={4}>
        {/* On a phone the top bar has no room for Invite user: the navigation (behind the burger) offers it. */}
        {canInvite && (
          <NavLink
            component="button"
            type="button"
            label="Invite user"
            leftSection={<IconUserPlus size={20} stroke={1.6} />}
            onClick={() => {
              onNavigate();
              onInvite();
            }}
            hiddenFrom="xs"
            styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
          />
        )}
        <NavLink
          component="button"
          type="button"
          label="Logout"
          leftSection={<IconLogout size={20} stroke={1.6} />}
          onClick={signOut}
          styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
        />
      </Stack>
    </Stack>
  );
}

/** The app layout: side navigation, top bar, and the page in a 1024px container (docs/product.md §2). */
export default function AppLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}

/** The app layout around any content: the routes' pages, or the error page of a signed-in user. */
export function AppFrame({ children }: { children: ReactNode }) {
  const [navigationOpened, navigation] = useDisclosure(false);
  const [inviteOpened, setInviteOpened] = useState(false);
  const openInvite = () => setInviteOpened(true);
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const user = useSessionStore((state) => state.user);
  const permissions = useSessionStore((state) => state.permissions);
  // The session's wallet type decides whether Transactions shows; keep it current after sign-in and reload.
  const walletOrganisationId = useSessionStore((state) =>
    hasPermission(state.permissions, calls.getOrganisationWallets.permission) ? state.organisation?.id : undefined,
  );

  // Permissions or KYC may have changed since sign-in (a new role, onboarding done by a colleague).
  useQuery({ queryKey: ['session'], queryFn: refreshSession, staleTime: 5 * 60_000 });
  useOrganisationWallets(walletOrganisationId);

  const heading =
    meta?.name === 'dashboard.index' ? `Hello ${user?.first_name ?? ''}`.trim() : (meta?.module ?? meta?.title ?? '');

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navigationOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        {/* The actions keep their room on a phone; a long title gives way (each page repeats it as its heading). */}
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" className={classes.titleGroup}>
            <Burger
              opened={navigationOpened}
              onClick={navigation.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Title order={2} fz="h3" className={classes.title} title={heading} data-testid="top-bar-title">
              {heading}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap" className={classes.actions}>
            {canPayTaxes(permissions) && !isCorporationBillsTab(pathname) && <PayTaxesButton />}
            {hasPermission(permissions, INVITE_PERMISSION) && (
              <Button leftSection={<IconUserPlus size={16} />} onClick={openInvite} visibleFrom="xs">
                Invite user
              </Button>
            )}
            <AlertsBell />
            <ProfileMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <AppShell.Section mb="lg">
          <Logo />
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <SideNavigation onNavigate={navigation.close} onInvite={openInvite} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <Container size={meta?.wide ? '90%' : CONTAINER_MAX_WIDTH} px={0}>
          {children}
        </Container>
      </AppShell.Main>
      {inviteOpened && (
        <Suspense fallback={null}>
          <InviteMemberDialog mode={{ kind: 'send' }} onClose={() => setInviteOpened(false)} />
        </Suspense>
      )}
      <ChecklistDialog />
    </AppShell>
  );
}
