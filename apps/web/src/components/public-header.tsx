import { Anchor, Box, Burger, Button, Collapse, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { NEXT_PARAM, returnPathOf, withReturnPath } from '../lib/routes';
import { Logo } from './logo';

const MENU_ID = 'public-menu';

/**
 * The header of the public pages: logo, the calculator and the help centre, log in and sign up.
 * On the home page the links scroll within it; elsewhere they open the home page there. On a phone
 * the calculator and the help centre fold under a burger.
 */
export function PublicHeader({ isHome = false }: { isHome?: boolean }) {
  const home = isHome ? '' : '/';
  // A page opened signed out waits in `next`: Log in takes it along.
  const [searchParams] = useSearchParams();
  const loginPath = withReturnPath('/login', returnPathOf(searchParams.get(NEXT_PARAM)));
  const [menuOpened, menu] = useDisclosure(false);
  const links = [
    { href: `${home}#calculator`, label: 'Tax calculator' },
    { href: `${home}#help`, label: 'Help Center' },
  ];
  return (
    <Box component="header" py="md" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <Logo />
          <Group gap="sm" wrap="nowrap">
            {links.map((link) => (
              <Anchor key={link.label} href={link.href} fw={500} underline="hover" visibleFrom="xs">
                {link.label}
              </Anchor>
            ))}
            <Button component={Link} to={loginPath} variant="default">
              Log in
            </Button>
            <Button component={Link} to="/register">
              Sign up
            </Button>
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              size="sm"
              hiddenFrom="xs"
              aria-label="Open menu"
              aria-expanded={menuOpened}
              aria-controls={MENU_ID}
            />
          </Group>
        </Group>
        <Collapse expanded={menuOpened} hiddenFrom="xs">
          <Stack component="nav" id={MENU_ID} aria-label="Site" gap="xs" pt="md">
            {links.map((link) => (
              <Anchor key={link.label} href={link.href} fw={500} underline="hover" onClick={menu.close}>
                {link.label}
              </Anchor>
            ))}
          </Stack>
        </Collapse>
      </Container>
    </Box>
  );
}
