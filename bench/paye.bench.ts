// PAYE throughput: computePaye (full engine: validation, reliefs, dated rules, exact kobo
// rounding, band breakdown) against a bare loop doing the NTA 2025 band arithmetic inline in
// floating point on the same inputs. Run with `npm run bench`.
import { performance } from 'node:perf_hooks';
import { asKobo, computePaye, naira, type PayeInput } from '@levy/tax';
import { createRandom, formatInteger, printTable } from './bench-table';

const INPUT_COUNT = 10_000;
const RUN_MS = 1_500;
const WARMUP_MS = 300;

function makeInputs(period: string, seed: number): PayeInput[] {
  const random = createRandom(seed);
  return Array.from({ length: INPUT_COUNT }, () => {
    const annualGross = naira(Math.round(600_000 + random() * 60_000_000));
    const hasPension = random() < 0.8;
    return {
      period,
      annualGross,
      pension: hasPension ? asKobo(Math.round(annualGross * 0.08 * 0.7)) : undefined,
      annualRent: random() < 0.5 ? naira(Math.round(random() * 3_000_000)) : undefined,
    };
  });
}

// The same NTA 2025 arithmetic with nothing else: no validation, no breakdown, float maths.
const T = [800_000_00, 3_000_000_00, 12_000_000_00, 25_000_000_00, 50_000_000_00];
const R = [0.15, 0.18, 0.21, 0.23, 0.25];
function bareNtaMonthlyTax(gross: number, pension: number, rent: number): number {
  const rentRelief = Math.min(rent * 0.2, 500_000_00);
  let chargeable = gross - pension - rentRelief;
  if (chargeable < 0) chargeable = 0;
  let tax = 0;
  for (let band = 0; band < 5; band++) {
    if (chargeable <= T[band]) break;
    const top = band < 4 ? Math.min(chargeable, T[band + 1]) : chargeable;
    tax += (top - T[band]) * R[band];
  }
  return Math.round(Math.round(tax) / 12);
}

interface Measured {
  opsPerSecond: number;
  checksum: number;
}

function measure(run: (index: number) => number): Measured {
  let checksum = 0;
  const warmupEnd = performance.now() + WARMUP_MS;
  for (let i = 0; performance.now() < warmupEnd; i++) checksum += run(i % INPUT_COUNT);
  let operations = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < RUN_MS) {
    for (let i = 0; i < INPUT_COUNT; i++) checksum += run(i);
    operations += INPUT_COUNT;
    elapsed = performance.now() - start;
  }
  return { opsPerSecond: (operations / elapsed) * 1000, checksum };
}

const nta = makeInputs('2026-01', 2026);
const pita = makeInputs('2025-06', 2025);

const bare = measure((i) => bareNtaMonthlyTax(nta[i].annualGross, nta[i].pension ?? 0, nta[i].annualRent ?? 0));
const engineNta = measure((i) => computePaye(nta[i]).monthlyTax);
const enginePita = measure((i) => computePaye(pita[i]).monthlyTax);

// The engine and the bare loop must agree on the answers, or the comparison means nothing.
let disagreements = 0;
for (const input of nta) {
  const expected = bareNtaMonthlyTax(input.annualGross, input.pension ?? 0, input.annualRent ?? 0);
  if (Math.abs(computePaye(input).monthlyTax - expected) > 1) disagreements++;
}

console.log(`PAYE calculations per second (${formatInteger(INPUT_COUNT)} varied inputs, ${RUN_MS} ms each)\n`);
printTable(
  ['calculation', 'ops/s', 'µs/op', 'vs bare loop'],
  [
    [
      'bare inline NTA band loop (baseline)',
      formatInteger(bare.opsPerSecond),
      (1e6 / bare.opsPerSecond).toFixed(3),
      '1.00×',
    ],
    [
      'computePaye, NTA 2025 (2026-01)',
      formatInteger(engineNta.opsPerSecond),
      (1e6 / engineNta.opsPerSecond).toFixed(3),
      `${(bare.opsPerSecond / engineNta.opsPerSecond).toFixed(2)}× slower`,
    ],
    [
      'computePaye, PITA (2025-06)',
      formatInteger(enginePita.opsPerSecond),
      (1e6 / enginePita.opsPerSecond).toFixed(3),
      `${(bare.opsPerSecond / enginePita.opsPerSecond).toFixed(2)}× slower`,
    ],
  ],
);
console.log(`\nEngine vs bare loop answers differing by more than 1 kobo: ${disagreements} of ${INPUT_COUNT}`);
// Printed so no work can be optimised away.
console.log(`checksums: ${bare.checksum % 1000} ${engineNta.checksum % 1000} ${enginePita.checksum % 1000}`);
if (disagreements > 0) process.exitCode = 1;
