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

/** Runs once per test run: builds the migrated templates that every test file copies. */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-test-'));
  const templatePath = path.join(dir, 'embedded-template.tar');
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const postgresTemplate = templateDatabaseName();
  const [dump] = await Promise.all([
    buildEmbeddedTemplate(),
    postgresUrl ? buildPostgresTemplate(postgresUrl, postgresTemplate) : undefined,
  ]);
  await fs.writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('embeddedTemplatePath', templatePath);
  project.provide('postgresTemplateName', postgresTemplate);
  return async () => {
    if (postgresUrl) await dropPostgresTemplate(postgresUrl, postgresTemplate);
    await fs.rm(dir, { recursive: true, force: true });
  };
}
