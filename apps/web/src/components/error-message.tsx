import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The error page's message with a way home. */
export function ErrorMessage({ title, message }: { title: string; message: string }) {
  return (
    <Stack align="center" gap="md" py={80} ta="center">
      <Text fz={64} fw={800} c="levy.7" lh={1} aria-hidden="true">
        {title === 'Page not found' ? '404' : 'Oops'}
      </Text>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text c="dimmed" maw={420}>
        {message}
      </Text>
      <Button component={Link} to="/">
        Go to the home page
      </Button>
    </Stack>
  );
}
