/** docs/configuration.md is written from the config schemas: it fails here when the two drift apart. */
import { describe, expect, it } from '@jest/globals';
import {
  configurationSections,
  renderConfigurationDoc,
  writtenConfigurationDoc,
} from '../configuration-doc.js';

describe('docs/configuration.md', () => {
  it('says what every setting of every process does', () => {
    const undescribed = configurationSections()
      .flatMap((section) => section.rows)
      .filter((row) => !row.description)
      .map((row) => row.name);
    expect(undescribed).toEqual([]);
  });

  it('is what the config schemas say today (npm run docs:config writes it again)', async () => {
    expect(writtenConfigurationDoc()).toBe(await renderConfigurationDoc());
  });

  it('shows each default as the schema has it, and required settings as required', () => {
    const rows = new Map(
      configurationSections().flatMap((section) =>
        section.rows.map((row) => [`${section.title}/${row.name}`, row]),
      ),
    );
    expect(rows.get('Gateway/INTERNAL_TOKEN_SECRET')?.shownDefault).toBe('required');
    expect(rows.get('Gateway/UPSTREAM_TIMEOUT_MS')?.shownDefault).toBe('`30000`');
    expect(rows.get('Every service/NATS_URL')?.shownDefault).toBe('unset');
    expect(rows.get('Auth service/LOGIN_MAX_CONSECUTIVE_FAILURES')?.shownDefault).toBe('`5`');
  });
});
