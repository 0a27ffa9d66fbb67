import { cloneElement, useId, type ReactElement } from 'react';
import classes from './hint.module.css';

interface HintProps {
  label: string;
  /** The element the hint describes; it gets `aria-describedby`. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  disabled?: boolean;
}

/**
 * A tooltip for an element at the right end of a row: shown while the pointer is over the element
 * or it has keyboard focus. Drawn by CSS, so a public page does not load Mantine's Tooltip and its
 * positioning library for it (decision 0011).
 */
export function Hint({ label, children, disabled = false }: HintProps) {
  const id = useId();
  if (disabled) return children;
  return (
    <span className={classes.anchor}>
      {cloneElement(children, { 'aria-describedby': id })}
      <span id={id} role="tooltip" className={classes.hint}>
        {label}
      </span>
    </span>
  );
}
