import { useForm } from '@mantine/form';
import { fireEvent, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { deferredSchema, useDeferredSchema } from './deferred-schema';

/** A Standard Schema that requires `email`, as a contract's zod schema would. */
const emailRequired = {
  '~standard': {
    version: 1 as const,
    vendor: 'test',
    validate: (value: unknown) =>
      (value as { email?: string }).email ? { value } : { issues: [{ message: 'Email is required', path: ['email'] }] },
  },
};

describe('deferredSchema', () => {
  it('loads the schema once, on first use, then validates at once', async () => {
    const load = vi.fn(async () => emailRequired);
    const schema = deferredSchema(load);
    expect(load).not.toHaveBeenCalled();

    schema.prefetch();
    await expect(schema.validate({ email: '' })).resolves.toEqual({ email: 'Email is required' });
    expect(schema.validate({ email: 'ada@example.com' })).toEqual({});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValue(emailRequired);
    const schema = deferredSchema(load);
    await expect(schema.validate({ email: '' })).rejects.toThrow('chunk gone');
    await expect(schema.validate({ email: '' })).resolves.toEqual({ email: 'Email is required' });
  });
});

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

function EmailForm({ schema }: { schema: ReturnType<typeof deferredSchema> }) {
  const deferred = useDeferredSchema(schema);
  const form = useForm({ initialValues: { email: '' }, validate: deferred.validate });
  return (
    <form onSubmit={form.onSubmit(() => undefined)} onFocus={deferred.onFocus} noValidate>
      <input aria-label="Email" {...form.getInputProps('email')} />
      <p>{form.errors.email}</p>
      <button type="submit">Send</button>
    </form>
  );
}

describe('useDeferredSchema', () => {
  it('shows the schema’s errors on submit once it has loaded', async () => {
    renderWithProviders(<EmailForm schema={deferredSchema(async () => emailRequired)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
  });

  it('hands a schema that cannot load to the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = deferredSchema(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    renderWithProviders(
      <Boundary>
        <EmailForm schema={failing} />
      </Boundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch dynamically imported module');
    vi.restoreAllMocks();
  });
});
