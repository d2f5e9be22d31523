import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { sourceMapsDirOf } from './build-output.ts';

export interface BudgetBuild {
  outDir: string;
  chunks: Rolldown.OutputChunk[];
  /** Deletes the build and its source maps. */
  remove: () => void;
}

/** A production build of the app at `root` into a temporary folder, for its bundle budget test. */
export async function buildForBudget(root: string, name: string): Promise<BudgetBuild> {
  const outDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `${name}-budget-`)), 'dist');
  // Vitest runs with NODE_ENV=test, which would build React's development bundles.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const output = await build({
    root,
    mode: 'production',
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunks = outputs
    .flatMap((o) => ('output' in o ? o.output : []))
    .filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  return {
    outDir,
    chunks,
    remove: () => {
      fs.rmSync(path.dirname(outDir), { recursive: true, force: true });
      fs.rmSync(sourceMapsDirOf(outDir), { recursive: true, force: true });
    },
  };
}
