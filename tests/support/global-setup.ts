import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  buildEmbeddedTemplate,
  buildPostgresTemplate,
  dropPostgresTemplate,
  templateDatabaseName,
} from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    embeddedTemplatePath: string;
    postgresTemplateName: string;
  }
}

/**
 * Runs once per project (embedded, postgres) of a test run: builds the migrated template that the
 * project's test files copy, in a folder of the run's own. The workers start after this and take that
 * folder as their temporary folder (TMPDIR), so whatever a test or the code under test leaves there goes
 * when the run ends, even from a test that failed midway.
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-test-'));
  process.env.TMPDIR = dir;
  const postgresUrl = project.name === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const postgresTemplate = templateDatabaseName();
  const templatePath = path.join(dir, 'embedded-template.tar');
  if (postgresUrl) {
    await buildPostgresTemplate(postgresUrl, postgresTemplate);
  } else {
    const dump = await buildEmbeddedTemplate();
    await fs.writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  }
  project.provide('embeddedTemplatePath', templatePath);
  project.provide('postgresTemplateName', postgresTemplate);
  return async () => {
    if (postgresUrl) await dropPostgresTemplate(postgresUrl, postgresTemplate);
    await fs.rm(dir, { recursive: true, force: true });
  };
}
