import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMergeRefs } from './use-merge-refs';

function Target({ refs }: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  return <div ref={useMergeRefs(refs)} />;
}

describe('useMergeRefs (what Mantine’s ScrollArea is built with)', () => {
  it('hands the element to object and callback refs, and takes it back on unmount', () => {
    const object = createRef<HTMLDivElement>();
    const callback = vi.fn();
    const { unmount } = render(<Target refs={[object, callback, undefined]} />);
    expect(object.current).toBeInstanceOf(HTMLDivElement);
    expect(callback).toHaveBeenLastCalledWith(object.current);
    unmount();
    expect(object.current).toBeNull();
    expect(callback).toHaveBeenLastCalledWith(null);
  });

  it('runs a callback ref’s own cleanup instead of calling it with null', () => {
    const cleanup = vi.fn();
    const callback = vi.fn(() => cleanup);
    const { unmount } = render(<Target refs={[callback]} />);
    unmount();
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
