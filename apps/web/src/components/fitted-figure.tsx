import { Text } from '@mantine/core';
import classes from './fitted-figure.module.css';

/** A large figure (a balance, a count) on one line, shrunk as far as its space needs: never cut. */
export function FittedFigure({
  value,
  maxSize = 28,
  label,
  testId,
}: {
  value: string | number;
  maxSize?: number;
  label?: string;
  testId?: string;
}) {
  const figure = String(value);
  return (
    <div className={classes.frame}>
      <Text
        className={classes.figure}
        fw={700}
        lh={1.2}
        style={{ '--value-length': figure.length, '--figure-max-size': `${maxSize}px` }}
        aria-label={label}
        data-testid={testId}
      >
        {figure}
      </Text>
    </div>
  );
}
