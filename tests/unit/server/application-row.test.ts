import { applicationFromRaw } from '../../../server/storage/applications.ts';

describe('an application row from the database', () => {
  it('keeps a document read as text, parses it once on first use, and forgets the text when the document is replaced', () => {
    const text = '{"company":{"dba":"Corner Shop"}}';
    const row = applicationFromRaw<{ company: { dba: string } }>({ id: 'urn:app:a', owner_id: 'u1', document: text });
    expect(row.documentText).toBe(text);
    expect(row.document).toEqual({ company: { dba: 'Corner Shop' } });
    expect(row.document).toBe(row.document);
    row.document = { company: { dba: 'Renamed' } };
    expect(row.document.company.dba).toBe('Renamed');
    expect(row.documentText).toBeUndefined();
  });

  it('takes a parsed document as it is, without text', () => {
    const document = { company: { dba: 'Corner Shop' } };
    const row = applicationFromRaw({ id: 'urn:app:a', owner_id: 'u1', document });
    expect(row).toEqual({ id: 'urn:app:a', ownerId: 'u1', document });
    expect(row.documentText).toBeUndefined();
  });
});
