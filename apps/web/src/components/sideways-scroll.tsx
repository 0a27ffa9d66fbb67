import { Stack, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import classes from './sideways-scroll.module.css';

/**
 * A table wider than its card on a narrow screen: it scrolls sideways, says so above itself while
 * anything is hidden, and fades the edge that has more, so no column is cut off without a hint.
 * The region takes the keyboard focus, so it scrolls with the arrow keys too.
 */
export function SidewaysScroll({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  const region = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [hidden, setHidden] = useState<{ left: boolean; right: boolean }>({ left: false, right: false });

  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setHidden((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      resized?.disconnect();
    };
  }, []);

  const overflows = hidden.left || hidden.right;
  return (
    <Stack gap={4}>
      {overflows && (
        <Text id={hintId} fz="xs" c="dimmed" className={classes.hint}>
          <IconArrowsHorizontal size={14} aria-hidden /> Scroll sideways to see every column
        </Text>
      )}
      <div
        ref={region}
        role="region"
        aria-label={label}
        aria-describedby={overflows ? hintId : undefined}
        tabIndex={0}
        className={classes.region}
        data-more-left={hidden.left || undefined}
        data-more-right={hidden.right || undefined}
      >
        <div style={{ minWidth }}>{children}</div>
      </div>
    </Stack>
  );
}
