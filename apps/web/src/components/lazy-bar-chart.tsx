import { lazy } from 'react';
import { loadChunk } from '../lib/lazy-page';

/**
 * The bar chart, loaded when a chart is first drawn: recharts is the largest library in the app
 * (about 115 kB gzipped), and a screen without figures to chart never needs it.
 */
export const LazyBarChart = lazy(async () => ({ default: (await loadChunk(() => import('./bar-chart'))).BarChart }));
