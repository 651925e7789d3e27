import pg from 'pg';
import { splitSqlStatements } from './sql-statements.ts';
import {
  CONDITIONAL_EXTENSIONS,
  SKIP_RULES,
  availableExtensions,
  isMissing,
  type SkipRule,
} from './missing-extensions.ts';
import type { ImageStep } from './image-steps.ts';

export interface ImageReport {
  files: number;
  statements: number;
  skipped: Array<{ origin: string; needs: string; why: string; statement: string }>;
  /** DO blocks that test for an extension the local build lacks, so they did nothing here. */
  conditionalNoOps: Array<{ origin: string; extension: string }>;
}

/** Runs the image's steps statement by statement, as psql -f with ON_ERROR_STOP does; stops at the first error. */
export async function applyImage(steps: ImageStep[], urls: Record<ImageStep['role'], string>): Promise<ImageReport> {
  const report: ImageReport = { files: 0, statements: 0, skipped: [], conditionalNoOps: [] };
  const missing = new Set<SkipRule>();
  let absent = new Set<string>();
  {
    const probe = new pg.Client({ connectionString: urls.supabase_admin });
    await probe.connect();
    try {
      for (const rule of SKIP_RULES) if (await isMissing(probe, rule)) missing.add(rule);
      const present = await availableExtensions(probe, CONDITIONAL_EXTENSIONS);
      absent = new Set(CONDITIONAL_EXTENSIONS.filter((e) => !present.has(e)));
    } finally {
      await probe.end();
    }
  }
  for (const step of steps) {
    if (step.origin.endsWith('.sql')) report.files += 1;
    const client = new pg.Client({ connectionString: urls[step.role] });
    await client.connect();
    try {
      for (const statement of splitSqlStatements(step.sql)) {
        const rule = [...missing].find((r) => r.matches.test(statement));
        if (rule) {
          report.skipped.push({ origin: step.origin, needs: rule.needs, why: rule.why, statement: oneLine(statement) });
          continue;
        }
        for (const extension of absent) {
          if (new RegExp(`name\\s*=\\s*'${extension}'|extname\\s*=\\s*'${extension}'`).test(statement)) {
            report.conditionalNoOps.push({ origin: step.origin, extension });
          }
        }
        try {
          await client.query(statement);
        } catch (error) {
          throw new Error(
            `${step.origin} (as ${step.role}) failed: ${(error as Error).message}\n  at: ${oneLine(statement).slice(0, 200)}`,
          );
        }
        report.statements += 1;
      }
    } finally {
      await client.end();
    }
  }
  return report;
}

function oneLine(statement: string): string {
  return statement
    .split('\n')
    .filter((line) => !/^\s*--/.test(line))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
