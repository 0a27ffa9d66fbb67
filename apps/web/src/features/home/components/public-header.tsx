import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';

/**
 * The header of the public pages: logo, the calculator and the help centre, log in and sign up.
 * On the home page the links scroll within it; elsewhere they open the home page there.
 */
export function PublicHeader({ isHome = false }: { isHome?: boolean }) {
  const home = isHome ? '' : '/';
  return (
    <Box component="header" py="md" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="lg">
        <Group justify="space-between">
          <Logo />
          <Group gap="sm">
            <Anchor href={`${home}#calculator`} fw={500} visibleFrom="xs">
              Tax calculator
            </Anchor>
            <Anchor href={`${home}#help`} fw={500} visibleFrom="xs">
              Help Center
            </Anchor>
            <Button component={Link} to="/login" variant="default">
              Log in
            </Button>
            <Button component={Link} to="/register">
              Sign up
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
