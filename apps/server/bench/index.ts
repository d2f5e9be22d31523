// `npm run bench`: every benchmark, each figure against a ceiling measured in the same run.
import { benchCatalogTree } from './catalog-tree.bench.ts';
import { printFigures } from './harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
printFigures('Catalogue tree (300 sections, 5,000 items)', await benchCatalogTree(seconds));
process.exit(0);
