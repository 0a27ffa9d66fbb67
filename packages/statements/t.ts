import { registerFixtureStyles, findFixtureStyle } from './src/fixtures/fixture-styles';
import { buildFixture, renderPdf } from './src/fixtures/render-statement';
import { readStatement } from './src/index';
import './src/fixtures/zoo';
for (const [base, mode] of [['zoo-far-figures','top'],['zoo-far-figures','centred'],['zoo-centred-payin','centred'],['sterling','top'],['access','centred'], ['zoo-stacked-top','top']] as const) {
  const style = { ...findFixtureStyle(base), id: `${base}-split-${mode}`, splitDate: true, rowMode: mode };
  registerFixtureStyles([style]);
  const fixture = buildFixture({ style: style.id, seed: 5, count: 60 });
  try {
  const result = await readStatement(await renderPdf(fixture, { style: style.id }));
  const bad = fixture.rows.filter((row, i) => { const t = result.transactions[i]; return !t || t.date !== row.date || t.balance !== row.balance || t.narration !== row.narration; });
  console.log(style.id, result.transactions.length, fixture.rows.length, bad.length, result.verdict, result.skippedRows.length);
  if (bad.length) { const i = fixture.rows.indexOf(bad[0]); console.log(bad[0], result.transactions[i]); }
  } catch (e) { console.log(style.id, String(e)); }
}
process.exit(0);
