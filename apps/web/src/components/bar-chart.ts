// Mantine's BarChart with its styles, in a module of its own so it can load lazily (lazy-bar-chart.tsx).
import '@mantine/charts/styles.css';

export { BarChart } from '@mantine/charts';
