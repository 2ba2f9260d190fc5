/**
 * Category prediction (doc2 §7 `categories/predict`, reads top10LabelMlType; doc2 §9: 4000 ms timeout): ranks
 * industries by how many words of the inputs (business name and keywords) match the industry's keywords and
 * label. A deterministic stand-in for a model, fast enough to answer well within the timeout.
 */
import type { Categories } from '../content.ts';

/** One ranked industry. */
export interface Prediction {
  id: number;
  mcc: string;
  type: 'REGULAR' | 'PROHIBITED' | 'SUPER_PROHIBITED';
  label: string;
  score: number;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** Words of 3 letters or more, accents and case folded, with a trailing plural s dropped. */
export function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3)
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));
}

/** The top `limit` industries for the inputs; a keyword match counts 2, a label word 1; ties by id. */
export function predictIndustries(
  categories: Categories,
  inputs: string,
  labelOf: (id: number) => string,
  limit = 10,
): Prediction[] {
  const wanted = new Set(words(inputs));
  const ranked: Prediction[] = [];
  for (const group of categories.groups) {
    for (const industry of group.industries as Array<{
      id: number | string;
      mcc?: string | number;
      type?: string;
      keywords?: string[];
    }>) {
      const id = Number(industry.id);
      const label = labelOf(id);
      const keywordWords = new Set((industry.keywords ?? []).flatMap(words));
      const labelWords = new Set(words(label));
      let score = 0;
      for (const w of wanted) score += keywordWords.has(w) ? 2 : labelWords.has(w) ? 1 : 0;
      if (score > 0)
        ranked.push({
          id,
          mcc: String(industry.mcc ?? ''),
          type: (industry.type ?? group.type ?? 'REGULAR') as Prediction['type'],
          label,
          score,
        });
    }
  }
  return ranked.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, limit);
}
