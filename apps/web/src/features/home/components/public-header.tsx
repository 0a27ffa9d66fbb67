import { Anchor, Box, Burger, Button, Container, Group, Menu } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';

/**
 * The header of the public pages: logo, the calculator and the help centre, log in and sign up.
 * On the home page the links scroll within it; elsewhere they open the home page there. On a phone
 * the calculator and the help centre move into a menu behind a burger.
 */
export function PublicHeader({ isHome = false }: { isHome?: boolean }) {
  const home = isHome ? '' : '/';
  const [menuOpened, setMenuOpened] = useState(false);
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
            <Button component={Link} to="/login" variant="default">
              Log in
            </Button>
            <Button component={Link} to="/register">
              Sign up
            </Button>
            <Menu opened={menuOpened} onChange={setMenuOpened} position="bottom-end" width={200}>
              <Menu.Target>
                <Burger opened={menuOpened} size="sm" hiddenFrom="xs" aria-label="Open menu" />
              </Menu.Target>
              <Menu.Dropdown>
                {links.map((link) => (
                  <Menu.Item key={link.label} component="a" href={link.href}>
                    {link.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
