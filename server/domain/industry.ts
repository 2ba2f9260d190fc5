/**
 * The category screen stores the chosen industry (company.mccDetails.industryId); the API, not the browser,
 * derives what follows from rules/categories.json: the MCC (company.segment) and the restriction type
 * (company.mccDetails.type). An unknown industry is a field error (doc2 §5: category required).
 */
import type { Categories } from '../content.ts';
import type { ApplicationDocument } from './document.ts';
import { ApiError } from '../http/errors.ts';

export function applyIndustry(doc: ApplicationDocument, categories: Categories): ApplicationDocument {
  const details = (doc.company.mccDetails ?? {}) as { industryId?: number; type?: string };
  if (details.industryId === undefined || details.industryId === null) return doc;
  for (const group of categories.groups) {
    const industry = group.industries.find((item) => Number(item.id) === details.industryId);
    if (industry) {
      return {
        ...doc,
        company: {
          ...doc.company,
          segment: String(industry.mcc),
          mccDetails: { ...details, type: industry.type ?? group.type ?? 'REGULAR' },
        },
      } as ApplicationDocument;
    }
  }
  throw new ApiError('VALIDATION_FAILED', [
    { field: '/company/mccDetails/industryId', key: 'validation.category.required' },
  ]);
}
