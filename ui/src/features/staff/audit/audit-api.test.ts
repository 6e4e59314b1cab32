import { describe, expect, it } from 'vitest';
import { auditExportUrl, readAuditFilters } from './audit-api';

describe('the audit log filters', () => {
  it('reads the filters and page of the URL, leaving out empty ones', () => {
    const params = new URLSearchParams('actor=ann%40corp.example&action=&from=2026-01-01&page=2&other=x');
    expect(readAuditFilters(params)).toEqual({ actor: 'ann@corp.example', from: '2026-01-01', page: '2' });
  });

  it('exports every page of the same filters', () => {
    const url = auditExportUrl({ action: 'signed in', to: '2026-02-01', page: '3' });
    expect(url).toMatch(/\/staff\/team\/audit\.csv\?action=signed\+in&to=2026-02-01$/);
  });
});
