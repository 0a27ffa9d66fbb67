import { Anchor, Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Logo } from '../../components/logo';
import { signOutLocally } from '../../lib/sign-out';
import { useSessionStore } from '../../lib/session-store';
import { useRouteMeta } from '../root-shell';
import { permissionOf } from '../../lib/routes';
import classes from './onboarding-layout.module.css';

/** Logo, a logout link when the page needs a signed-in user, decorative waves (docs/product.md §2). */
export function OnboardingFrame({ children, showLogout }: { children: ReactNode; showLogout: boolean }) {
  const navigate = useNavigate();
  const token = useSessionStore((state) => state.token);
  return (
    <Box className={classes.page}>
      <Container size="lg" py="lg">
        <Group justify="space-between">
          <Logo />
          {showLogout && token && (
            <Anchor
              component="button"
              type="button"
              fw={600}
              onClick={() => {
                signOutLocally();
                void navigate('/');
              }}
            >
              Logout
            </Anchor>
          )}
        </Group>
      </Container>
      <Container size={640} pb={160} className={classes.content}>
        {children}
      </Container>
      <svg className={classes.waves} viewBox="0 0 1440 220" preserveAspectRatio="none" aria-hidden="true">
        <path d="M0 120 C 240 60 480 180 720 120 S 1200 60 1440 110 V220 H0Z" fill="var(--mantine-color-levy-1)" />
        <path
          d="M0 160 C 300 110 560 210 860 160 S 1260 120 1440 150 V220 H0Z"
          fill="var(--mantine-color-levy-2)"
          opacity="0.8"
        />
      </svg>
    </Box>
  );
}

export function OnboardingLayout() {
  const meta = useRouteMeta();
  return (
    <OnboardingFrame showLogout={Boolean(meta && permissionOf(meta))}>
      <Outlet />
    </OnboardingFrame>
  );
}

export default OnboardingLayout;
