/** doc2 §5: 'A company-number check exists that reports length, whether letters, digits or mixed, and the province.' */

/** What a company (corporation) number is made of. */
export type CompanyNumberKind = 'empty' | 'digits' | 'letters' | 'mixed' | 'other';

/** A description of a company number, for analytics-free diagnostics and screens that adapt their hint. */
export interface CompanyNumberDescription {
  /** Characters after removing spaces and dashes. */
  length: number;
  kind: CompanyNumberKind;
  /** The province the applicant chose, upper case, as given (null when none). */
  province: string | null;
}

/** Reports the length (spaces and dashes removed), the kind of characters and the province of a company number. */
export function describeCompanyNumber(value: string, province?: string | null): CompanyNumberDescription {
  const compact = (value ?? '').replace(/[\s-]/g, '');
  let kind: CompanyNumberKind;
  if (compact === '') kind = 'empty';
  else if (/^\d+$/.test(compact)) kind = 'digits';
  else if (/^\p{L}+$/u.test(compact)) kind = 'letters';
  else if (/^[\p{L}\d]+$/u.test(compact)) kind = 'mixed';
  else kind = 'other';
  const trimmed = (province ?? '').trim();
  return { length: [...compact].length, kind, province: trimmed === '' ? null : trimmed.toUpperCase() };
}
