import { printFigures } from './harness.ts';
import { benchReport } from './report.bench.ts';
const r = await benchReport(process.env.TEST_DATABASE_URL!, Number(process.env.N ?? 120000));
printFigures('page', r.page);
printFigures('export', r.exports);
process.exit(0);
